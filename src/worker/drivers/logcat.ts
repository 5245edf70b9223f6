import { DeviceLog, type LogEntry, type LogLevel, type ReadLogsResult } from '../logs/device-log';
import { runToolUnchecked } from './exec';
import type { AdbHost } from './adb-host';
import { type LogcatLine, LogcatTail } from './logcat-tail';

/**
 * Android device logs through logcat. With the adbkit client (production) each device has one
 * long-lived `logcat -B` stream parsed by adbkit-logcat (logcat-tail.ts); with a plain runner
 * (recorded-output tests) `adb logcat -d -v threadtime -v epoch -T <since>` is read on every
 * `read_logs`. Either way the lines are parsed, and the lines of the session's app (by its pid) and the system's
 * errors go into the device's bounded log. A `FATAL EXCEPTION` of the app's process, or its
 * process dying, is a crash (docs/artifacts.md).
 */

export type { LogcatLine };

const PRIORITY: Record<string, LogLevel> = {
  V: 'debug',
  D: 'debug',
  I: 'info',
  W: 'warn',
  E: 'error',
  F: 'fatal',
  A: 'fatal',
};

// `11-26 14:36:11.123  1234  1250 E Tag: message` (threadtime) or `1764167771.123 …` (threadtime + epoch).
const THREADTIME =
  /^(?:(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})\.(\d{3})|(\d{9,11})\.(\d{3,9}))\s+(\d+)\s+(\d+)\s+([VDIWEFA])\s+(.*?)\s*: ?(.*)$/;

/** Parses `logcat -v threadtime` output; `year` places month-day stamps (UTC). Other lines are skipped. */
export function parseLogcatThreadtime(out: string, year = new Date().getUTCFullYear()): LogcatLine[] {
  const lines: LogcatLine[] = [];
  for (const raw of out.split('\n')) {
    const m = THREADTIME.exec(raw.replace(/\r$/, ''));
    if (!m) continue;
    const at = m[7]
      ? Number(m[7]) * 1000 + Math.floor(Number(`0.${m[8]}`) * 1000)
      : Date.UTC(year, Number(m[1]) - 1, Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
    lines.push({
      at,
      pid: Number(m[9]),
      tid: Number(m[10]),
      level: PRIORITY[m[11]!]!,
      tag: m[12]!,
      message: m[13]!,
    });
  }
  return lines;
}

export interface CrashFound {
  /** Index of the line that announced it. */
  index: number;
  message: string;
  excerpt: string[];
}

/**
 * The crashes of `packageName` among parsed lines: an AndroidRuntime `FATAL EXCEPTION` whose
 * `Process:` line names the package (the exception line is the message), or ActivityManager's
 * `Process <package> (pid N) has died` without a fatal exception before it.
 */
export function findLogcatCrashes(lines: LogcatLine[], packageName: string): CrashFound[] {
  const found: CrashFound[] = [];
  let lastFatalPid: number | null = null;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.tag === 'AndroidRuntime' && l.message.startsWith('FATAL EXCEPTION')) {
      const excerpt = [l.message];
      let process: string | null = null;
      let j = i + 1;
      for (; j < lines.length && excerpt.length < 60; j++) {
        const n = lines[j]!;
        if (n.tag !== 'AndroidRuntime' || n.pid !== l.pid) break;
        excerpt.push(n.message);
        const p = /^Process: ([\w.]+), PID: \d+/.exec(n.message);
        if (p) process = p[1]!;
      }
      if (process === packageName) {
        const exception = excerpt.find((e, k) => k > 0 && !e.startsWith('Process:')) ?? l.message;
        found.push({ index: i, message: exception.trim(), excerpt });
        lastFatalPid = l.pid;
      }
      i = j - 1;
      continue;
    }
    const died = /^Process ([\w.]+) \(pid (\d+)\) has died/.exec(l.message);
    if (l.tag === 'ActivityManager' && died && died[1] === packageName) {
      if (lastFatalPid === Number(died[2])) continue;
      found.push({ index: i, message: `Process ${packageName} died`, excerpt: [l.message] });
    }
  }
  return found;
}

/** The logcat arguments for lines since `sinceMs` (epoch stamps, so no year is guessed). */
export function logcatArgs(serial: string, sinceMs: number | null): string[] {
  const args = ['-s', serial, 'logcat', '-d', '-v', 'threadtime', '-v', 'epoch'];
  if (sinceMs !== null) args.push('-T', (sinceMs / 1000).toFixed(3));
  else args.push('-t', '500');
  return args;
}

interface DeviceState {
  tail: LogcatTail | null;
  log: DeviceLog;
  sinceMs: number | null;
  /** Lines already taken at `sinceMs` (logcat -T repeats the lines of that instant). */
  seenAtSince: Set<string>;
  packageName: string | null;
  /** A crash's lines at the end of what the live tail had: held until the rest of the block arrives. */
  held: { lines: LogcatLine[]; since: number } | null;
}

/** How long a FATAL EXCEPTION block at the end of the live tail waits for its `Process:` line and stack. */
const HOLD_MS = 1_000;

