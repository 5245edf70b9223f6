import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSampleApk } from '../../examples/build-sample-app';
import type { DeviceDriver, Frame, UiNode, VideoUnit } from '../../src/worker/driver';
import { createAdbKit } from '../../src/worker/drivers/adbkit-run';
import { ScreenrecordSource } from '../../src/worker/drivers/android-h264';
import { ffmpegPath } from '../../src/worker/video/encoder';
import type { AdbStandin } from '../support/adb-standin';
import { ADB_BIN } from '../support/adb-standin/adb-server';
import { type StandinAndroidHost, startStandinAndroidHost } from '../support/adb-standin/android-host';

/**
 * The Android driver's H.264 source end to end: a stand-in Android 14 device (no minicap build
 * for it, so `auto` picks screenrecord) through Debian's adb server and the adbkit client. The
 * access units are decoded here by ffmpeg on their own, apart from the driver's JPEG decoder.
 */

const FFMPEG = ffmpegPath();

const find = (n: UiNode, id: string): UiNode | undefined =>
  n.id === id || n.id?.endsWith(`:id/${id}`) ? n : n.children.map((c) => find(c, id)).find(Boolean);

async function until(ok: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
}

/** The last picture of `units` (which begin with a keyframe) as RGB pixels, decoded by ffmpeg. */
async function lastPicture(units: VideoUnit[], tmp: string) {
  const stamp = `${Date.now()}-${units.length}`;
  const file = path.join(tmp, `units-${stamp}.h264`);
  fs.writeFileSync(file, Buffer.concat(units.map((u) => u.data)));
  const png = path.join(tmp, `last-${stamp}.png`);
  execFileSync(FFMPEG!, ['-hide_banner', '-loglevel', 'error', '-f', 'h264', '-i', file, '-update', '1', '-y', png]);
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Mean absolute difference of two RGB buffers of one size (0..255). */
function meanDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / n;
}

