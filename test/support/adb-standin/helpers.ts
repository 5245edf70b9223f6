import type { InputEvent } from '../../../src/worker/driver';
import { BINARIES, type ShellIo } from './shell-commands';
import type { StandinDevice } from './standin-device';
import { ByteReader } from './sync';
import type { AdbStream } from './transport';

/**
 * minicap and minitouch as the stand-in runs them once pushed: each "process" lives while its
 * shell stream is open and serves its abstract socket meanwhile. Protocols from the projects'
 * READMEs (DeviceFarmer/minicap "Usage", DeviceFarmer/minitouch "Usage"):
 *  - minicap: a 24-byte banner (version 1, header size 24, pid, real and virtual width/height
 *    as little-endian uint32, orientation in quarter turns, quirk flags), then per frame a
 *    little-endian uint32 length and the JPEG; frames are sent when the screen changes.
 *  - minitouch: the header lines `v 1`, `^ <max-contacts> <max-x> <max-y> <max-pressure>`,
 *    `$ <pid>`, then it reads `d|m <contact> <x> <y> <pressure>`, `u <contact>`, `c` (commit),
 *    `w <ms>` and `r` lines.
 * The touch range is 32767 on both axes, as the emulator's virtual touchscreen reports.
 */
const TOUCH_MAX = 32767;

function stopIfOwner(dev: StandinDevice, owner: object): void {
  if (dev.streamOwner !== owner) return;
  dev.streamOwner = null;
  dev.virtual.stopStream();
}

const until = async (io: ShellIo) => {
  while (!io.closed) await new Promise((r) => setTimeout(r, 100));
};

function linked(dev: StandinDevice, file: string, io: ShellIo): Promise<boolean> {
  if (dev.files.has(file)) return Promise.resolve(true);
  // The dynamic linker's words when the shared library is missing.
  return io
    .write(`CANNOT LINK EXECUTABLE "/data/local/tmp/minicap": library "minicap.so" not found\n`)
    .then(() => false);
}

async function minicap(dev: StandinDevice, args: string[], io: ShellIo): Promise<number> {
  if (!(await linked(dev, '/data/local/tmp/minicap.so', io))) return 1;
  const p = /^(\d+)x(\d+)@(\d+)x(\d+)\/(\d+)$/.exec(args[args.indexOf('-P') + 1] ?? '');
  if (!p) {
    await io.write('Usage: minicap -P <w>x<h>@<w>x<h>/<rotation>\n');
    return 1;
  }
  const pid = 7001;
  // The virtual screen feeds one reader at a time: the newest minicap's.
  const owner = {};
  const handler = (stream: AdbStream) => {
    const banner = Buffer.alloc(24);
    banner[0] = 1;
    banner[1] = 24;
    banner.writeUInt32LE(pid, 2);
    for (const [i, v] of [p[1], p[2], p[3], p[4]].entries()) banner.writeUInt32LE(Number(v), 6 + i * 4);
    banner[22] = Number(p[5]) / 90;
    banner[23] = 0;
    void stream.write(banner);
    let busy = false;
    dev.streamOwner = owner;
    dev.virtual.startStream((f) => {
      // A reader slower than the screen gets the newest frame, not a queue of stale ones.
      if (busy || stream.closed) return;
      busy = true;
      const len = Buffer.alloc(4);
      len.writeUInt32LE(f.jpeg.length);
      void stream.write(Buffer.concat([len, f.jpeg])).then(() => (busy = false));
    });
    stream.on('close', () => stopIfOwner(dev, owner));
  };
  dev.sockets.set('localabstract:minicap', handler);
  await io.write(`PID: ${pid}\nINFO: Using projection ${args[args.indexOf('-P') + 1]}\n`);
  await until(io);
  if (dev.sockets.get('localabstract:minicap') === handler) dev.sockets.delete('localabstract:minicap');
  stopIfOwner(dev, owner);
  return 0;
}

async function minitouch(dev: StandinDevice, _args: string[], io: ShellIo): Promise<number> {
  const pid = 7002;
  dev.sockets.set('localabstract:minitouch', (stream: AdbStream) => {
    void stream.write(`v 1\n^ 10 ${TOUCH_MAX} ${TOUCH_MAX} 255\n$ ${pid}\n`);
    const reader = new ByteReader(stream);
    const pending: InputEvent[] = [];
    let last = { x: 0, y: 0 };
    const toScreen = (x: number, y: number) => {
      const { width, height } = dev.virtual.screenInfo();
      return { x: Math.min(width - 1, (x / TOUCH_MAX) * width), y: Math.min(height - 1, (y / TOUCH_MAX) * height) };
    };
    void (async () => {
      let text = '';
      for (;;) {
        const chunk = await reader.chunk();
        if (!chunk) return;
        text += chunk.toString('latin1');
        const lines = text.split('\n');
        text = lines.pop()!;
        for (const line of lines) {
          const [cmd, , x, y] = line.trim().split(/\s+/);
          if (cmd === 'd' || cmd === 'm') {
            last = toScreen(Number(x), Number(y));
            pending.push({ kind: 'touch', phase: cmd === 'd' ? 'start' : 'move', ...last });
          } else if (cmd === 'u') pending.push({ kind: 'touch', phase: 'end', ...last });
          else if (cmd === 'c') for (const e of pending.splice(0)) dev.virtual.input(e);
          else if (cmd === 'w') await new Promise((r) => setTimeout(r, Number(x ?? line.split(' ')[1]) || 0));
          else if (cmd === 'r') pending.splice(0);
        }
      }
    })();
  });
  await until(io);
  dev.sockets.delete('localabstract:minitouch');
  return 0;
}

export function registerHelpers(): void {
  BINARIES.set('minicap', minicap);
  BINARIES.set('minitouch', minitouch);
}
