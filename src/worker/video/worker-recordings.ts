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

/** Recordings one device makes at once (a run's and a member's of the live session). */
export const RECORDINGS_PER_DEVICE = 2;

/**
 * The recordings of a device host's devices (`record_start` / `record_stop` of the command
 * catalog): at most two at a time per device, encoded next to the frames, uploaded to the control
 * plane when stopped. A device that shuts down drops its recordings.
 */
export class WorkerRecordings {
  private readonly active = new Map<string, Map<string, ScreenRecorder>>();

  constructor(
    private readonly fanout: FrameFanout,
    private readonly upload: Uploader,
    private readonly encoder: () => string | null = ffmpegPath,
  ) {}

  async start(deviceId: string, a: DeviceArgs<'record_start'>): Promise<DeviceResult<'record_start'>> {
    const ffmpeg = this.encoder();
    if (!ffmpeg)
      throw new DeviceDriverError('UNSUPPORTED', 'this device host has no H.264 encoder (ffmpeg with libx264)');
    const current = this.active.get(deviceId) ?? new Map<string, ScreenRecorder>();
    if (current.has(a.recording_id)) return { started: true };
    if (current.size >= RECORDINGS_PER_DEVICE)
      throw new DeviceDriverError('DEVICE_BUSY', `the device already makes ${RECORDINGS_PER_DEVICE} recordings`);
    const fps = Math.min(a.fps ?? RECORDING_LIMITS.defaultFps, RECORDING_LIMITS.maxFps);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-rec-'));
    const recorder = new ScreenRecorder({
      ffmpeg,
      fps,
      maxMs: (a.max_seconds ?? RECORDING_LIMITS.defaultMaxSeconds) * 1000,
      maxBytes: RECORDING_LIMITS.maxBytes,
      dir,
    });
    current.set(a.recording_id, recorder);
    this.active.set(deviceId, current);
    try {
      await this.fanout.add(deviceId, `record:${a.recording_id}`, (f) => recorder.frame(f.jpeg, f.screen));
    } catch (err) {
      current.delete(a.recording_id);
      recorder.abort();
      throw err;
    }
    return { started: true };
  }

  async stop(deviceId: string, a: DeviceArgs<'record_stop'>): Promise<DeviceResult<'record_stop'>> {
    const recorder = this.active.get(deviceId)?.get(a.recording_id);
    if (!recorder) throw new DeviceDriverError('INVALID_INPUT', `the device has no recording ${a.recording_id}`);
    this.active.get(deviceId)!.delete(a.recording_id);
    await this.fanout.remove(deviceId, `record:${a.recording_id}`);
    const stats = await recorder.stop(a.chapters ?? [], a.discard === true);
    const { file, ...rest } = stats;
    try {
      if (file && a.upload_url) await this.upload(a.upload_url, file);
    } finally {
      if (file) fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
    return { ...rest, uploaded: !!file && !!a.upload_url };
  }

  /** The device shuts down: its recordings are dropped. */
  drop(deviceId: string): void {
    const current = this.active.get(deviceId);
    if (!current) return;
    this.active.delete(deviceId);
    for (const recorder of current.values()) recorder.abort();
  }

  closeAll(): void {
    for (const id of [...this.active.keys()]) this.drop(id);
  }
}