/** Where a FATAL EXCEPTION block that runs to the last line starts (its rest may be on the way), or -1. */
function openFatalBlock(lines: LogcatLine[]): number {
  const last = lines.at(-1);
  for (let i = lines.length - 1; i >= 0 && last; i--) {
    const l = lines[i]!;
    if (l.tag !== 'AndroidRuntime' || l.pid !== last.pid) return -1;
    if (l.message.startsWith('FATAL EXCEPTION')) return i;
  }
  return -1;
}

export class AndroidLogs {
  private readonly devices = new Map<string, DeviceState>();

  constructor(private readonly host: AdbHost) {}

  private state(deviceId: string): DeviceState {
    let s = this.devices.get(deviceId);
    if (!s) {
      s = { tail: null, log: new DeviceLog(), sinceMs: null, seenAtSince: new Set(), packageName: null, held: null };
      this.devices.set(deviceId, s);
    }
    return s;
  }

  /** The session's app (its lines are `app`, its crashes count). */
  appLaunched(deviceId: string, packageName: string): void {
    this.state(deviceId).packageName = packageName;
  }

  reset(deviceId: string): void {
    this.devices.get(deviceId)?.tail?.close();
    this.devices.delete(deviceId);
  }

  closeAll(): void {
    for (const id of [...this.devices.keys()]) this.reset(id);
  }

  async read(deviceId: string, serial: string, after: number, limit?: number): Promise<ReadLogsResult> {
    const s = this.state(deviceId);
    let parsed: LogcatLine[];
    const kit = this.host.kit;
    if (kit) {
      if (!s.tail || s.tail.closed) s.tail = await LogcatTail.open(kit.device(serial));
      parsed = s.tail.take();
    } else {
      const r = await runToolUnchecked(this.host.run, this.host.call('logcat', logcatArgs(serial, s.sinceMs), 15_000));
      parsed = parseLogcatThreadtime(r.stdout.toString('utf8'));
    }
    let pid: number | null = null;
    if (s.packageName) {
      const p = await runToolUnchecked(this.host.run, this.host.shellCall(serial, ['pidof', s.packageName]));
      pid = Number.parseInt(p.stdout.toString('utf8').trim().split(/\s+/)[0] ?? '', 10) || null;
    }
    this.ingest(deviceId, parsed, pid, { live: Boolean(kit) });
    return this.taken(deviceId, after, limit);
  }

  /** The lines and crashes taken so far for the device, after sequence number `after`. */
  taken(deviceId: string, after: number, limit?: number): ReadLogsResult {
    return this.state(deviceId).log.read(after, limit);
  }

  /**
   * Adds parsed lines not seen before: the app's (by pid or crash) and the system's warnings and errors. From the
   * live tail a crash can arrive in two reads (its `FATAL EXCEPTION` line in one, its `Process:` line in the next):
   * a block at the end is held until more lines come or `HOLD_MS` passes, so the crash is read whole.
   */
  ingest(
    deviceId: string,
    parsed: LogcatLine[],
    appPid: number | null,
    { live = false, now = Date.now() }: { live?: boolean; now?: number } = {},
  ): void {
    const s = this.state(deviceId);
    let fresh = parsed.filter((l) => {
      if (s.sinceMs !== null && l.at < s.sinceMs) return false;
      return !(s.sinceMs !== null && l.at === s.sinceMs && s.seenAtSince.has(key(l)));
    });
    const heldSince = s.held?.since ?? now;
    if (s.held) fresh = [...s.held.lines, ...fresh];
    s.held = null;
    const open = live ? openFatalBlock(fresh) : -1;
    if (open >= 0 && now - heldSince < HOLD_MS) {
      s.held = { lines: fresh.slice(open), since: heldSince };
      fresh = fresh.slice(0, open);
    }
    if (fresh.length === 0) return;
    const crashes = s.packageName ? findLogcatCrashes(fresh, s.packageName) : [];
    const crashAt = new Map(crashes.map((c) => [c.index, c]));
    const crashPids = new Set(crashes.map((c) => fresh[c.index]!.pid));
    fresh.forEach((l, i) => {
      const app = (appPid !== null && l.pid === appPid) || crashPids.has(l.pid);
      if (!app && !(l.level === 'error' || l.level === 'fatal' || crashAt.has(i))) return;
      const entry: LogEntry = {
        at: l.at,
        level: l.level,
        source: app ? 'app' : 'system',
        tag: l.tag,
        message: l.message,
      };
      const line = s.log.write(entry);
      const crash = crashAt.get(i);
      if (crash && s.packageName)
        s.log.crash({
          seq: line.seq,
          at: l.at,
          package_name: s.packageName,
          message: crash.message,
          excerpt: crash.excerpt,
        });
    });
    const last = fresh[fresh.length - 1]!.at;
    if (last !== s.sinceMs) s.seenAtSince = new Set();
    s.sinceMs = last;
    for (const l of fresh) if (l.at === last) s.seenAtSince.add(key(l));
  }
}

const key = (l: LogcatLine) => `${l.pid}/${l.tid}/${l.tag}/${l.message}`;
