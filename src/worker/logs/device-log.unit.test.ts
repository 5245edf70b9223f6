import { describe, expect, it } from 'vitest';
import { DeviceLog } from './device-log';
import { ReadLogsResultSchema } from './device-log-schemas';

const entry = (message: string) => ({ at: 1_000, level: 'info' as const, source: 'app' as const, tag: 't', message });

describe('the device log on the device host', () => {
  it('reads lines after a cursor in order, at most `limit`, with the next cursor', () => {
    const log = new DeviceLog(10);
    for (let i = 1; i <= 5; i++) log.write(entry(`line ${i}`));
    const first = log.read(0, 2);
    expect(first.lines.map((l) => l.message)).toEqual(['line 1', 'line 2']);
    expect(first.next).toBe(2);
    const rest = log.read(first.next);
    expect(rest.lines.map((l) => l.seq)).toEqual([3, 4, 5]);
    expect(log.read(rest.next)).toEqual({ lines: [], crashes: [], next: 5, dropped: 0 });
    expect(ReadLogsResultSchema.safeParse(rest).success).toBe(true);
  });

  it('is bounded: the oldest lines go, and a reader that fell behind is told how many it missed', () => {
    const log = new DeviceLog(3);
    for (let i = 1; i <= 8; i++) log.write(entry(`line ${i}`));
    const r = log.read(0);
    expect(r.lines.map((l) => l.seq)).toEqual([6, 7, 8]);
    expect(r.dropped).toBe(5);
    expect(log.read(6).dropped).toBe(0);
  });

  it('cuts an overlong tag and message instead of refusing them, and reports crashes with their lines', () => {
    const log = new DeviceLog();
    const line = log.write({ ...entry('x'.repeat(10_000)), tag: 'y'.repeat(500) });
    expect(line.message).toHaveLength(4000);
    expect(line.tag).toHaveLength(128);
    log.crash({ seq: line.seq, at: 1, package_name: 'com.example', message: 'boom', excerpt: ['a', 'b'] });
    expect(log.read(0).crashes).toEqual([
      { seq: 1, at: 1, package_name: 'com.example', message: 'boom', log_excerpt: 'a\nb' },
    ]);
    expect(log.read(1).crashes).toEqual([]);
    log.clear();
    expect(log.read(0).lines).toEqual([]);
  });
});
