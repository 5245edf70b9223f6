import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { DeviceDriverError } from '../driver-error';
import { screenFromDimensions } from './idb-commands';
import type { HidEvent } from './idb-hid';
import { createCompanionClient, type IdbCompanionClient } from './idb-grpc/idb-service';

/**
 * One simulator's idb companion (`idb_companion`, the gRPC server the idb command line talks to)
 * over one long-lived gRPC channel: input as `hid` streams, the UI tree as `accessibility_info`,
 * the screen size as `describe`. simdeck either starts the companion itself, listening on a Unix
 * socket in a private folder (the companion's TCP port listens on every interface, and the
 * companion takes any command from whoever reaches it), or reaches one the operator runs.
 */

export interface IdbCompanionConnectOptions {
  udid: string;
  /** The idb_companion to start; or `address`. */
  companionPath?: string;
  /** A companion the operator runs: `host:port` or `unix:/path` (simdeck neither starts nor stops it). */
  address?: string;
  /** Where the private folder of a started companion's socket is made. */
  workDir: string;
  /** How long the companion may take to listen and answer (default 20 s). */
  connectTimeoutMs?: number;
}

export interface CompanionScreen {
  width: number;
  height: number;
  density: number;
}

/** Most bytes of the companion's stdout read while looking for its report line. */
const MAX_REPORT_BYTES = 64 * 1024;
/** The largest answer accepted from the companion (a UI tree's JSON). */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** A failure that means the companion cannot be reached: the caller uses the idb command line. */
export class CompanionUnreachableError extends DeviceDriverError {
  constructor(message: string, diagnostic?: string) {
    super('TOOL_FAILED', message, diagnostic);
  }
}

/** The driver error of a failed call; UNAVAILABLE (no connection) is `CompanionUnreachableError`. */
export function companionCallFailure(method: string, err: grpc.ServiceError): DeviceDriverError {
  const diagnostic =
    `idb_companion ${method} → ${grpc.status[err.code] ?? err.code}: ${err.details ?? err.message}`.slice(0, 2000);
  if (err.code === grpc.status.UNAVAILABLE)
    return new CompanionUnreachableError("idb's companion is unreachable", diagnostic);
  if (err.code === grpc.status.DEADLINE_EXCEEDED)
    return new DeviceDriverError('TIMEOUT', `idb ${method} did not finish in time`, diagnostic);
  return new DeviceDriverError('TOOL_FAILED', `idb ${method} failed`, diagnostic);
}

/** One touch held down on a `hid` stream: DOWN went out at open; moves are DOWNs, `end` sends UP. */
export interface CompanionTouch {
  move(event: HidEvent): void;
  end(event: HidEvent): Promise<void>;
  /** Sends nothing more and ends the stream (the simulator gets no UP). */
  cancel(): void;
}

export class IdbCompanion {
  private ended: string | null = null;
  private readonly endListeners: ((reason: string) => void)[] = [];

  private constructor(
    readonly address: string,
    private readonly client: IdbCompanionClient,
    private readonly child: ChildProcess | null,
    private readonly socketDir: string | null,
    readonly screen: CompanionScreen,
  ) {
    child?.on('exit', (code, signal) => this.end(`idb_companion exited (${signal ?? `exit ${code}`})`));
  }

  /** Starts or reaches the companion and waits until it answers `describe`; throws when it cannot. */
  static async connect(o: IdbCompanionConnectOptions): Promise<IdbCompanion> {
    const timeoutMs = o.connectTimeoutMs ?? 20_000;
    const deadline = Date.now() + timeoutMs;
    let child: ChildProcess | null = null;
    let socketDir: string | null = null;
    let address = o.address ?? '';
    let client: IdbCompanionClient | null = null;
    try {
      if (!o.address) {
        if (!o.companionPath) throw new CompanionUnreachableError('no idb_companion is configured');
        socketDir = await fs.promises.mkdtemp(path.join(o.workDir, 'simdeck-idb-'));
        const started = await startCompanion(o.companionPath, o.udid, path.join(socketDir, 'c.sock'), timeoutMs);
        child = started.child;
        address = started.address;
      }
      client = createCompanionClient(address, {
        'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
        'grpc.max_send_message_length': MAX_MESSAGE_BYTES,
        // The channel's connections are its own: closing it ends them, with no reconnect from a shared pool.
        'grpc.use_local_subchannel_pool': 1,
      });
      await new Promise<void>((resolve, reject) =>
        client!.waitForReady(deadline, (err) =>
          err
            ? reject(
                new CompanionUnreachableError("idb's companion did not answer in time", `${address}: ${err.message}`),
              )
            : resolve(),
        ),
      );
      const c = client;
      const described = await new Promise<CompanionScreen>((resolve, reject) =>
        c.describe({}, { deadline }, (err, res) => {
          if (err) reject(companionCallFailure('describe', err));
          else {
            try {
              resolve(screenFromDimensions(res?.target_description?.screen_dimensions));
            } catch (e) {
              reject(e);
            }
          }
        }),
      );
      return new IdbCompanion(address, client, child, socketDir, described);
    } catch (err) {
      client?.close();
      stopChild(child);
      if (socketDir) await fs.promises.rm(socketDir, { recursive: true, force: true });
      throw err;
    }
  }

  onEnd(listener: (reason: string) => void): void {
    this.endListeners.push(listener);
  }

