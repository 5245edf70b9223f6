import type { DeviceHandle } from '../../sessions';
import { sleep } from '../steps/settle';

/**
 * Where a step's time goes: in calls to the device (input, screenshots, UI trees, installs) and
 * in waiting (for the screen to settle, or a `wait` the step asks for). The rest of its duration
 * is the engine's own work. Reported in each step's `timing`.
 */
export class StepMeter {
  private deviceTotal = 0;
  private waitTotal = 0;

  /** The same device, with the time of every call counted. */
  meter(device: DeviceHandle): DeviceHandle {
    const timed =
      <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        const started = performance.now();
        try {
          return await fn(...args);
        } finally {
          this.deviceTotal += performance.now() - started;
        }
      };
    return {
      sessionId: device.sessionId,
      deviceId: device.deviceId,
      platform: device.platform,
      category: device.category,
      deviceName: device.deviceName,
      input: timed((e) => device.input(e)),
      screenshot: timed(() => device.screenshot()),
      uiTree: timed(() => device.uiTree()),
      install: timed((pkg, options) => device.install(pkg, options)),
      launch: timed((pkg, options) => device.launch(pkg, options)),
      terminate: timed((pkg) => device.terminate(pkg)),
      clearData: timed((pkg) => device.clearData(pkg)),
      uninstall: timed((pkg) => device.uninstall(pkg)),
      listApps: timed(() => device.listApps()),
      rotate: timed((r) => device.rotate(r)),
      screen: timed(() => device.screen()),
      capability: (op, args) => timed(() => device.capability(op, args))(),
      addMedia: timed((file) => device.addMedia(file)),
      readLogs: timed(() => device.readLogs()),
      startRecording: (id, o) => device.startRecording(id, o),
      stopRecording: (stop) => device.stopRecording(stop),
    };
  }

  /** Waits `ms` (or until the signal fires), counted as waiting. */
  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    const started = performance.now();
    try {
      await sleep(ms, signal);
    } finally {
      this.waitTotal += performance.now() - started;
    }
  }

  get timing(): { device_ms: number; wait_ms: number } {
    return { device_ms: Math.round(this.deviceTotal), wait_ms: Math.round(this.waitTotal) };
  }
}