describe.skipIf(!ADB_BIN || !FFMPEG)(
  'android H.264 stream (screenrecord) through real adb against the stand-in',
  () => {
    let host: StandinAndroidHost;
    let standin: AdbStandin;
    let adbPort: number;
    let driver: DeviceDriver;
    let deviceId: string;
    let tmp: string;

    beforeAll(async () => {
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-h264-e2e-'));
      const apk = await buildSampleApk(path.join(tmp, 'sample.apk'));
      host = await startStandinAndroidHost(
        { model: 'Pixel 9', osVersion: '14', sdk: 34 },
        { hostSeed: 'h264-e2e', streamMode: 'auto' },
      );
      ({ standin, adbPort, driver } = host);
      const spec = (await driver.listDevices()).find((d) => d.model === 'Pixel 9');
      if (!spec) throw new Error('the adb server does not list the stand-in');
      deviceId = spec.deviceId;
      await driver.boot(deviceId);
      await driver.install(deviceId, apk);
      await driver.launch(deviceId, 'dev.simdeck.sample');
    });

    afterAll(async () => {
      await host?.close();
      if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    });

    it('streams access units that start with SPS/PPS + IDR, change after a tap, and still feeds JPEG frames', async () => {
      const units: VideoUnit[] = [];
      const frames: Frame[] = [];
      await driver.startStream(
        deviceId,
        (f) => frames.push(f),
        (u) => units.push(u),
      );
      await until(() => units.length > 0 && frames.length > 0);
      expect(units.length).toBeGreaterThan(0);
      // screenrecord over exec: with checked, quoted words; no minicap build exists for SDK 34.
      const line = standin.opened.find((o) => o.startsWith('exec:screenrecord'));
      expect(line).toMatch(
        /^exec:screenrecord --output-format h264 --size \d+x\d+ --bit-rate 4000000 --time-limit 180 -$/,
      );
      expect(standin.opened).not.toContain('localabstract:minicap');

      const first = units[0]!;
      expect(first.keyframe).toBe(true);
      // 00 00 00 01, then an SPS (type 7), and a PPS (type 8) before the IDR slice (type 5).
      const nalTypes = (b: Buffer) => {
        const t: number[] = [];
        for (let i = 0; i + 4 < b.length; i++)
          if (b[i] === 0 && b[i + 1] === 0 && b[i + 2] === 1) t.push(b[i + 3]! & 0x1f);
        return t;
      };
      expect(first.data.subarray(0, 4)).toEqual(Buffer.from([0, 0, 0, 1]));
      expect(nalTypes(first.data).slice(0, 3)).toEqual([7, 8, 5]);
      expect(units.slice(1).every((u) => !nalTypes(u.data).includes(7))).toBe(true);

      // JPEG consumers get pictures decoded from the stream, at the screen's size.
      expect(frames[0]!.video).toBe('h264');
      const meta = await sharp(frames[0]!.jpeg).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', first.screen.width, first.screen.height]);

      const before = await lastPicture(units, tmp);
      const seenUnits = units.length;
      const seenFrames = frames.length;
      const field = find(await driver.uiTree(deviceId), 'username')!;
      await driver.input(deviceId, {
        kind: 'tap',
        x: field.bounds.x + field.bounds.width / 2,
        y: field.bounds.y + field.bounds.height / 2,
      });
      await until(() => units.length > seenUnits && frames.length > seenFrames);
      await new Promise((r) => setTimeout(r, 300));
      const after = await lastPicture(units, tmp);
      expect(meanDiff(before.data, after.data)).toBeGreaterThan(0.05);
      expect(frames.length).toBeGreaterThan(seenFrames);

      // The decoded picture shows the device: close to its screenshot, scaled to the video size.
      const shot = await driver.screenshot(deviceId);
      const expected = await sharp(shot.jpeg).resize(after.width, after.height).removeAlpha().raw().toBuffer();
      expect(meanDiff(after.data, expected)).toBeLessThan(12);
      expect(meanDiff(before.data, expected)).toBeGreaterThan(meanDiff(after.data, expected));
      await driver.stopStream(deviceId);
    });

    it('starts screenrecord again at its time limit, each run beginning with SPS/PPS + IDR', async () => {
      const kit = createAdbKit({ bin: ADB_BIN!, port: adbPort });
      const units: { keyframe: boolean; data: Buffer }[] = [];
      const screen = { ...standin.device.virtual.screenInfo(), rotation: 0 as const };
      const source = await ScreenrecordSource.start(
        kit.device(standin.serial),
        screen,
        { onUnit: (u) => units.push(u), onFail: () => undefined },
        { timeLimitSec: 1 },
      );
      try {
        await until(() => source.runs >= 3 && units.filter((u) => u.keyframe).length >= 3, 20_000);
        expect(source.runs).toBeGreaterThanOrEqual(3);
        const keys = units.filter((u) => u.keyframe);
        expect(keys.length).toBeGreaterThanOrEqual(3);
        for (const k of keys) expect(k.data.subarray(0, 5)).toEqual(Buffer.from([0, 0, 0, 1, 0x67]));
        const runs = standin.opened.filter((o) => o.startsWith('exec:screenrecord') && o.includes('--time-limit 1 '));
        expect(runs.length).toBeGreaterThanOrEqual(3);
      } finally {
        source.stop();
      }
    });

    it('refuses a bit rate screenrecord would refuse before anything runs on the device', async () => {
      const kit = createAdbKit({ bin: ADB_BIN!, port: adbPort });
      const opened = standin.opened.length;
      await expect(
        ScreenrecordSource.start(
          kit.device(standin.serial),
          { width: 400, height: 800, rotation: 0 },
          { onUnit: () => undefined, onFail: () => undefined },
          { bitRate: 50 },
        ),
      ).rejects.toThrow(/bit rate 50/);
      expect(standin.opened.slice(opened).filter((o) => o.includes('screenrecord'))).toEqual([]);
    });
  },
);
