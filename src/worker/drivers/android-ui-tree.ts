import type { UiNode } from '../driver';
import type { AdbHost } from './adb-host';
import { loadUia2Apks, UiAutomator2Server, type Uia2Apks } from './android-uia2';
import { runToolText } from './exec';
import { parseUiautomatorXml } from './uiautomator';

/** `auto`: the UiAutomator2 server where it starts, `uiautomator dump` elsewhere; `off`: always the dump. */
export type Uia2Mode = 'auto' | 'off';

/** SIMDECK_ANDROID_UIA2's value (unset: `auto`); anything else is refused at start. */
export function parseUia2Mode(value: string | undefined): Uia2Mode {
  const v = (value ?? '').trim() || 'auto';
  if (v === 'auto' || v === 'off') return v;
  throw new Error(`SIMDECK_ANDROID_UIA2 must be auto or off, not "${v.slice(0, 40)}"`);
}

export type UiTreeSource = 'uiautomator2' | 'dump';

export interface AndroidUiTreesOptions {
  host: AdbHost;
  mode: Uia2Mode;
  /** Told once per device when its tree comes from the server, and once when it falls back to the dump. */
  onSource?: (serial: string, source: UiTreeSource, reason: string) => void;
  startTimeoutMs?: number;
  /** The APK pair (default: the `appium-uiautomator2-server` package's). */
  apks?: Uia2Apks | null;
}

/**
 * The Android UI tree of each device: through one long-lived UiAutomator2 server per device (the
 * first read or input starts it; later ones reuse it; input goes through it in android-uia2-input.ts), or
 * `uiautomator dump` when the mode is `off`, the
 * driver has no adbkit client, or the server cannot start or keeps failing; then the dump serves
 * that device until its teardown, which stops the server and lets the next session try again.
 */
export class AndroidUiTrees {
  private readonly servers = new Map<string, { serial: string; server: Promise<UiAutomator2Server | null> }>();
  /** A device whose server failed after it ran: the dump serves it until its teardown. */
  private readonly dropped: Promise<UiAutomator2Server | null> = Promise.resolve(null);

  constructor(private readonly o: AndroidUiTreesOptions) {}

  async read(deviceId: string, serial: string): Promise<UiNode> {
    const server = await this.server(deviceId, serial);
    if (server) {
      try {
        return parseUiautomatorXml(await server.source());
      } catch (e) {
        await this.drop(deviceId, serial, server, e);
      }
    }
    return this.dump(serial);
  }

  /**
   * After a failure of the device's server (a page source, or input that found it gone): the dump
   * and `input` serve the device until its teardown. Failures together fall back together, with
   * one log line.
   */
  async drop(deviceId: string, serial: string, server: UiAutomator2Server, e: unknown): Promise<void> {
    // A device torn down meanwhile (no entry) keeps none: its next session tries the server again.
    const entry = this.servers.get(deviceId);
    if (entry && entry.server !== this.dropped) {
      this.servers.set(deviceId, { serial, server: this.dropped });
      this.o.onSource?.(serial, 'dump', `the UiAutomator2 server failed: ${message(e)}`);
    }
    await server.stop();
  }

  /** Whether SIMDECK_ANDROID_UIA2 lets the server run at all. */
  get enabled(): boolean {
    return this.o.mode !== 'off';
  }

  /** Stops the device's server (session, instrumentation, forward, sockets). */
  async stop(deviceId: string): Promise<void> {
    const entry = this.servers.get(deviceId);
    this.servers.delete(deviceId);
    const server = await entry?.server.catch(() => null);
    await server?.stop();
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.servers.keys()].map((id) => this.stop(id)));
  }

  /** The device's one running server (the tree's and input's), started on first use; null when it cannot run. */
  async server(deviceId: string, serial: string): Promise<UiAutomator2Server | null> {
    const host = this.o.host;
    if (this.o.mode === 'off' || !host.kit) return null;
    const entry = this.servers.get(deviceId);
    // An emulator started again under another serial gets a server of its own.
    if (entry && entry.serial !== serial) await this.stop(deviceId);
    let started = this.servers.get(deviceId)?.server;
    if (!started) {
      started = this.start(serial);
      this.servers.set(deviceId, { serial, server: started });
    }
    return started;
  }

  private async start(serial: string): Promise<UiAutomator2Server | null> {
    const kit = this.o.host.kit!;
    const apks = this.o.apks === undefined ? await loadUia2Apks() : this.o.apks;
    if (!apks) {
      this.o.onSource?.(serial, 'dump', 'the appium-uiautomator2-server package is not installed');
      return null;
    }
    try {
      const server = await UiAutomator2Server.start(
        {
          device: kit.device(serial),
          sh: (words, timeoutMs) => this.o.host.sh(serial, words, timeoutMs),
          forward: async (local, remote) => {
            await kit.device(serial).forward(local, remote);
          },
          removeForward: (local) => kit.removeForward(serial, local),
        },
        { apks, startTimeoutMs: this.o.startTimeoutMs },
      );
      this.o.onSource?.(serial, 'uiautomator2', `server ${apks.version} on host port ${server.port}`);
      return server;
    } catch (e) {
      this.o.onSource?.(serial, 'dump', `the UiAutomator2 server could not start: ${message(e)}`);
      return null;
    }
  }

  private async dump(serial: string): Promise<UiNode> {
    const { host } = this.o;
    const file = '/sdcard/simdeck-ui.xml';
    await host.sh(serial, ['uiautomator', 'dump', file], 30_000);
    const xml = await runToolText(host.run, host.call('exec-out cat', ['-s', serial, 'exec-out', 'cat', file]));
    return parseUiautomatorXml(xml);
  }
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 500);