  /** Sends `events` on one `hid` stream and resolves when the companion has applied them all. */
  hid(events: HidEvent[]): Promise<void> {
    const seconds = events.reduce((s, e) => s + ('delay' in e ? e.delay.duration : 0), 0);
    return new Promise((resolve, reject) => {
      const call = this.client.hid({ deadline: Date.now() + seconds * 1000 + 15_000 }, (err) =>
        err ? reject(companionCallFailure('hid', err)) : resolve(),
      );
      for (const e of events) call.write(e);
      call.end();
    });
  }

  /** Opens a `hid` stream with a touch DOWN; the stream ends by itself after `maxMs` with an UP at the last point. */
  openTouch(first: HidEvent, maxMs: number): CompanionTouch {
    let settle: { resolve: () => void; reject: (e: unknown) => void } | null = null;
    const done = new Promise<void>((resolve, reject) => {
      settle = { resolve, reject };
    });
    done.catch(() => undefined);
    const call = this.client.hid({ deadline: Date.now() + maxMs + 15_000 }, (err) =>
      err ? settle?.reject(companionCallFailure('hid', err)) : settle?.resolve(),
    );
    let last = first;
    let open = true;
    const finish = (up: HidEvent | null) => {
      if (!open) return;
      open = false;
      clearTimeout(cap);
      if (up) call.write(up);
      call.end();
    };
    // A touch that never ends is lifted: a lost `end` must not hold the screen down.
    const cap = setTimeout(() => finish(liftOf(last)), maxMs);
    call.write(first);
    return {
      move(e) {
        if (!open) return;
        last = e;
        call.write(e);
      },
      end(e) {
        finish(e);
        return done;
      },
      cancel() {
        finish(null);
      },
    };
  }

  /** `accessibility_info` in the flat format: the JSON `idb ui describe-all --json` prints. */
  accessibilityInfo(timeoutMs = 60_000): Promise<string> {
    return new Promise((resolve, reject) =>
      this.client.accessibility_info({ format: 'LEGACY' }, { deadline: Date.now() + timeoutMs }, (err, res) =>
        err ? reject(companionCallFailure('accessibility_info', err)) : resolve(res?.json ?? ''),
      ),
    );
  }

  /** Closes the channel and stops a companion simdeck started. */
  async close(): Promise<void> {
    this.end('closed');
    this.client.close();
    stopChild(this.child);
    if (this.socketDir) await fs.promises.rm(this.socketDir, { recursive: true, force: true });
  }

  private end(reason: string): void {
    if (this.ended) return;
    this.ended = reason;
    for (const l of this.endListeners) l(reason);
  }
}

/** The UP of the touch a DOWN event pressed. */
function liftOf(e: HidEvent): HidEvent | null {
  return 'press' in e ? { press: { action: e.press.action, direction: 'UP' } } : null;
}

function stopChild(child: ChildProcess | null): void {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  // A companion that ignores SIGTERM is killed; the timer does not keep the worker alive.
  setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }, 3000).unref();
}

/**
 * `idb_companion --udid <udid> --grpc-domain-sock <socket>` and its report line: the companion
 * prints one JSON object on stdout once it listens (`{"grpc_path": …}`, or `{"grpc_port": …}`
 * when it listens on TCP), as idb's own client reads it.
 */
function startCompanion(
  companionPath: string,
  udid: string,
  socket: string,
  timeoutMs: number,
): Promise<{ child: ChildProcess; address: string }> {
  const child = spawn(companionPath, ['--udid', udid, '--grpc-domain-sock', socket], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    const fail = (message: string) => {
      clearTimeout(timer);
      stopChild(child);
      reject(new CompanionUnreachableError(message, `${companionPath}: ${stderr.trim()}`.slice(0, 2000)));
    };
    const timer = setTimeout(() => fail('idb_companion did not start listening in time'), timeoutMs);
    child.on('error', (err: NodeJS.ErrnoException) =>
      fail(
        err.code === 'ENOENT' ? 'idb_companion is not installed on the device host' : `idb_companion: ${err.message}`,
      ),
    );
    child.on('exit', (code, signal) => fail(`idb_companion exited (${signal ?? `exit ${code}`}) before it listened`));
    child.stderr?.on('data', (c: Buffer) => {
      stderr = (stderr + c.toString('utf8')).slice(-2000);
    });
    child.stdout?.on('data', (c: Buffer) => {
      stdout += c.toString('utf8');
      if (stdout.length > MAX_REPORT_BYTES) return fail('idb_companion printed no report line');
      for (const line of stdout.split('\n').slice(0, -1)) {
        const address = reportedAddress(line);
        if (!address) continue;
        clearTimeout(timer);
        child.removeAllListeners('exit');
        child.removeAllListeners('error');
        child.on('error', () => undefined);
        // The companion may keep writing its log to stdout: read and drop it, so it never blocks.
        child.stdout?.removeAllListeners('data');
        child.stdout?.resume();
        resolve({ child, address });
        return;
      }
    });
  });
}

/** The gRPC address in a companion's report line, or null when the line is not one. */
export function reportedAddress(line: string): string | null {
  let report: { grpc_path?: unknown; grpc_port?: unknown };
  try {
    report = JSON.parse(line) as typeof report;
  } catch {
    return null;
  }
  if (typeof report?.grpc_path === 'string' && report.grpc_path.startsWith('/')) return `unix:${report.grpc_path}`;
  const port = Number(report?.grpc_port);
  if (Number.isInteger(port) && port > 0 && port < 65536) return `127.0.0.1:${port}`;
  return null;
}
