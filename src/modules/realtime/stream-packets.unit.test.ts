import { describe, expect, it } from 'vitest';
import { VideoGop } from '../../worker/video/video-gop';
import { H264Viewer, STREAM_HEADER_BYTES, type StreamFrame, streamPacket } from './stream-packets';

const screen = { width: 393, height: 852, rotation: 90 as const };
const unit = (keyframe: boolean, n = 1): StreamFrame => ({
  data: Buffer.from([0, 0, 0, 1, keyframe ? 0x65 : 0x41, n]),
  meta: { screen, at: 1700000000123.5, keyframe, codec: 'h264' },
});
const jpeg = (video?: 'h264'): StreamFrame => ({
  data: Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
  meta: { screen, at: 1, keyframe: false, ...(video ? { video } : {}) },
});

describe('stream packets for H.264 viewers', () => {
  it('puts kind, keyframe flag, screen and time in a 16-byte header', () => {
    const p = streamPacket('h264', unit(true));
    expect(p.length).toBe(STREAM_HEADER_BYTES + 6);
    expect([p[0], p[1], p.readUInt16BE(2), p.readUInt16BE(4), p.readUInt16BE(6)]).toEqual([1, 1, 393, 852, 90]);
    expect(p.readDoubleBE(8)).toBe(1700000000123.5);
    expect(streamPacket('jpeg', jpeg())[0]).toBe(0);
  });

  it('starts H.264 at a keyframe, says the codec once, and skips JPEG decoded from it', () => {
    const v = new H264Viewer();
    expect(v.step(unit(false), false)).toEqual({ send: 'skip' });
    expect(v.step(unit(true), false)).toEqual({
      send: 'packet',
      kind: 'h264',
      codec: { type: 'codec', codec: 'h264' },
    });
    expect(v.step(unit(false), false)).toEqual({ send: 'packet', kind: 'h264' });
    expect(v.step(jpeg('h264'), false)).toEqual({ send: 'skip' });
  });

  it('after a unit lost to congestion, serves JPEG until the next keyframe', () => {
    const v = new H264Viewer();
    v.step(unit(true), false);
    expect(v.step(unit(false), true)).toEqual({ send: 'skip' });
    expect(v.step(unit(false), false)).toEqual({ send: 'skip' });
    expect(v.step(jpeg('h264'), false)).toMatchObject({ send: 'packet', kind: 'jpeg', codec: { codec: 'jpeg' } });
    expect(v.step(unit(true), false)).toMatchObject({ send: 'packet', kind: 'h264', codec: { codec: 'h264' } });
  });

  it('falls back to JPEG, saying why, when the device streams no H.264', () => {
    const v = new H264Viewer();
    const first = v.step(jpeg(), false);
    expect(first).toMatchObject({ send: 'packet', kind: 'jpeg', codec: { type: 'codec', codec: 'jpeg' } });
    expect(first.send === 'packet' && first.codec?.detail).toMatch(/no H\.264/);
    expect(v.step(jpeg(), false)).toEqual({ send: 'packet', kind: 'jpeg' });
    expect(v.step(jpeg(), true)).toEqual({ send: 'skip' });
  });
});

describe('VideoGop', () => {
  it('keeps the units since the last keyframe, within its bounds', () => {
    const g = new VideoGop<{ data: Buffer; keyframe: boolean }>(100, 3);
    const u = (keyframe: boolean, size = 10) => ({ data: Buffer.alloc(size), keyframe });
    g.push(u(false));
    expect(g.replay()).toEqual([]);
    const k = u(true);
    g.push(k);
    g.push(u(false));
    expect(g.replay()).toHaveLength(2);
    expect(g.replay()[0]).toBe(k);
    g.push(u(false));
    g.push(u(false));
    expect(g.replay()).toEqual([]);
    g.push(u(true));
    g.push(u(false, 200));
    expect(g.replay()).toEqual([]);
  });
});
