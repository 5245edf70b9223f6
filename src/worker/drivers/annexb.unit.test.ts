import { describe, expect, it } from 'vitest';
import { screenrecordArgs, screenrecordSize } from './android-h264';
import { AnnexBSplitter } from './annexb';
import { parseAndroidStreamMode } from './android-screen';

const sc4 = [0, 0, 0, 1];
const sc3 = [0, 0, 1];
const SPS = [0x67, 0x42, 0xc0, 0x1e, 0xab];
const PPS = [0x68, 0xce, 0x3c, 0x80];
// Slices with first_mb_in_slice 0 (leading bit 1) and a second slice of the same picture (leading 0).
const IDR = [0x65, 0x88, 0x84, 0x21];
const IDR2 = [0x65, 0x40, 0x11, 0x22];
const P = (n: number) => [0x41, 0x9a, n, 0x33];
const SEI = [0x06, 0x05, 0x01, 0x80];
const AUD = [0x09, 0xf0];

const bytes = (...parts: number[][]) => Buffer.from(parts.flat());
const types = (b: Buffer) => {
  const t: number[] = [];
  for (let i = 0; i + 3 < b.length; i++) if (b[i] === 0 && b[i + 1] === 0 && b[i + 2] === 1) t.push(b[i + 3]! & 0x1f);
  return t;
};

describe('AnnexBSplitter', () => {
  const stream = bytes(sc4, SPS, sc4, PPS, sc4, IDR, sc3, IDR2, sc4, P(1), sc3, AUD, sc4, P(2), sc4, SEI, sc4, IDR);

  it('splits units whatever the chunk boundaries and keeps SPS/PPS in front of each keyframe', () => {
    for (const size of [1, 2, 3, 5, 7, stream.length]) {
      const s = new AnnexBSplitter();
      const units = [];
      for (let i = 0; i < stream.length; i += size) units.push(...s.push(stream.subarray(i, i + size)));
      units.push(...s.flush());
      expect(units.map((u) => [u.keyframe, types(u.data)])).toEqual([
        [true, [7, 8, 5, 5]],
        [false, [1]],
        [false, [1]],
        [true, [7, 8, 6, 5]],
      ]);
      expect(units[0]!.data.subarray(0, 4)).toEqual(Buffer.from(sc4));
    }
  });

  it('hands the last unit of a burst over on flush, not only when the next one begins', () => {
    const s = new AnnexBSplitter();
    expect(s.push(bytes(sc4, SPS, sc4, PPS, sc4, IDR))).toEqual([]);
    const out = s.flush();
    expect(out.map((u) => types(u.data))).toEqual([[7, 8, 5]]);
    expect(s.push(bytes(sc4, P(3)))).toEqual([]);
    expect(s.flush().map((u) => u.data)).toEqual([bytes(sc4, P(3))]);
  });

  it('drops units after a unit flushed too early until the next keyframe', () => {
    const s = new AnnexBSplitter();
    s.push(bytes(sc4, SPS, sc4, PPS, sc4, IDR));
    s.flush();
    // The tail of a unit already passed on, then P-frames that refer to it, then a keyframe.
    expect(s.push(bytes([0x77, 0x88], sc4, P(4), sc4, P(5)))).toEqual([]);
    expect(s.broken).toBe(1);
    const out = [...s.push(bytes(sc4, IDR)), ...s.flush()];
    expect(out.map((u) => [u.keyframe, types(u.data)])).toEqual([[true, [7, 8, 5]]]);
  });

  it('keeps what a tool printed before the stream as its preamble, and no keyframe without SPS', () => {
    const s = new AnnexBSplitter();
    expect(s.push(Buffer.from('ERROR: unable to create video/avc codec instance\n'))).toEqual([]);
    expect(s.push(bytes(sc4, IDR))).toEqual([]);
    expect(s.flush()).toEqual([]);
    expect(s.preamble).toContain('ERROR: unable to create video/avc codec instance');
  });

  it('drops a unit above its size bound', () => {
    const s = new AnnexBSplitter(64);
    s.push(bytes(sc4, SPS, sc4, PPS, sc4, IDR));
    expect(s.flush()).toHaveLength(1);
    expect(s.push(bytes(sc4, [0x41, 0x9a, ...new Array(100).fill(7)]))).toEqual([]);
    expect(s.broken).toBe(1);
    expect(s.flush()).toEqual([]);
  });
});

describe('screenrecord arguments', () => {
  it('scales the screen into the bounds with even sides', () => {
    expect(screenrecordSize({ width: 1080, height: 2400, rotation: 0 })).toEqual({ width: 576, height: 1280 });
    expect(screenrecordSize({ width: 395, height: 853, rotation: 0 })).toEqual({ width: 396, height: 854 });
  });

  it('builds raw H.264 on stdout and refuses values screenrecord would refuse', () => {
    expect(screenrecordArgs({ width: 576, height: 1280, bitRate: 4_000_000, timeLimitSec: 180 })).toEqual(
      'screenrecord --output-format h264 --size 576x1280 --bit-rate 4000000 --time-limit 180 -'.split(' '),
    );
    const bad = [
      { width: 575, height: 1280, bitRate: 4_000_000, timeLimitSec: 180 },
      { width: 576, height: 8000, bitRate: 4_000_000, timeLimitSec: 180 },
      { width: 576, height: 1280, bitRate: 50, timeLimitSec: 180 },
      { width: 576, height: 1280, bitRate: 4_000_000, timeLimitSec: 181 },
      { width: 576, height: 1280, bitRate: Number.NaN, timeLimitSec: 10 },
    ];
    for (const o of bad) expect(() => screenrecordArgs(o)).toThrow(/screenrecord/);
  });
});

describe('SIMDECK_ANDROID_STREAM', () => {
  it('names a source or is refused with the choices', () => {
    expect(parseAndroidStreamMode(undefined)).toBe('auto');
    expect(parseAndroidStreamMode(' h264 ')).toBe('h264');
    expect(() => parseAndroidStreamMode('scrcpy')).toThrow(/auto, minicap, h264, screencap/);
  });
});
