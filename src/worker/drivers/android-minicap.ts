import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import type { DeviceClient } from '@devicefarmer/adbkit';
import type { Frame, ScreenInfo } from '../driver';

/**
 * STF's device-side helpers, pushed over sync and reached through `localabstract:` sockets:
 * minicap streams the screen as JPEG frames (a 24-byte banner, then a little-endian length and a
 * JPEG per frame), minitouch takes touches as text lines (d/m/u/c/w). Binaries come from
 * @devicefarmer/minicap-prebuilt and @devicefarmer/minitouch-prebuilt, chosen per ABI and SDK
 * level; when a device cannot run them the driver keeps screencap polling and `input`.
 */

const REMOTE_DIR = '/data/local/tmp';
const require = createRequire(import.meta.url);

function prebuiltDir(pkg: string): string | null {
  try {
    return path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'prebuilt');
  } catch {
    return null;
  }
}

/** The files to push for a device's ABI and SDK level; null when the prebuilt packages have none. */
export function helperFiles(
  tool: 'minicap' | 'minitouch',
  abi: string,
  sdk: number,
): { local: string; remote: string; mode: number }[] | null {
  if (!/^[\w-]+$/.test(abi) || !Number.isInteger(sdk)) return null;
  const dir = prebuiltDir(`@devicefarmer/${tool}-prebuilt`);
  if (!dir) return null;
  const bin = path.join(dir, abi, 'bin', sdk < 16 ? `${tool}-nopie` : tool);
  const files = [{ local: bin, remote: `${REMOTE_DIR}/${tool}`, mode: 0o755 }];
  if (tool === 'minicap')
    files.push({
      local: path.join(dir, abi, 'lib', `android-${sdk}`, 'minicap.so'),
      remote: `${REMOTE_DIR}/minicap.so`,
      mode: 0o644,
    });
  return files.every((f) => fs.existsSync(f.local)) ? files : null;
}

/** minicap's -P argument: real size @ projected size / orientation in degrees. */
export function minicapArgs(screen: ScreenInfo): string[] {
  const natural = screen.rotation === 90 || screen.rotation === 270;
  const w = natural ? screen.height : screen.width;
  const h = natural ? screen.width : screen.height;
  return ['-P', `${w}x${h}@${w}x${h}/${screen.rotation}`];
}

async function push(device: DeviceClient, files: { local: string; remote: string; mode: number }[]) {
  for (const f of files) {
    const t = await device.push(f.local, f.remote, f.mode);
    await new Promise<void>((resolve, reject) => {
      t.on('end', () => resolve());
      t.on('error', reject);
    });
  }
}

/** Connects to a device socket, retrying while the helper that opens it starts up. */
async function openSocket(
  device: DeviceClient,
  name: string,
  timeoutMs: number,
  alive: () => boolean,
): Promise<Duplex> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await device.openLocal(`localabstract:${name}`);
    } catch (e) {
      if (Date.now() > deadline || !alive()) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** A helper process started through `shell:`; it lives as long as its shell stream. */
export interface Helper {
  socket: Duplex;
  stop(): void;
}

/** Pushes and starts `tool`, then connects to its socket; throws when any step fails. */
export async function startHelper(
  device: DeviceClient,
  tool: 'minicap' | 'minitouch',
  args: string[],
  timeoutMs = 5000,
): Promise<Helper> {
  const props = await device.getProperties();
  const abi = props['ro.product.cpu.abi'] ?? '';
  const sdk = Number(props['ro.build.version.sdk']);
  const files = helperFiles(tool, abi, sdk);
  if (!files) throw new Error(`no ${tool} build for ${abi} / SDK ${sdk}`);
  await push(device, files);
  const env = tool === 'minicap' ? `LD_LIBRARY_PATH=${REMOTE_DIR} ` : '';
  const proc = await device.shell(`${env}${REMOTE_DIR}/${tool} ${args.join(' ')}`);
  let alive = true;
  proc.on('end', () => (alive = false));
  proc.on('error', () => (alive = false));
  proc.resume();
  try {
    const socket = await openSocket(device, tool, timeoutMs, () => alive);
    return {
      socket,
      stop: () => {
        socket.destroy();
        proc.destroy();
      },
    };
  } catch (e) {
    proc.destroy();
    throw e;
  }
}

/** Reads minicap's banner and frames from its socket and hands each JPEG on. */
export function readMinicap(
  socket: Duplex,
  onFrame: (f: Omit<Frame, 'keyframe' | 'at'>) => void,
  onBanner?: (b: { pid: number; width: number; height: number; orientation: number; quirks: number }) => void,
): void {
  let buf = Buffer.alloc(0);
  let banner: { width: number; height: number; orientation: number } | null = null;
  socket.on('data', (chunk: Buffer) => {
    buf = Buffer.concat([buf, chunk]);
    if (!banner) {
      if (buf.length < 2 || buf.length < buf[1]!) return;
      const b = {
        pid: buf.readUInt32LE(2),
        width: buf.readUInt32LE(14),
        height: buf.readUInt32LE(18),
        orientation: buf[22]!,
        quirks: buf[23]!,
      };
      banner = b;
      onBanner?.(b);
      buf = buf.subarray(buf[1]!);
    }
    while (buf.length >= 4) {
      const n = buf.readUInt32LE(0);
      if (buf.length < 4 + n) return;
      const jpeg = Buffer.from(buf.subarray(4, 4 + n));
      buf = buf.subarray(4 + n);
      // Frames come in the display's current orientation; the banner gives its natural size.
      const rotation = ([0, 90, 180, 270] as const)[banner.orientation] ?? 0;
      const turned = rotation === 90 || rotation === 270;
      const width = turned ? banner.height : banner.width;
      const height = turned ? banner.width : banner.height;
      onFrame({ jpeg, screen: { width, height, rotation } });
    }
  });
}
