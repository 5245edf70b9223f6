import {
  LOG_MESSAGE_MAX,
  LOG_TAG_MAX,
  READ_LOGS_MAX,
  type Crash,
  type LogLevel,
  type LogLine,
  type ReadLogsResult,
} from './device-log-schemas';

export type { Crash, LogLevel, LogLine, ReadLogsResult } from './device-log-schemas';

/** Lines a device keeps (older ones go first); the control plane reads them well before that. */
export const DEVICE_LOG_CAPACITY = 5000;
const CRASHES_KEPT = 50;

export interface LogEntry {
  at: number;
  level: LogLevel;
  source: 'app' | 'system';
  tag: string;
  message: string;
}

/**
 * One device's log on the device host: a bounded ring of lines in the order they were written,
 * numbered from 1 since boot, and the crashes seen among them. The control plane reads it with a
 * cursor (`read_logs`); a line the ring dropped before it was read is counted, not invented.
 */
export class DeviceLog {
  private lines: LogLine[] = [];
  private crashes: Crash[] = [];
  private seq = 0;

  constructor(private readonly capacity = DEVICE_LOG_CAPACITY) {}

  /** The seq of the last line written (0 before any). */
  get last(): number {
    return this.seq;
  }

  write(entry: LogEntry): LogLine {
    this.seq += 1;
    const line: LogLine = {
      seq: this.seq,
      at: entry.at,
      level: entry.level,
      source: entry.source,
      tag: entry.tag.slice(0, LOG_TAG_MAX),
      message: entry.message.slice(0, LOG_MESSAGE_MAX),
    };
    this.lines.push(line);
    if (this.lines.length > this.capacity) this.lines.splice(0, this.lines.length - this.capacity);
    return line;
  }

  /** Notes a crash of `packageName`, announced by the line `seq`, with its excerpt. */
  crash(c: Omit<Crash, 'log_excerpt'> & { excerpt: string[] }): void {
    this.crashes.push({
      seq: c.seq,
      at: c.at,
      package_name: c.package_name,
      message: c.message.slice(0, LOG_MESSAGE_MAX),
      log_excerpt: c.excerpt.join('\n').slice(0, 16_000),
    });
    if (this.crashes.length > CRASHES_KEPT) this.crashes.splice(0, this.crashes.length - CRASHES_KEPT);
  }

  read(after: number, limit = READ_LOGS_MAX): ReadLogsResult {
    const max = Math.min(limit, READ_LOGS_MAX);
    const first = this.lines[0]?.seq ?? this.seq + 1;
    const dropped = Math.max(0, first - after - 1);
    const start = this.lines.findIndex((l) => l.seq > after);
    const lines = start < 0 ? [] : this.lines.slice(start, start + max);
    const next = lines.length ? lines[lines.length - 1]!.seq : after;
    const crashes = this.crashes.filter((c) => c.seq > after && c.seq <= next);
    return { lines, crashes, next, dropped: this.seq > after ? dropped : 0 };
  }

  /** A fresh log (the device was powered off). */
  clear(): void {
    this.lines = [];
    this.crashes = [];
    this.seq = 0;
  }
}
