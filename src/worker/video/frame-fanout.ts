import type { DeviceDriver, Frame } from '../driver';

type Listener = (frame: Frame) => void;

/**
 * One frame stream per device shared by who needs it (the live stream to the control plane, a
 * recording): the driver streams while anyone listens and stops when the last one leaves.
 */
export class FrameFanout {
  private readonly listeners = new Map<string, Map<string, Listener>>();
  /** The last frame of each streaming device: a listener that joins a running stream starts from it. */
  private readonly last = new Map<string, Frame>();

  constructor(private readonly driver: DeviceDriver) {}

  async add(deviceId: string, key: string, listener: Listener): Promise<void> {
    let set = this.listeners.get(deviceId);
    const first = !set || set.size === 0;
    if (!set) {
      set = new Map();
      this.listeners.set(deviceId, set);
    }
    set.set(key, listener);
    if (first) {
      try {
        await this.driver.startStream(deviceId, (frame) => {
          this.last.set(deviceId, frame);
          for (const l of this.listeners.get(deviceId)?.values() ?? []) l(frame);
        });
      } catch (err) {
        set.delete(key);
        throw err;
      }
    } else {
      const frame = this.last.get(deviceId);
      if (frame) listener(frame);
    }
  }

  has(deviceId: string, key: string): boolean {
    return this.listeners.get(deviceId)?.has(key) ?? false;
  }

  async remove(deviceId: string, key: string): Promise<void> {
    const set = this.listeners.get(deviceId);
    if (!set?.delete(key)) return;
    if (set.size === 0) {
      this.listeners.delete(deviceId);
      this.last.delete(deviceId);
      await this.driver.stopStream(deviceId);
    }
  }

  /** Every listener of the device goes (it is shut down). */
  async clear(deviceId: string): Promise<void> {
    this.last.delete(deviceId);
    if (!this.listeners.delete(deviceId)) return;
    await this.driver.stopStream(deviceId).catch(() => {});
  }

  async closeAll(): Promise<void> {
    for (const id of [...this.listeners.keys()]) await this.clear(id);
  }
}
