import type { DeviceSpec, InputEvent, ScreenInfo } from '../worker/driver';
import { DeviceDriverError } from '../worker/driver-error';
import type { AppRuntime } from './app-runtime';
import { collectFocusable, hitTest, nextFocus, type Box, type Direction } from './scene';
import type { ScreenProfile } from './screen-profile';

/** The device state input acts on; the device implements it. */
export interface InputHost {
  readonly spec: DeviceSpec;
  readonly profile: ScreenProfile;
  readonly renderScale: number;
  /** Screen size in points as currently rotated. */
  sizePt(): { w: number; h: number };
  screenInfo(): ScreenInfo;
  /** The laid-out current screen (cached until the next change). */
  scene(): Box;
  /** Drops the cached scene, so the next `scene()` shows what the last action left. */
  relayout(): void;
  /** The app model running in the foreground, if any. */
  runtime(): AppRuntime | null;
  hasForeground(): boolean;
  /** Leaves the foreground app for the home screen; false when already home. */
  goHome(): boolean;
  /** Stops the foreground app (it finished, or BACK left its root). */
  closeForeground(): void;
  /** The foreground app's process died with `message` (a `crash` action). */
  crashForeground(message: string): void;
  /** Focus key of the home screen's focused icon. */
  homeFocus: string | null;
}

interface TouchTrack {
  startX: number;
  startY: number;
  lastY: number;
  moved: boolean;
}

const SWIPE_TAP_SLOP = 10;
const SILENT_BUTTONS = ['LOCK', 'SIRI', 'VOLUME_UP', 'VOLUME_DOWN', 'SIDE_BUTTON', 'APPLE_PAY'];

/**
 * Taps, gestures, keys and buttons on a virtual device: system gestures (home swipe, iOS edge
 * back), d-pad focus on the home screen, and everything else handed to the foreground app.
 */
export class DeviceInput {
  private touch: TouchTrack | null = null;

  constructor(private readonly host: InputHost) {}

  /** Forgets a touch in progress (the device powered off). */
  reset(): void {
    this.touch = null;
  }

  /** Applies one event; returns whether the screen changed. */
  handle(event: InputEvent): boolean {
    const s = this.host.renderScale;
    const info = this.host.screenInfo();
    const pt = (x: number, y: number) => {
      if (!Number.isFinite(x) || !Number.isFinite(y) || x < 0 || y < 0 || x >= info.width || y >= info.height) {
        throw new DeviceDriverError(
          'INVALID_INPUT',
          `coordinates (${x}, ${y}) are outside the screen (${info.width}x${info.height})`,
        );
      }
      return { x: x / s, y: y / s };
    };
    let changed: boolean;
    switch (event.kind) {
      case 'tap':
      case 'long_press': {
        const p = pt(event.x, event.y);
        changed = this.tapAt(p.x, p.y);
        // Holding a field shows the edit menu with Paste, as both platforms do.
        if (event.kind === 'long_press') changed = (this.host.runtime()?.showPasteMenu() ?? false) || changed;
        break;
      }
      case 'double_tap': {
        // Two taps; the second one lands on whatever the first one left on screen.
        const p = pt(event.x, event.y);
        changed = this.tapAt(p.x, p.y);
        this.host.relayout();
        changed = this.tapAt(p.x, p.y) || changed;
        break;
      }
      case 'swipe': {
        const a = pt(event.x, event.y);
        const b = pt(event.x2, event.y2);
        changed = this.swipe(a.x, a.y, b.x, b.y);
        break;
      }
      case 'touch': {
        const p = pt(event.x, event.y);
        changed = this.touchPhase(event.phase, p.x, p.y);
        break;
      }
      case 'key':
        changed = this.key(event.key);
        break;
      case 'button':
        changed = this.button(event.button);
        break;
      case 'text': {
        const run = this.host.runtime();
        changed = run ? run.typeText(event.text) : false;
        break;
      }
      default:
        throw new DeviceDriverError('INVALID_INPUT', `unknown input kind ${String((event as { kind: unknown }).kind)}`);
    }
    // An app that ran an `exit` action goes away like a finished activity.
    const after = this.host.runtime();
    if (after?.crashed != null) this.host.crashForeground(after.crashed);
    else if (after?.exited) this.host.closeForeground();
    return changed;
  }

  private tapAt(x: number, y: number): boolean {
    const hit = hitTest(this.host.scene(), x, y);
    const run = this.host.runtime();
    if (run) return run.tap(hit);
    if (hit?.onActivate) {
      hit.onActivate();
      return true;
    }
    return false;
  }

