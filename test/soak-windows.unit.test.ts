import { describe, expect, it } from 'vitest';
import { Recorder } from '../bench/soak/recorder';

/**
 * The soak judges API errors and latency outside its fault windows (bench/soak/recorder.ts). A call
 * belongs to a window when any part of it does: one sent just before a `kill -9` and answered 503
 * after it met the fault, and must not count as an error outside the windows.
 */
describe('soak fault windows', () => {
  const recorder = () => {
    const rec = new Recorder();
    rec.note = () => {};
    rec.windows.push({ name: 'kill -9 of the device worker', from: 10_000, to: 20_000 });
    return rec;
  };

  it('counts a call sent before a window opened and answered inside it as inside', () => {
    const rec = recorder();
    expect(rec.inFault(9_900, 300)).toBe(true);
    expect(rec.inFault(9_900)).toBe(false);
  });

  it('counts a call that ended before the window, or began after it closed, as outside', () => {
    const rec = recorder();
    expect(rec.inFault(9_000, 500)).toBe(false);
    expect(rec.inFault(20_001, 5_000)).toBe(false);
    expect(rec.inFault(19_999, 5_000)).toBe(true);
  });

  it('keeps a window open until the fault is over, then for the settle time after it', () => {
    const rec = new Recorder();
    rec.note = () => {};
    const over = rec.fault('PostgreSQL stopped', 20_000);
    const opened = rec.windows[0]!.from;
    expect(rec.inFault(opened + 3_600_000)).toBe(true);
    over();
    const closed = rec.windows[0]!.to;
    expect(closed).toBeGreaterThanOrEqual(opened + 20_000);
    expect(rec.inFault(closed + 1)).toBe(false);
  });
});
