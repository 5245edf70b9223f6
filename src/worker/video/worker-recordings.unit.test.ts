import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { probeVideo } from '../../../test/harness/video-probe';
import { createVirtualDriver } from '../drivers/virtual-driver';
import { chapterMetadata, ffmpegPath, outputSize } from './encoder';
import { FrameFanout } from './frame-fanout';
import { ScreenRecorder } from './screen-recorder';
import { WorkerRecordings } from './worker-recordings';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-rec-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const until = async (cond: () => boolean, what: string) => {
  const end = Date.now() + 20_000;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('screen recordings on the device host', () => {
  it('the packaged encoder is there with libx264', () => {
    expect(ffmpegPath()).toMatch(/ffmpeg/);
  });

  it('sizes: the longest side capped, both even; chapters end where the next begins', () => {
    expect(outputSize(393, 852)).toEqual({ width: 394, height: 852 });
    expect(outputSize(1179, 2556)).toEqual({ width: 590, height: 1280 });
    expect(
      chapterMetadata(
        [
          { title: 'b=2; #x', at_ms: 500 },
          { title: 'a', at_ms: 0 },
        ],
        1200,
      ),
    ).toBe(
      ';FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=500\ntitle=a\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=500\nEND=1200\ntitle=b\\=2\\; \\#x\n',
    );
  });

  it('the encoder runs below the live streams: a busy host keeps its streams and lets a recording lag', async () => {
    const driver = createVirtualDriver({ devices: 'Pixel 8:android:phone:14:1', dataDir: path.join(tmp, 'd0') });
    const [spec] = await driver.listDevices();
    await driver.boot(spec!.deviceId);
    const shot = await driver.screenshot(spec!.deviceId);
    const recorder = new ScreenRecorder({
      ffmpeg: ffmpegPath()!,
      fps: 10,
      maxMs: 60_000,
      maxBytes: 1e8,
      dir: fs.mkdtempSync(path.join(tmp, 'nice-')),
    });
    recorder.frame(shot.jpeg, shot.screen);
    const pid = recorder.encoderPid!;
    expect(os.getPriority(pid)).toBeGreaterThanOrEqual(10);
    const stats = await recorder.stop([]);
    expect(stats.frames).toBeGreaterThan(0);
  });

  it('records a device while it is also streamed live: an H.264 yuv420p MP4 with its chapters, uploaded when stopped', async () => {
    const driver = createVirtualDriver({ devices: 'Pixel 8:android:phone:14:1', dataDir: path.join(tmp, 'd1') });
    const [spec] = await driver.listDevices();
    const id = spec!.deviceId;
    await driver.boot(id);
    const fanout = new FrameFanout(driver);
    const uploads: string[] = [];
    const rec = new WorkerRecordings(fanout, async (url, file) => {
      const kept = path.join(tmp, `${uploads.length}.mp4`);
      fs.copyFileSync(file, kept);
      uploads.push(`${url} ${kept}`);
    });
    let live = 0;
    await fanout.add(id, 'live', () => live++);
    await rec.start(id, { recording_id: 'rec-1', fps: 10 });
    await rec.start(id, { recording_id: 'rec-2' });
    await expect(rec.start(id, { recording_id: 'rec-3' })).rejects.toMatchObject({ code: 'DEVICE_BUSY' });
    const started = Date.now();
    await until(() => Date.now() - started > 1500, 'a second and a half');
    await driver.rotate(id, 90);
    await until(() => Date.now() - started > 2500, 'two and a half seconds');
    const stats = await rec.stop(id, {
      recording_id: 'rec-1',
      upload_url: '/api/v1/workers/uploads/x',
      chapters: [
        { title: 'Step 1', at_ms: 0 },
        { title: 'Step 2', at_ms: 1500 },
      ],
    });
    expect(live).toBeGreaterThan(0);
    expect(fanout.has(id, 'live')).toBe(true);
    expect(stats).toMatchObject({ width: 394, height: 852, truncated: false, uploaded: true });
    expect(stats.duration_ms).toBeGreaterThanOrEqual(2500);
    expect(uploads).toHaveLength(1);
    const file = uploads[0]!.split(' ')[1]!;
    expect(fs.statSync(file).size).toBe(stats.size_bytes);
    const probed = await probeVideo(file);
    expect(probed).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', width: 394, height: 852, faststart: true });
    expect(probed.profile).toBe('Main');
    expect(Math.abs(probed.durationMs - stats.duration_ms)).toBeLessThanOrEqual(150);
    expect(probed.decodedFrames).toBe(stats.frames);
    expect(probed.chapters.map((c) => [c.title, c.startMs])).toEqual([
      ['Step 1', 0],
      ['Step 2', 1500],
    ]);
    await expect(rec.stop(id, { recording_id: 'rec-1' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(fanout.has(id, 'record:rec-2')).toBe(true);
    rec.drop(id);
  });

  it('a discarded recording uploads nothing; an encoder-less host says so', async () => {
    const driver = createVirtualDriver({ devices: 'iPhone 15:ios:phone:17.5:1', dataDir: path.join(tmp, 'd2') });
    const [spec] = await driver.listDevices();
    await driver.boot(spec!.deviceId);
    const fanout = new FrameFanout(driver);
    let uploads = 0;
    const rec = new WorkerRecordings(fanout, async () => {
      uploads++;
    });
    await rec.start(spec!.deviceId, { recording_id: 'gone' });
    await new Promise((r) => setTimeout(r, 300));
    const stats = await rec.stop(spec!.deviceId, { recording_id: 'gone', upload_url: '/x', discard: true });
    expect(stats).toMatchObject({ uploaded: false, size_bytes: 0 });
    expect(uploads).toBe(0);
    expect(fanout.has(spec!.deviceId, 'record:gone')).toBe(false);
    const none = new WorkerRecordings(
      fanout,
      async () => {},
      () => null,
    );
    await expect(none.start(spec!.deviceId, { recording_id: 'x' })).rejects.toMatchObject({ code: 'UNSUPPORTED' });
  });
});
