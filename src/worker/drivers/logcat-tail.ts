import type { DeviceClient } from '@devicefarmer/adbkit';
import type { LogLevel } from '../logs/device-log';

export interface LogcatLine {
  at: number;
  pid: number;
  tid: number;
  level: LogLevel;
  tag: string;
  message: string;
}

/** Lines kept between two reads; older ones are dropped first. */
const KEPT = 5000;
/** android/log.h priorities (VERBOSE 2 … FATAL 7, SILENT 8) as log levels. */
const LEVELS: LogLevel[] = ['info', 'info', 'debug', 'debug', 'info', 'warn', 'error', 'fatal', 'fatal'];

type LogcatReader = Awaited<ReturnType<DeviceClient['openLogcat']>>;

/**
 * One device's live logcat: adbkit's `openLogcat` (`logcat -B`, binary entries parsed by
 * adbkit-logcat) kept open, its entries buffered until the next read takes them.
 */
export class LogcatTail {
  closed = false;
  private lines: LogcatLine[] = [];

  private constructor(private readonly reader: LogcatReader) {
    reader.on(
      'entry',
      (e: { date: Date; pid: number; tid: number; priority: number; tag: string; message: string }) => {
        this.lines.push({
          at: e.date.getTime(),
          pid: e.pid,
          tid: e.tid,
          level: LEVELS[e.priority] ?? 'info',
          tag: e.tag,
          message: e.message,
        });
        if (this.lines.length > KEPT) this.lines.splice(0, this.lines.length - KEPT);
      },
    );
    const gone = () => {
      this.closed = true;
    };
    reader.on('error', gone);
    reader.on('end', gone);
  }

  static async open(device: DeviceClient): Promise<LogcatTail> {
    return new LogcatTail(await device.openLogcat());
  }

  /** The lines that arrived since the last take. */
  take(): LogcatLine[] {
    const out = this.lines;
    this.lines = [];
    return out;
  }

  close(): void {
    this.closed = true;
    this.reader.end();
  }
}
