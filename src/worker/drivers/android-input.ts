import type { InputEvent, ScreenInfo } from '../driver';
import { inputArgs } from './adb-commands';
import type { AdbHost } from './adb-host';
import { Minitouch } from './android-minitouch';
import type { AndroidScreen } from './android-screen';
import type { AndroidUiTrees } from './android-ui-tree';
import { extendPath, sendUia2Input, type TouchPath, Uia2InputUnavailable } from './android-uia2-input';

/** Where a device's touches, keys and text go when minitouch cannot run there. */
export type InputSource = 'uiautomator2' | 'input';

export interface AndroidInputOptions {
  host: AdbHost;
  screen: AndroidScreen;
  /** Owner of the device's one UiAutomator2 server (the tree's); input borrows it. */
  uiTrees: AndroidUiTrees;
  sh: (serial: string, words: string[]) => Promise<string>;
  now: () => number;
  /** Told once per device when its input goes through the UiAutomator2 server, and once when it falls back to `input`. */
  onSource?: (serial: string, source: InputSource, reason: string) => void;
}

/**
 * Input on Android devices, in order: touches through minitouch where it runs (one socket, no
 * process per event); where it does not (Android 10+ without root), everything through the
 * UiAutomator2 server's actions, press_keycode and keys routes (one HTTP connection); and
 * `input tap|swipe|text|keyevent` (a process per event) when the server cannot run or is gone.
 */
export class AndroidInput {
  /** minitouch per device (null: it could not start there), and the screen it maps to. */
  private readonly minitouch = new Map<string, Promise<Minitouch | null>>();
  private readonly screens = new Map<string, ScreenInfo>();
  /** A streamed touch's start, for `input` (which replays start → end as one tap or swipe). */
  private readonly touches = new Map<string, { x: number; y: number; at: number }>();
  /** A streamed touch on the UiAutomator2 path: replayed as one action chain at its end. */
  private readonly paths = new Map<string, TouchPath>();
  private readonly sources = new Map<string, InputSource>();

  constructor(private readonly o: AndroidInputOptions) {}

  /** Sends one checked event. */
  async send(deviceId: string, serial: string, event: InputEvent): Promise<void> {
    const touch = event.kind !== 'text' && event.kind !== 'key' && event.kind !== 'button';
    const minitouch = await this.minitouchFor(deviceId, serial);
    if (minitouch && touch) {
      let info = this.screens.get(deviceId);
      if (!info) {
        info = await this.o.screen.info(serial);
        this.screens.set(deviceId, info);
      }
      await minitouch.send(event, info);
      return;
    }
    // `input` replays a streamed touch from its start, whichever path took the start.
    if (event.kind === 'touch' && event.phase === 'start')
      this.touches.set(deviceId, { x: event.x, y: event.y, at: this.o.now() });
    if (!minitouch && (await this.viaUia2(deviceId, serial, event))) {
      if (event.kind === 'touch' && event.phase === 'end') this.touches.delete(deviceId);
      return;
    }
    await this.viaInput(deviceId, serial, event);
  }

  /** The screen turned: minitouch maps to the new one. */
  rotated(deviceId: string): void {
    this.screens.delete(deviceId);
  }

  stop(deviceId: string): void {
    void this.minitouch.get(deviceId)?.then((m) => m?.stop());
    this.minitouch.delete(deviceId);
    this.screens.delete(deviceId);
    this.touches.delete(deviceId);
    this.paths.delete(deviceId);
    this.sources.delete(deviceId);
  }

  stopAll(): void {
    for (const id of [...this.minitouch.keys()]) this.stop(id);
  }

  private async minitouchFor(deviceId: string, serial: string): Promise<Minitouch | null> {
    const kit = this.o.host.kit;
    if (!kit) return null;
    let started = this.minitouch.get(deviceId);
    if (!started) {
      started = Minitouch.start(kit.device(serial)).catch(() => null);
      this.minitouch.set(deviceId, started);
    }
    const m = await started;
    if (m?.closed) this.minitouch.delete(deviceId);
    return m?.closed ? null : m;
  }

  private tell(deviceId: string, serial: string, source: InputSource, reason: string): void {
    if (this.sources.get(deviceId) === source) return;
    this.sources.set(deviceId, source);
    this.o.onSource?.(serial, source, reason);
  }

  /** Sends the event through the device's UiAutomator2 server; false when `input` must take it. */
  private async viaUia2(deviceId: string, serial: string, event: InputEvent): Promise<boolean> {
    const server = await this.o.uiTrees.server(deviceId, serial);
    if (!server) {
      const why = this.o.uiTrees.enabled ? 'the UiAutomator2 server is not running' : 'SIMDECK_ANDROID_UIA2 is off';
      this.tell(deviceId, serial, 'input', why);
      return false;
    }
    let send: Parameters<typeof sendUia2Input>[1];
    if (event.kind === 'touch') {
      if (event.phase === 'start') this.paths.set(deviceId, { startedAt: this.o.now(), points: [] });
      const path = this.paths.get(deviceId);
      if (!path) return true;
      extendPath(path, event.x, event.y, this.o.now());
      if (event.phase !== 'end') return true;
      this.paths.delete(deviceId);
      send = { kind: 'path', path };
    } else send = event;
    try {
      await sendUia2Input(server, send);
      this.tell(deviceId, serial, 'uiautomator2', `actions through the server on host port ${server.port}`);
      return true;
    } catch (e) {
      if (!(e instanceof Uia2InputUnavailable)) throw e;
      // A gone server serves neither tree nor input until the teardown; an error it answered
      // sends this one event through `input`.
      if (e.serverGone) {
        await this.o.uiTrees.drop(deviceId, serial, server, e);
        this.tell(deviceId, serial, 'input', `the UiAutomator2 server failed: ${e.message.slice(0, 500)}`);
      }
      return false;
    }
  }

  private async viaInput(deviceId: string, serial: string, event: InputEvent): Promise<void> {
    if (event.kind !== 'touch') {
      for (const c of inputArgs(event)) await this.o.sh(serial, c);
      return;
    }
    // adb has no touch-down/up primitives without root: replay start→end as one swipe.
    if (event.phase !== 'end') return;
    const t = this.touches.get(deviceId);
    this.touches.delete(deviceId);
    if (!t) return;
    const ms = Math.max(50, this.o.now() - t.at);
    const cmds =
      Math.hypot(event.x - t.x, event.y - t.y) < 10
        ? inputArgs({ kind: 'tap', x: t.x, y: t.y })
        : inputArgs({ kind: 'swipe', x: t.x, y: t.y, x2: event.x, y2: event.y, durationMs: ms });
    for (const c of cmds) await this.o.sh(serial, c);
  }
}
