import crypto from 'node:crypto';
import path from 'node:path';
import type { Duplex, Readable } from 'node:stream';
import type { Client, DeviceClient } from '@devicefarmer/adbkit';
import { loadAdbkit } from '../../lazy-modules';
import { DeviceDriverError } from '../driver-error';
import { adbShellCommand } from './adb-commands';
import { execRun, type Run, type RunResult } from './exec';

/**
 * The Android driver's adb transport: STF's adbkit client talking to the adb server over its
 * socket protocol (one client per driver, one device handle per serial), instead of a process
 * per command. The driver still describes each operation as the adb command line it stands for
 * (adb-commands.ts builds and checks those argument lists, tested on recorded outputs); `run`
 * carries them out through adbkit:
 *
 *   devices -l                → host:devices-l
 *   -s S shell <line>         → shell:<line> (the same quoted line)
 *   -s S exec-out screencap   → adbkit's screencap (binary-safe on every Android version)
 *   -s S exec-out cat <file>  → sync RECV (pull)
 *   -s S install [-r] [-g] F  → sync SEND to /data/local/tmp, then `pm install`
 *   -s S uninstall P          → `pm uninstall`
 *   -s S push F D             → sync SEND
 *   -s S wait-for-device      → host-serial:S:wait-for-any-device
 *   -s S logcat …             → shell:logcat …
 *
 * Only what the library has no verb for still runs the adb CLI (`emu` console commands,
 * `forward --remove`), and
 * other programs (the emulator) run as before.
 */
export interface AdbKit {
  readonly client: Client;
  /** The adb server port this client talks to. */
  readonly port: number;
  device(serial: string): DeviceClient;
  run: Run;
  /** Removes a host-side forward (`adb forward --remove`; the library has no verb for it). */
  removeForward(serial: string, local: string): Promise<void>;
}

export interface AdbKitOptions {
  /** The adb binary (starts the server when none listens, and runs `emu`). Default `adb`. */
  bin?: string;
  /** The adb server port (default $ANDROID_ADB_SERVER_PORT or 5037). */
  port?: number;
  host?: string;
}

const DEFAULT_TIMEOUT_MS = 60_000;

