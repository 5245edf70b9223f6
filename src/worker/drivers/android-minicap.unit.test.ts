import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { helperFiles, minicapArgs, readMinicap } from './android-minicap';
import { minitouchLines } from './android-minitouch';

describe('minicap and minitouch helpers', () => {
  it('picks the prebuilt binaries by ABI and SDK level, and none where there is no build', () => {
    const files = helperFiles('minicap', 'x86_64', 30)!;
    expect(files.map((f) => [f.local.split('/prebuilt/').at(-1), f.remote, f.mode])).toEqual([
      ['x86_64/bin/minicap', '/data/local/tmp/minicap', 0o755],
      ['x86_64/lib/android-30/minicap.so', '/data/local/tmp/minicap.so', 0o644],
    ]);
    expect(helperFiles('minicap', 'armeabi-v7a', 15)![0]!.local).toMatch(/armeabi-v7a\/bin\/minicap-nopie$/);
    expect(helperFiles('minicap', 'x86_64', 34)).toBeNull();
    expect(helperFiles('minitouch', 'x86_64', 34)!.map((f) => f.remote)).toEqual(['/data/local/tmp/minitouch']);
    expect(helperFiles('minitouch', 'riscv64', 30)).toBeNull();
    expect(helperFiles('minitouch', '../x86', 30)).toBeNull();
  });

  it('builds minicap -P from the natural screen size and rotation', () => {
    expect(minicapArgs({ width: 1080, height: 2400, rotation: 0 })).toEqual(['-P', '1080x2400@1080x2400/0']);
    expect(minicapArgs({ width: 2400, height: 1080, rotation: 90 })).toEqual(['-P', '1080x2400@1080x2400/90']);
  });

  it('reads the banner and length-prefixed JPEG frames across chunk boundaries', () => {
    const socket = new PassThrough();
    const frames: Buffer[] = [];
    let banner: unknown;
    readMinicap(
      socket,
      (f) => frames.push(f.jpeg),
      (b) => (banner = b),
    );
    const head = Buffer.alloc(24);
    head[0] = 1;
    head[1] = 24;
    head.writeUInt32LE(77, 2);
    for (const [i, v] of [1080, 2400, 540, 1200].entries()) head.writeUInt32LE(v, 6 + i * 4);
    head[22] = 1;
    const frame = (s: string) => Buffer.concat([Buffer.from([s.length, 0, 0, 0]), Buffer.from(s)]);
    const all = Buffer.concat([head, frame('jpeg-one'), frame('two')]);
    for (let i = 0; i < all.length; i += 5) socket.write(all.subarray(i, i + 5));
    expect(banner).toEqual({ pid: 77, width: 540, height: 1200, orientation: 1, quirks: 0 });
    expect(frames.map(String)).toEqual(['jpeg-one', 'two']);
  });

  it('turns touch events into minitouch lines in touch-device units', () => {
    const scale = (x: number, y: number): [number, number] => [x * 10, y * 10];
    expect(minitouchLines({ kind: 'tap', x: 1, y: 2 }, scale, 50)).toEqual(['d 0 10 20 50', 'c', 'u 0', 'c']);
    expect(minitouchLines({ kind: 'touch', phase: 'move', x: 3, y: 4 }, scale, 50)).toEqual(['m 0 30 40 50', 'c']);
    expect(minitouchLines({ kind: 'touch', phase: 'end', x: 3, y: 4 }, scale, 50)).toEqual(['u 0', 'c']);
    const swipe = minitouchLines({ kind: 'swipe', x: 0, y: 0, x2: 10, y2: 0, durationMs: 100 }, scale, 50);
    expect(swipe[0]).toBe('d 0 0 0 50');
    expect(swipe.at(-4)).toBe('m 0 100 0 50');
    expect(swipe.slice(-2)).toEqual(['u 0', 'c']);
  });
});
