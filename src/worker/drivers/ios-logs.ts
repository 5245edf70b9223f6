import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeviceLog, type LogLevel, type ReadLogsResult } from '../logs/device-log';
import type { SimctlClient } from './simctl-client';

/**
 * iOS simulator logs through the unified log: `simctl spawn <udid> log show --style ndjson
 * --start <time>` (through node-simctl) on every `read_logs`, parsed; the app's lines (its subsystem or its process) and
 * the system's errors go into the device's bounded log. A crash is a new crash report (`.ips`) for
 * the app's bundle id in the host's DiagnosticReports folder (docs/artifacts.md).
 */

export interface UnifiedLogEntry {
  at: number;
  level: LogLevel;
  process: string;
  subsystem: string;
  category: string;
  message: string;
}

const LEVELS: Record<string, LogLevel> = {
  Debug: 'debug',
  Info: 'info',
  Default: 'info',
  Error: 'error',
  Fault: 'fatal',
};

/** Parses `log show|stream --style ndjson`; lines that are not log events are skipped. */
export function parseUnifiedLogNdjson(out: string): UnifiedLogEntry[] {
  const entries: UnifiedLogEntry[] = [];
  for (const raw of out.split('\n')) {
    const text = raw.trim();
    if (!text.startsWith('{')) continue;
    let e: Record<string, unknown>;
    try {
      e = JSON.parse(text) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (e.eventType !== undefined && e.eventType !== 'logEvent') continue;
    const at = parseUnifiedTimestamp(String(e.timestamp ?? ''));
    if (at === null) continue;
    const image = String(e.processImagePath ?? '');
    entries.push({
      at,
      level: LEVELS[String(e.messageType ?? 'Default')] ?? 'info',
      process: path.basename(image) || 'unknown',
      subsystem: String(e.subsystem ?? ''),
      category: String(e.category ?? ''),
      message: String(e.eventMessage ?? ''),
    });
  }
  return entries;
}

/** `2026-11-26 14:36:11.123456+0000` → ms since the epoch. */
export function parseUnifiedTimestamp(s: string): number | null {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(\.\d+)?([+-]\d{2})(\d{2})$/.exec(s);
  if (!m) return null;
  const ms = m[3] ? m[3].slice(0, 4).padEnd(4, '0') : '.000';
  const t = Date.parse(`${m[1]}T${m[2]}${ms}${m[4]}:${m[5]}`);
  return Number.isNaN(t) ? null : t;
}

/**
 * The arguments of `simctl spawn <udid>` (node-simctl's `spawnProcess`) for the unified log since
 * `sinceMs` (host local time, as `log show` reads it).
 */
export function logShowArgs(sinceMs: number): string[] {
  const d = new Date(sinceMs);
  const p = (n: number) => String(n).padStart(2, '0');
  const start = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  return ['log', 'show', '--style', 'ndjson', '--info', '--start', start];
}

export interface CrashReport {
  bundleId: string;
  message: string;
  excerpt: string[];
}

/**
 * Reads an `.ips` crash report: its first line is a JSON header (`bundleID`, `app_name`), the rest
 * a JSON body (`exception`, the faulting thread's frames). Null when it is not one.
 */
export function parseIpsReport(text: string): CrashReport | null {
  const nl = text.indexOf('\n');
  if (nl < 0) return null;
  try {
    const head = JSON.parse(text.slice(0, nl)) as { bundleID?: string; app_name?: string };
    if (!head.bundleID) return null;
    const body = JSON.parse(text.slice(nl + 1)) as {
      exception?: { type?: string; signal?: string };
      faultingThread?: number;
      threads?: { frames?: { imageIndex?: number; symbol?: string }[] }[];
      usedImages?: { name?: string }[];
      asi?: Record<string, string[]>;
    };
    const reason = Object.values(body.asi ?? {}).flat()[0];
    const type = [body.exception?.type, body.exception?.signal].filter(Boolean).join(' ');
    const message = reason ?? (type || 'crash');
    const frames = body.threads?.[body.faultingThread ?? 0]?.frames ?? [];
    const excerpt = [
      `${head.app_name ?? head.bundleID} crashed: ${message}`,
      ...frames
        .slice(0, 20)
        .map((f, i) => `${i}   ${body.usedImages?.[f.imageIndex ?? -1]?.name ?? '???'}  ${f.symbol ?? '???'}`),
    ];
    return { bundleId: head.bundleID, message, excerpt };
  } catch {
    return null;
  }
}

interface DeviceState {
  log: DeviceLog;
  sinceMs: number;
  packageName: string | null;
  reportsSeen: Set<string>;
}

export class IosLogs {
  private readonly devices = new Map<string, DeviceState>();

  constructor(
    private readonly opts: {
      simctl: SimctlClient;
      now: () => number;
      crashReportsDir?: string;
    },
  ) {}

  private get reportsDir(): string {
    return this.opts.crashReportsDir ?? path.join(os.homedir(), 'Library', 'Logs', 'DiagnosticReports');
  }

  private state(udid: string): DeviceState {
    let s = this.devices.get(udid);
    if (!s) {
      s = { log: new DeviceLog(), sinceMs: this.opts.now(), packageName: null, reportsSeen: this.reports() };
      this.devices.set(udid, s);
    }
    return s;
  }

  appLaunched(udid: string, packageName: string): void {
    this.state(udid).packageName = packageName;
  }

  reset(udid: string): void {
    this.devices.delete(udid);
  }

  async read(udid: string, after: number, limit?: number): Promise<ReadLogsResult> {
    const s = this.state(udid);
    // A failing `log show` (the simulator shutting down, say) reads as no new lines; a timeout is an error.
    const out = await this.opts.simctl
      .call('spawn', udid, async (sim) => (await sim.spawnProcess(logShowArgs(s.sinceMs))).stdout, {
        timeoutMs: 20_000,
      })
      .catch((err: { code?: string }) => {
        if (err.code === 'TOOL_FAILED') return '';
        throw err;
      });
    const entries = parseUnifiedLogNdjson(String(out ?? '')).filter((e) => e.at > s.sinceMs);
    for (const e of entries) {
      const app = s.packageName !== null && (e.subsystem.startsWith(s.packageName) || e.process === s.packageName);
      if (!app && e.level !== 'error' && e.level !== 'fatal') continue;
      s.log.write({
        at: e.at,
        level: e.level,
        source: app ? 'app' : 'system',
        tag: e.subsystem || e.process,
        message: e.message,
      });
    }
    if (entries.length) s.sinceMs = entries[entries.length - 1]!.at;
    if (s.packageName) this.newCrashes(s, s.packageName);
    return s.log.read(after, limit);
  }

  private reports(): Set<string> {
    try {
      return new Set(fs.readdirSync(this.reportsDir).filter((f) => f.endsWith('.ips')));
    } catch {
      return new Set();
    }
  }

  private newCrashes(s: DeviceState, packageName: string): void {
    for (const file of this.reports()) {
      if (s.reportsSeen.has(file)) continue;
      s.reportsSeen.add(file);
      let text: string;
      try {
        const fd = fs.openSync(path.join(this.reportsDir, file), 'r');
        const buf = Buffer.alloc(512 * 1024);
        const n = fs.readSync(fd, buf, 0, buf.length, 0);
        fs.closeSync(fd);
        text = buf.subarray(0, n).toString('utf8');
      } catch {
        continue;
      }
      const report = parseIpsReport(text);
      if (!report || report.bundleId !== packageName) continue;
      const at = this.opts.now();
      let first = 0;
      for (const [i, line] of report.excerpt.entries()) {
        const written = s.log.write({ at, level: 'fatal', source: 'app', tag: packageName, message: line });
        if (i === 0) first = written.seq;
      }
      s.log.crash({ seq: first, at, package_name: packageName, message: report.message, excerpt: report.excerpt });
    }
  }
}