  /** Swipe up from the bottom edge goes home (iOS and Android gesture navigation). */
  private isHomeSwipe(startY: number, dx: number, dy: number): boolean {
    const { h } = this.host.sizePt();
    return (
      this.host.spec.category !== 'tv' &&
      startY > h - this.host.profile.bottomInsetPt - 16 &&
      -dy > 100 &&
      Math.abs(dx) < -dy
    );
  }

  /** iOS: a swipe right from the left edge goes back. */
  private isEdgeBack(startX: number, dx: number, dy: number): boolean {
    return (
      this.host.spec.type === 'ios' && this.host.spec.category !== 'tv' && startX < 24 && dx > 60 && Math.abs(dy) < dx
    );
  }

  private swipe(x: number, y: number, x2: number, y2: number): boolean {
    const dx = x2 - x;
    const dy = y2 - y;
    if (this.isHomeSwipe(y, dx, dy)) return this.host.goHome();
    if (this.isEdgeBack(x, dx, dy)) return this.host.runtime()?.back() ?? false;
    this.host.scene();
    return this.host.runtime()?.scrollBy(y - y2) ?? false;
  }

  private touchPhase(phase: 'start' | 'move' | 'end', x: number, y: number): boolean {
    if (phase === 'start') {
      this.touch = { startX: x, startY: y, lastY: y, moved: false };
      return false;
    }
    const t = this.touch;
    if (!t) return false;
    if (!t.moved && Math.hypot(x - t.startX, y - t.startY) > SWIPE_TAP_SLOP) t.moved = true;
    let changed = false;
    if (t.moved) {
      this.host.scene();
      changed = this.host.runtime()?.scrollBy(t.lastY - y) ?? false;
      t.lastY = y;
    }
    if (phase === 'end') {
      this.touch = null;
      if (!t.moved) return this.tapAt(t.startX, t.startY) || changed;
      const dx = x - t.startX;
      const dy = y - t.startY;
      const { h } = this.host.sizePt();
      // A drag that ends as a home gesture goes home even when it wanders sideways.
      if (this.host.spec.category !== 'tv' && t.startY > h - this.host.profile.bottomInsetPt - 16 && -dy > 100)
        return this.host.goHome() || changed;
      if (this.host.spec.type === 'ios' && t.startX < 24 && dx > 60 && Math.abs(dy) < dx)
        return (this.host.runtime()?.back() ?? false) || changed;
    }
    return changed;
  }

  private key(raw: string): boolean {
    const key = raw.toUpperCase().replace(/^KEYCODE_/, '');
    const { spec } = this.host;
    if (key === 'HOME') return this.host.goHome();
    const run = this.host.runtime();
    const isBack =
      (key === 'BACK' && spec.type === 'android') || (key === 'MENU' && spec.type === 'ios' && spec.category === 'tv');
    if (this.host.hasForeground()) {
      if (isBack) {
        if (run?.back()) return true;
        // Back at the root finishes the app (Android) / returns to the TV home.
        this.host.closeForeground();
        return true;
      }
      this.host.scene();
      return run ? run.key(key) : false;
    }
    return this.homeKey(key);
  }

  /** Home screen: the d-pad moves focus between apps and ENTER opens one. */
  private homeKey(key: string): boolean {
    if (key.startsWith('DPAD_') && key !== 'DPAD_CENTER') {
      const dir = key.slice(5).toLowerCase();
      if (dir !== 'up' && dir !== 'down' && dir !== 'left' && dir !== 'right') return false;
      const all = collectFocusable(this.host.scene());
      const current = all.find((b) => b.focusKey === this.host.homeFocus);
      const next = nextFocus(all, current, dir satisfies Direction);
      if (!next || next.focusKey === this.host.homeFocus) return false;
      this.host.homeFocus = next.focusKey!;
      return true;
    }
    if (key === 'DPAD_CENTER' || key === 'ENTER') {
      const target = collectFocusable(this.host.scene()).find((b) => b.focusKey === this.host.homeFocus);
      if (target?.onActivate) {
        target.onActivate();
        return true;
      }
    }
    return false;
  }

  private button(raw: string): boolean {
    const b = raw.toUpperCase();
    if (b === 'HOME') return this.host.goHome();
    if (SILENT_BUTTONS.includes(b)) return false;
    throw new DeviceDriverError('INVALID_INPUT', `unknown button ${raw}`);
  }
}
