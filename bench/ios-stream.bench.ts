import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { fakeTool } from '../test/harness/fake-apple-tools';
import { chunked, composeIdbMjpeg } from '../test/harness/idb-mjpeg';
import type { Frame } from '../src/worker/driver';
import { createIosDriver } from '../src/worker/drivers/ios-driver';
import { MjpegSplitter } from '../src/worker/drivers/mjpeg-splitter';
import type { BenchRow } from './harness';

/**
 * The iOS driver's stream and input paths on this machine, through the stand-in `xcrun` and `idb`
 * executables the tests use (test/harness/fake-apple-tools.ts): MJPEG splitting throughput, frames
 * per second delivered from an `idb video-stream` stand-in writing a frame every 16 ms, and a tap
 * (one `idb ui` process). The real-simulator goals (≥ 30 fps, tap → changed frame p50 ≤ 150 ms)
 * need a Mac: their rows say "not measured here".
 */
const UDID = '4F6C2A6E-8D0B-4E7B-9E22-2C1B3E6F8A11';
const FIX = path.resolve(import.meta.dirname, '../test/fixtures/simctl');

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return Number((s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0).toFixed(1));
}

export default async function bench(): Promise<BenchRow[]> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-bench-ios-'));
  const rows: BenchRow[] = [];
  try {
    const phone = await composeIdbMjpeg(30, 1179, 2556);
    const bytes = Buffer.concat(phone.map((f) => f.jpeg));
    const chunks = chunked(bytes, [65536]);
    let frames = 0;
    const t0 = performance.now();
    for (let r = 0; r < 20; r++) {
      const s = new MjpegSplitter();
      for (const c of chunks) frames += s.push(c).length;
    }
    const ms = performance.now() - t0;
    rows.push({
      name: 'MJPEG split, 1179×2556 frames in 64 KB chunks',
      frames_per_s: Math.round((frames / ms) * 1000),
      mb_per_s: Math.round((bytes.length * 20) / 1048576 / (ms / 1000)),
      goal: '≥ 30 frames/s',
    });

    const small = await composeIdbMjpeg(300, 390, 844);
    const png = await sharp({ create: { width: 117, height: 255, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const bin = path.join(tmp, 'bin');
    const xcrun = fakeTool(bin, 'xcrun', [
      { prefix: 'simctl list -j devices', stdout: fs.readFileSync(path.join(FIX, 'list-devices.json')) },
      { prefix: `simctl io ${UDID} screenshot`, writeArg: { index: 4, content: png } },
      { prefix: '' },
    ]);
    const idb = fakeTool(bin, 'idb', [
      { prefix: 'video-stream', chunks: small.map((f) => f.jpeg), chunkDelayMs: 16, hold: true },
      { prefix: 'describe', stdout: fs.readFileSync(path.join(FIX, 'idb-describe.json')) },
      { prefix: '' },
    ]);
    const driver = createIosDriver({ xcrun: xcrun.path, idb: idb.path, idbCompanion: null });
    const got: number[] = [];
    const s0 = performance.now();
    await driver.startStream(UDID, (_f: Frame) => got.push(performance.now()));
    while (got.length < small.length && performance.now() - s0 < 30_000) await new Promise((r) => setTimeout(r, 50));
    await driver.stopStream(UDID);
    const gaps = got.slice(1).map((t, i) => t - got[i]!);
    rows.push({
      name: 'stream through the idb stand-in (a frame every 16 ms)',
      first_frame_ms: Math.round((got[0] ?? Number.NaN) - s0),
      fps: Number(((got.length - 1) / (((got.at(-1) ?? 0) - (got[0] ?? 0)) / 1000)).toFixed(1)),
      gap_p50_ms: pct(gaps, 50),
      gap_p95_ms: pct(gaps, 95),
      goal: '≥ 30 fps',
    });

    const taps: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await driver.input(UDID, { kind: 'tap', x: 100, y: 100 });
      taps.push(performance.now() - t);
    }
    rows.push({
      name: 'tap through the idb stand-in (one process per event)',
      p50_ms: pct(taps, 50),
      p95_ms: pct(taps, 95),
      goal: 'process start only; the real idb adds its client start and the companion',
    });
    await driver.close();
    rows.push({ name: 'iOS simulator: stream fps (real host)', result: 'not measured here', goal: '≥ 30 fps' });
    rows.push({
      name: 'iOS simulator: tap → changed frame (real host)',
      result: 'not measured here',
      goal: 'p50 ≤ 150 ms',
    });
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return rows;
}
