import type { DeviceDriver, Frame, VideoUnit } from '../driver';
import { VideoGop } from './video-gop';

type Listener = (frame: Frame) => void;
type VideoListener = (unit: VideoUnit) => void;

/**
 * One frame stream per device shared by who needs it (the live stream to the control plane, a
 * recording): the driver streams while anyone listens and stops when the last one leaves. A
 * listener that also takes H.264 (the live stream) gets the device's access units when it has them.
 */
export class FrameFanout {
  private readonly listeners = new Map<string, Map<string, Listener>>();
  private readonly videoListeners = new Map<string, Map<string, VideoListener>>();
  /** The last frame of each streaming device: a listener that joins a running stream starts from it. */
  private readonly last = new Map<string, Frame>();
  /** And the units since the last keyframe, for one that takes H.264. */
  private readonly gops = new Map<string, VideoGop<VideoUnit>>();

  constructor(private readonly driver: DeviceDriver) {}

  async add(deviceId: string, key: string, listener: Listener, onVideo?: VideoListener): Promise<void> {
    let set = this.listeners.get(deviceId);
    const first = !set || set.size === 0;
    if (!set) {
      set = new Map();
      this.listeners.set(deviceId, set);
    }
    set.set(key, listener);
    let videoSet = this.videoListeners.get(deviceId);
    if (!videoSet) this.videoListeners.set(deviceId, (videoSet = new Map()));
    if (onVideo) videoSet.set(key, onVideo);
    else videoSet.delete(key);
    if (first) {
      const gop = new VideoGop<VideoUnit>();
      this.gops.set(deviceId, gop);
      try {
        await this.driver.startStream(
          deviceId,
          (frame) => {
            this.last.set(deviceId, frame);
            for (const l of this.listeners.get(deviceId)?.values() ?? []) l(frame);
          },
          (unit) => {
            gop.push(unit);
            for (const l of this.videoListeners.get(deviceId)?.values() ?? []) l(unit);
          },
        );
      } catch (err) {
        set.delete(key);
        videoSet.delete(key);
        throw err;
      }
    } else {
      const frame = this.last.get(deviceId);
      if (frame) listener(frame);
      if (onVideo) for (const u of this.gops.get(deviceId)?.replay() ?? []) onVideo(u);
    }
  }

  has(deviceId: string, key: string): boolean {
    return this.listeners.get(deviceId)?.has(key) ?? false;
  }

  async remove(deviceId: string, key: string): Promise<void> {
    const set = this.listeners.get(deviceId);
    if (!set?.delete(key)) return;
    this.videoListeners.get(deviceId)?.delete(key);
    if (set.size === 0) {
      this.listeners.delete(deviceId);
      this.videoListeners.delete(deviceId);
      this.last.delete(deviceId);
      this.gops.delete(deviceId);
      await this.driver.stopStream(deviceId);
    }
  }

  /** Every listener of the device goes (it is shut down). */
  async clear(deviceId: string): Promise<void> {
    this.last.delete(deviceId);
    this.gops.delete(deviceId);
    this.videoListeners.delete(deviceId);
    if (!this.listeners.delete(deviceId)) return;
    await this.driver.stopStream(deviceId).catch(() => {});
  }

  async closeAll(): Promise<void> {
    for (const id of [...this.listeners.keys()]) await this.clear(id);
  }
}
