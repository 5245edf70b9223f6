import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DeviceArgs, DeviceResult } from '../device-catalog';
import { DeviceDriverError } from '../driver-error';
import { ffmpegPath, RECORDING_LIMITS } from './encoder';
import type { FrameFanout } from './frame-fanout';
import { ScreenRecorder } from './screen-recorder';

/** Sends a finished file to the control plane (a signed path on it). */
export type Uploader = (urlPath: string, filePath: string) => Promise<void>;

/**
 * The recordings of a device host's devices (`record_start` / `record_stop` of the command
 * catalog): one at a time per device, encoded next to the frames, uploaded to the control plane
 * when stopped. A device that shuts down drops its recording.
 */
export class WorkerRecordings {
  private readonly active = new Map<string, { id: string; recorder: ScreenRecorder }>();

  constructor(
    private readonly fanout: FrameFanout,
    private readonly upload: Uploader,
    private readonly encoder: () => string | null = ffmpegPath,
  ) {}

  async start(deviceId: string, a: DeviceArgs<'record_start'>): Promise<DeviceResult<'record_start'>> {
    const ffmpeg = this.encoder();
    if (!ffmpeg)
      throw new DeviceDriverError('UNSUPPORTED', 'this device host has no H.264 encoder (ffmpeg with libx264)');
    const current = this.active.get(deviceId);
    if (current) {
      if (current.id === a.recording_id) return { started: true };
      throw new DeviceDriverError('DEVICE_BUSY', 'the device is already recording');
    }
    const fps = Math.min(a.fps ?? RECORDING_LIMITS.defaultFps, RECORDING_LIMITS.maxFps);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-rec-'));
    const recorder = new ScreenRecorder({
      ffmpeg,
      fps,
      maxMs: (a.max_seconds ?? RECORDING_LIMITS.defaultMaxSeconds) * 1000,
      maxBytes: RECORDING_LIMITS.maxBytes,
      dir,
    });
    this.active.set(deviceId, { id: a.recording_id, recorder });
    try {
      await this.fanout.add(deviceId, 'record', (f) => recorder.frame(f.jpeg, f.screen));
    } catch (err) {
      this.active.delete(deviceId);
      recorder.abort();
      throw err;
    }
    return { started: true };
  }

  async stop(deviceId: string, a: DeviceArgs<'record_stop'>): Promise<DeviceResult<'record_stop'>> {
    const current = this.active.get(deviceId);
    if (!current || current.id !== a.recording_id)
      throw new DeviceDriverError('INVALID_INPUT', `the device has no recording ${a.recording_id}`);
    this.active.delete(deviceId);
    await this.fanout.remove(deviceId, 'record');
    const stats = await current.recorder.stop(a.chapters ?? [], a.discard === true);
    const { file, ...rest } = stats;
    try {
      if (file && a.upload_url) await this.upload(a.upload_url, file);
    } finally {
      if (file) fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
    return { ...rest, uploaded: !!file && !!a.upload_url };
  }

  /** The device shuts down: its recording (if any) is dropped. */
  drop(deviceId: string): void {
    const current = this.active.get(deviceId);
    if (!current) return;
    this.active.delete(deviceId);
    current.recorder.abort();
  }

  closeAll(): void {
    for (const id of [...this.active.keys()]) this.drop(id);
  }
}