export function createAdbKit(options: AdbKitOptions = {}): AdbKit {
  const bin = options.bin ?? 'adb';
  const port = options.port ?? (Number(process.env.ANDROID_ADB_SERVER_PORT) || 5037);
  const client = loadAdbkit().Adb.createClient({ host: options.host ?? '127.0.0.1', port, bin });
  // A connection error is reported to the call that made it; unhandled it would end the process.
  client.on('error', () => undefined);
  const devices = new Map<string, DeviceClient>();
  const device = (serial: string) => {
    let d = devices.get(serial);
    if (!d) {
      d = client.getDevice(serial);
      devices.set(serial, d);
    }
    return d;
  };

  const run: Run = async (cmd, args, opts = {}) => {
    if (cmd !== bin) return execRun(cmd, args, opts);
    const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    let cancel: () => void = () => undefined;
    const work = (async (): Promise<RunResult> => {
      if (args[0] === 'devices') return ok(await listDevicesText(client));
      if (args[0] !== '-s' || !args[1]) throw new Error(`adb ${args[0] ?? ''}: not a device command`);
      const d = device(args[1]);
      const [verb, ...rest] = args.slice(2);
      switch (verb) {
        case 'shell':
          // Before Android 7 `shell:` runs in a pty, which ends lines with CRLF; text reads as LF.
          return ok(crlf(await collect(await d.shell(rest.join(' ')), (c) => (cancel = c))));
        case 'logcat':
          return ok(await collect(await d.shell(adbShellCommand(['logcat', ...rest])), (c) => (cancel = c)));
        case 'exec-out':
          if (rest[0] === 'screencap') return ok(await collect(await d.screencap(), (c) => (cancel = c)));
          if (rest[0] === 'cat' && rest[1]) return ok(await collect(await d.pull(rest[1]), (c) => (cancel = c)));
          break;
        case 'push':
          if (rest.length === 2) {
            await pushFile(d, rest[0]!, rest[1]!, (c) => (cancel = c));
            return ok(Buffer.from(`${rest[0]}: 1 file pushed.\n`));
          }
          break;
        case 'install':
          return ok(await install(d, rest, (c) => (cancel = c)));
        case 'uninstall':
          return ok(await collect(await d.shell(adbShellCommand(['pm', 'uninstall', ...rest])), (c) => (cancel = c)));
        case 'wait-for-device':
          await d.waitForDevice();
          return ok(Buffer.alloc(0));
        case 'emu':
          // The emulator console has no adb server verb: the CLI talks to it.
          return execRun(bin, ['-P', String(port), ...args], opts);
      }
      throw new Error(`adb ${verb ?? ''}: not supported through the adb client`);
    })().catch((e: unknown): RunResult => {
      // The client starts the adb server with `bin`; a missing binary is said as the CLI runner says it.
      if ((e as NodeJS.ErrnoException).code === 'ENOENT')
        throw new DeviceDriverError(
          'TOOL_FAILED',
          `${path.basename(bin)} is not installed on the device host`,
          String(e),
        );
      return { stdout: Buffer.alloc(0), stderr: errorText(e), exitCode: 1 };
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<RunResult>((resolve) => {
      timer = setTimeout(() => {
        cancel();
        resolve({ stdout: Buffer.alloc(0), stderr: '', exitCode: 1, timedOut: true });
      }, timeoutMs);
    });
    try {
      return await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  const removeForward = async (serial: string, local: string) => {
    if (!/^tcp:\d{1,5}$/.test(local)) throw new Error(`not a forward: ${local}`);
    const r = await execRun(bin, ['-P', String(port), '-s', serial, 'forward', '--remove', local], {
      timeoutMs: 10_000,
    });
    if (r.exitCode !== 0) throw new Error(`adb forward --remove ${local}: ${r.stderr.trim() || r.exitCode}`);
  };

  return { client, port, device, run, removeForward };
}

const crlf = (b: Buffer): Buffer => (b.includes('\r\n') ? Buffer.from(b.toString('utf8').replace(/\r\n/g, '\n')) : b);

const ok = (stdout: Buffer): RunResult => ({ stdout, stderr: '', exitCode: 0 });

/** adbkit's errors as the adb CLI words them ("error: device 'x' not found"), for classifyAdbFailure. */
function errorText(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  const fail = /^Failure: '(.*)'$/s.exec(m);
  return `error: ${fail ? fail[1] : m}`;
}

/** A stream's bytes until it ends; `onCancel` receives how to abandon it. */
function collect(stream: Readable | Duplex, onCancel: (c: () => void) => void): Promise<Buffer> {
  onCancel(() => stream.destroy());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

async function pushFile(d: DeviceClient, local: string, remote: string, onCancel: (c: () => void) => void) {
  const transfer = await d.push(local, remote, 0o644);
  onCancel(() => transfer.cancel());
  await new Promise<void>((resolve, reject) => {
    transfer.on('end', () => resolve());
    transfer.on('error', reject);
  });
}

/** `adb install` as the CLI does it on devices without streamed install: push, `pm install`, remove. */
async function install(d: DeviceClient, args: string[], onCancel: (c: () => void) => void): Promise<Buffer> {
  const file = args.at(-1);
  const flags = args.slice(0, -1).filter((f) => f === '-r' || f === '-g');
  if (!file) throw new Error('adb install: no package file');
  const remote = `/data/local/tmp/simdeck-${crypto.randomBytes(6).toString('hex')}.apk`;
  await pushFile(d, file, remote, onCancel);
  try {
    return await collect(await d.shell(adbShellCommand(['pm', 'install', ...flags, remote])), onCancel);
  } finally {
    await d
      .shell(adbShellCommand(['rm', '-f', remote]))
      .then((s: Duplex) => collect(s, () => undefined))
      .catch(() => undefined);
  }
}

/** The adb server's device list in the words of `adb devices -l`. */
async function listDevicesText(client: Client): Promise<Buffer> {
  const lines = ['List of devices attached'];
  for (const d of await client.listDevicesWithPaths()) {
    const attrs = [
      d.product ? `product:${d.product}` : '',
      d.model ? `model:${d.model}` : '',
      d.device ? `device:${d.device}` : '',
      d.transportId ? `transport_id:${d.transportId}` : '',
    ].filter(Boolean);
    lines.push(`${d.id.padEnd(22)} ${d.type} ${attrs.join(' ')}`.trimEnd());
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}
