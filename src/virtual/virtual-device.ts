import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type {
  DeviceSpec,
  Frame,
  InputEvent,
  InstalledApp,
  LaunchOptions,
  Rotation,
  ScreenInfo,
  UiNode,
} from '../worker/driver';
import { DeviceDriverError } from '../worker/driver-error';
import type { AppModel, Scalar } from './app-model';
import { AppRuntime, type Area, type Vars } from './app-runtime';
import type { DevicePackage as PackageInfo } from '../packages/device-package';
import { FrameScheduler } from './frame-scheduler';
import { SceneRenderer, type Theme } from './renderer';
import { box, collectFocusable, hitTest, nextFocus, toUiTree, type Box, type Direction } from './scene';
import { screenProfile, type ScreenProfile } from './screen-profile';

interface InstalledPackage {
  info: PackageInfo;
  system: boolean;
  color: string;
  /** Granted at install (a reinstall keeps earlier grants, like `adb install -r`). */
  permissionsGranted: boolean;
}

/** What an app shows without a model: a placeholder screen. */
class PlaceholderRun {
  readonly kind = 'placeholder';
}

type Running = AppRuntime | PlaceholderRun;

interface TouchTrack {
  startX: number;
  startY: number;
  lastY: number;
  moved: boolean;
}

export interface VirtualDeviceOptions {
  spec: DeviceSpec;
  /** Per-device directory for app data; wiped on shutdown. */
  dataDir: string;
  /** Pixels per point of the rendered screen (1 = points). */
  renderScale: number;
  jpegQuality: number;
  now: () => number;
  /** Render slots shared with the other devices of the host (default: a scheduler of its own). */
  frames?: FrameScheduler;
}

/**
 * A streaming device sends at most this many frames a second: changes that come faster (the
 * moves of a drag) fold into the next frame. A discrete action (tap, key, launch) is not held
 * back, so its frame follows at once.
 */
export const STREAM_MAX_FPS = 40;
const STREAM_FRAME_INTERVAL_MS = 1000 / STREAM_MAX_FPS;

interface StreamState {
  onFrame: (f: Frame) => void;
  /** The keyframe timer (new viewers get a full frame within a second). */
  timer: NodeJS.Timeout;
  /** A frame is queued or rendering. */
  busy: boolean;
  /** The screen changed after the queued frame started; `dirtyUrgent` if by a discrete action. */
  dirty: boolean;
  dirtyUrgent: boolean;
  /** When the last stream frame started (performance.now()). */
  lastAt: number;
  /** Waits out the frame interval before the next drag frame. */
  pace: NodeJS.Timeout | null;
  /** The keyframe timer fired while a frame was coming anyway: that frame is the keyframe. */
  keyframeDue: boolean;
}

const ICON_COLORS = [
  '#ff9500',
  '#34c759',
  '#5856d6',
  '#ff2d55',
  '#00c7be',
  '#af52de',
  '#007aff',
  '#ff3b30',
  '#30b0c7',
  '#a2845e',
];

function colorFor(packageName: string): string {
  const h = createHash('sha1').update(packageName).digest();
  return ICON_COLORS[h[0]! % ICON_COLORS.length]!;
}

const SWIPE_TAP_SLOP = 10;

/**
 * One virtual device: its installed apps, the running app runtimes, rotation and the renderer.
 * Every mutation marks the screen dirty; `frame()` renders at most once per state.
 */
export class VirtualDevice {
  readonly spec: DeviceSpec;
  readonly profile: ScreenProfile;
  booted = false;
  rotation: Rotation = 0;
  private apps = new Map<string, InstalledPackage>();
  private running = new Map<string, Running>();
  private foreground: string | null = null;
  private homeFocus: string | null = null;
  private touch: TouchTrack | null = null;
  private scene: Box | null = null;
  private lastFrame: Frame | null = null;
  private lastFrameVersion = -1;
  private renderChain: Promise<unknown> = Promise.resolve();
  private inflight: { version: number; promise: Promise<Frame> } | null = null;
  private renderer: SceneRenderer | null = null;
  private stream: StreamState | null = null;
  private readonly frames: FrameScheduler;
  /** Bumped on every change; frames carry the version they show. */
  version = 0;
  /** Screens drawn and encoded so far (a device nobody watches or screenshots draws none). */
  renders = 0;

  constructor(private readonly opts: VirtualDeviceOptions) {
    this.spec = opts.spec;
    this.profile = screenProfile(opts.spec);
    this.frames = opts.frames ?? new FrameScheduler(1);
    this.installSystemApps();
  }

  private get theme(): Theme {
    return { platform: this.spec.type, tv: this.spec.category === 'tv' };
  }

  /** Screen size in points as currently rotated. */
  private get sizePt(): { w: number; h: number } {
    const landscape = this.rotation === 90 || this.rotation === 270;
    const { widthPt, heightPt } = this.profile;
    return landscape ? { w: heightPt, h: widthPt } : { w: widthPt, h: heightPt };
  }

  screenInfo(): ScreenInfo {
    const { w, h } = this.sizePt;
    const s = this.opts.renderScale;
    return { width: Math.round(w * s), height: Math.round(h * s), rotation: this.rotation };
  }

  // ---- lifecycle ----------------------------------------------------------------------------

  boot(): ScreenInfo {
    if (!this.booted) {
      this.booted = true;
      this.changed();
    }
    return this.screenInfo();
  }

  /** Powers off and resets: user apps, their data, rotation and streams are gone. */
  shutdown(): void {
    this.stopStream();
    this.booted = false;
    this.rotation = 0;
    this.apps.clear();
    this.running.clear();
    this.foreground = null;
    this.homeFocus = null;
    this.touch = null;
    this.installSystemApps();
    fs.rmSync(this.opts.dataDir, { recursive: true, force: true });
    this.changed();
  }

  private requireBooted(): void {
    if (!this.booted) throw new DeviceDriverError('NOT_BOOTED', `device ${this.spec.deviceId} is not booted`);
  }

  private installSystemApps(): void {
    const ios = this.spec.type === 'ios';
    const tv = this.spec.category === 'tv';
    const sys: [string, string][] = tv
      ? ios
        ? [['com.apple.TVSettings', 'Settings']]
        : [['com.android.tv.settings', 'Settings']]
      : ios
        ? [
            ['com.apple.Preferences', 'Settings'],
            ['com.apple.mobilesafari', 'Safari'],
            ['com.apple.mobileslideshow', 'Photos'],
          ]
        : [
            ['com.android.settings', 'Settings'],
            ['com.android.chrome', 'Chrome'],
            ['com.google.android.apps.photos', 'Photos'],
          ];
    for (const [packageName, name] of sys) {
      const model =
        packageName.endsWith('ettings') || packageName.endsWith('Preferences') || packageName.endsWith('.settings')
          ? this.settingsModel()
          : null;
      this.apps.set(packageName, {
        system: true,
        permissionsGranted: true,
        color: name === 'Settings' ? '#8e8e93' : colorFor(packageName),
        info: {
          platform: this.spec.type,
          packageName,
          name,
          version: this.spec.osVersion,
          build: null,
          minOsVersion: null,
          permissions: [],
          model,
          icon: null,
        },
      });
    }
  }

  private settingsModel(): AppModel {
    const os = this.spec.type === 'ios' ? (this.spec.category === 'tv' ? 'tvOS' : 'iOS') : 'Android';
    return {
      initialScreen: 'settings',
      screens: {
        settings: {
          title: 'Settings',
          elements: [
            {
              type: 'list',
              id: 'settings-list',
              items: [{ id: 'about', title: 'About', subtitle: `${this.spec.name}`, action: [{ navigate: 'about' }] }],
            },
          ],
        },
        about: {
          title: 'About',
          elements: [
            { type: 'text', style: 'headline', text: this.spec.name, id: 'device-name' },
            { type: 'text', text: `Model: ${this.spec.model}` },
            { type: 'text', text: `${os} ${this.spec.osVersion}`, id: 'os-version' },
            { type: 'text', style: 'caption', text: `Device ID: ${this.spec.deviceId}` },
          ],
        },
      },
    };
  }

  // ---- apps ---------------------------------------------------------------------------------

  install(info: PackageInfo, options: { grantPermissions: boolean } = { grantPermissions: true }): InstalledApp {
    this.requireBooted();
    if (info.platform !== this.spec.type) {
      const what = info.platform === 'android' ? 'an Android package (.apk)' : 'an iOS app bundle';
      throw new DeviceDriverError(
        'INVALID_PACKAGE',
        `${what} cannot be installed on ${this.spec.type === 'ios' ? 'an iOS' : 'an Android'} device`,
      );
    }
    const existing = this.apps.get(info.packageName);
    if (existing?.system) throw new DeviceDriverError('INVALID_PACKAGE', `${info.packageName} is a system app`);
    // Reinstalling keeps data (adb install -r / simctl install); the running copy is stopped.
    this.stopApp(info.packageName);
    const permissionsGranted = options.grantPermissions || (existing?.permissionsGranted ?? false);
    this.apps.set(info.packageName, {
      info,
      system: false,
      color: info.model?.color ?? colorFor(info.packageName),
      permissionsGranted,
    });
    this.changed();
    return { packageName: info.packageName, name: info.name, version: info.version, permissionsGranted };
  }

  uninstall(packageName: string): void {
    this.requireBooted();
    const app = this.requireApp(packageName);
    if (app.system)
      throw new DeviceDriverError('UNSUPPORTED', `${packageName} is a system app and cannot be uninstalled`);
    this.stopApp(packageName);
    this.apps.delete(packageName);
    fs.rmSync(this.appDataDir(packageName), { recursive: true, force: true });
    this.changed();
  }

  listApps(): InstalledApp[] {
    this.requireBooted();
    return [...this.apps.values()]
      .filter((a) => !a.system)
      .map((a) => ({
        packageName: a.info.packageName,
        name: a.info.name,
        version: a.info.version,
        permissionsGranted: a.permissionsGranted,
      }))
      .sort((a, b) => a.packageName.localeCompare(b.packageName));
  }

  private requireApp(packageName: string): InstalledPackage {
    const app = this.apps.get(packageName);
    if (!app) throw new DeviceDriverError('APP_NOT_INSTALLED', `${packageName} is not installed on this device`);
    return app;
  }

  launch(packageName: string, options: LaunchOptions = {}): void {
    this.requireBooted();
    const app = this.requireApp(packageName);
    const params: Vars = {};
    for (const [k, v] of Object.entries(options.params ?? {})) params[k] = v as Scalar;
    const run = this.running.get(packageName);
    if (!run || Object.keys(params).length > 0) this.running.set(packageName, this.startApp(app, params));
    this.foreground = packageName;
    this.changed();
  }

  private startApp(app: InstalledPackage, params: Vars): Running {
    const model = app.info.model;
    if (!model) return new PlaceholderRun();
    const file = path.join(this.appDataDir(app.info.packageName), 'state.json');
    const store = {
      load: (): Vars | null => {
        try {
          return JSON.parse(fs.readFileSync(file, 'utf8')) as Vars;
        } catch {
          return null;
        }
      },
      save: (vars: Vars) => {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        const tmp = `${file}.tmp`;
        fs.writeFileSync(tmp, JSON.stringify(vars));
        fs.renameSync(tmp, file);
      },
    };
    return new AppRuntime(model, { platform: this.spec.type, tv: this.spec.category === 'tv' }, store, params);
  }

  terminate(packageName: string): void {
    this.requireBooted();
    this.requireApp(packageName);
    this.stopApp(packageName);
    this.changed();
  }

  clearData(packageName: string): void {
    this.requireBooted();
    this.requireApp(packageName);
    this.stopApp(packageName);
    fs.rmSync(this.appDataDir(packageName), { recursive: true, force: true });
    this.changed();
  }

  private stopApp(packageName: string): void {
    this.running.delete(packageName);
    if (this.foreground === packageName) this.foreground = null;
  }

  private appDataDir(packageName: string): string {
    return path.join(this.opts.dataDir, 'apps', packageName.replace(/[^\w.-]/g, '_'));
  }

  /** The package in the foreground, or null on the home screen. */
  foregroundApp(): string | null {
    return this.foreground;
  }

  /** Current state variables of a running app (for tests and debugging). */
  appVars(packageName: string): Vars | null {
    const run = this.running.get(packageName);
    return run instanceof AppRuntime ? { ...run.vars } : null;
  }

  // ---- input --------------------------------------------------------------------------------

  rotate(rotation: Rotation): ScreenInfo {
    this.requireBooted();
    if (this.spec.category === 'tv' && rotation !== 0)
      throw new DeviceDriverError('UNSUPPORTED', 'a TV cannot be rotated');
    if (rotation !== this.rotation) {
      this.rotation = rotation;
      this.changed();
    }
    return this.screenInfo();
  }

  input(event: InputEvent): void {
    this.requireBooted();
    const s = this.opts.renderScale;
    const info = this.screenInfo();
    const pt = (x: number, y: number) => {
      if (!Number.isFinite(x) || !Number.isFinite(y) || x < 0 || y < 0 || x >= info.width || y >= info.height) {
        throw new DeviceDriverError(
          'INVALID_INPUT',
          `coordinates (${x}, ${y}) are outside the screen (${info.width}x${info.height})`,
        );
      }
      return { x: x / s, y: y / s };
    };
    let changed = false;
    switch (event.kind) {
      case 'tap':
      case 'long_press': {
        const p = pt(event.x, event.y);
        changed = this.tapAt(p.x, p.y);
        break;
      }
      case 'double_tap': {
        // Two taps; the second one lands on whatever the first one left on screen.
        const p = pt(event.x, event.y);
        changed = this.tapAt(p.x, p.y);
        this.scene = null;
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
        const run = this.foregroundRuntime();
        changed = run ? run.typeText(event.text) : false;
        break;
      }
      default:
        throw new DeviceDriverError('INVALID_INPUT', `unknown input kind ${(event as { kind: string }).kind}`);
    }
    this.afterAppInput();
    // The moves of a drag are paced; every other input's frame is drawn at once.
    if (changed) this.changed(!(event.kind === 'touch' && event.phase === 'move'));
  }

  private foregroundRuntime(): AppRuntime | null {
    const run = this.foreground ? this.running.get(this.foreground) : undefined;
    return run instanceof AppRuntime ? run : null;
  }

  /** An app that ran an `exit` action goes away like a finished activity. */
  private afterAppInput(): void {
    const run = this.foregroundRuntime();
    if (run?.exited) this.stopApp(this.foreground!);
  }

  private currentScene(): Box {
    this.scene ??= this.layout();
    return this.scene;
  }

  private tapAt(x: number, y: number): boolean {
    const scene = this.currentScene();
    const hit = hitTest(scene, x, y);
    const run = this.foregroundRuntime();
    if (run) return run.tap(hit);
    if (hit?.onActivate) {
      hit.onActivate();
      return true;
    }
    return false;
  }

  private swipe(x: number, y: number, x2: number, y2: number): boolean {
    const { w, h } = this.sizePt;
    const dx = x2 - x;
    const dy = y2 - y;
    if (this.spec.category !== 'tv') {
      // Swipe up from the bottom edge: home (iOS and Android gesture navigation).
      if (y > h - this.profile.bottomInsetPt - 16 && -dy > 100 && Math.abs(dx) < -dy) return this.goHome();
      // iOS: swipe right from the left edge goes back.
      if (this.spec.type === 'ios' && x < 24 && dx > 60 && Math.abs(dy) < dx) {
        const run = this.foregroundRuntime();
        return run ? run.back() : false;
      }
    }
    void w;
    this.currentScene();
    const run = this.foregroundRuntime();
    return run ? run.scrollBy(y - y2) : false;
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
      this.currentScene();
      const run = this.foregroundRuntime();
      changed = run ? run.scrollBy(t.lastY - y) : false;
      t.lastY = y;
    }
    if (phase === 'end') {
      this.touch = null;
      if (!t.moved) return this.tapAt(t.startX, t.startY) || changed;
      const dx = x - t.startX;
      const dy = y - t.startY;
      const { h } = this.sizePt;
      if (this.spec.category !== 'tv' && t.startY > h - this.profile.bottomInsetPt - 16 && -dy > 100)
        return this.goHome() || changed;
      if (this.spec.type === 'ios' && t.startX < 24 && dx > 60 && Math.abs(dy) < dx) {
        const run = this.foregroundRuntime();
        return (run ? run.back() : false) || changed;
      }
    }
    return changed;
  }

  private goHome(): boolean {
    if (this.foreground === null) return false;
    this.foreground = null;
    return true;
  }

  private key(raw: string): boolean {
    const key = raw.toUpperCase().replace(/^KEYCODE_/, '');
    if (key === 'HOME') return this.goHome();
    const run = this.foregroundRuntime();
    const isBack =
      (key === 'BACK' && this.spec.type === 'android') ||
      (key === 'MENU' && this.spec.type === 'ios' && this.spec.category === 'tv');
    if (this.foreground) {
      if (isBack) {
        if (run?.back()) return true;
        // Back at the root finishes the app (Android) / returns to the TV home.
        this.stopApp(this.foreground);
        return true;
      }
      this.currentScene();
      return run ? run.key(key) : false;
    }
    // Home screen: the d-pad moves focus between apps and ENTER opens one.
    if (key.startsWith('DPAD_') && key !== 'DPAD_CENTER') {
      const dir = key.slice(5).toLowerCase() as Direction;
      if (!['up', 'down', 'left', 'right'].includes(dir)) return false;
      const all = collectFocusable(this.currentScene());
      const next = nextFocus(all, all.find((b) => b.focusKey === this.homeFocus) ?? undefined, dir);
      if (!next || next.focusKey === this.homeFocus) return false;
      this.homeFocus = next.focusKey!;
      return true;
    }
    if (key === 'DPAD_CENTER' || key === 'ENTER') {
      const all = collectFocusable(this.currentScene());
      const target = all.find((b) => b.focusKey === this.homeFocus);
      if (target?.onActivate) {
        target.onActivate();
        return true;
      }
    }
    return false;
  }

  private button(raw: string): boolean {
    const b = raw.toUpperCase();
    if (b === 'HOME') return this.goHome();
    if (['LOCK', 'SIRI', 'VOLUME_UP', 'VOLUME_DOWN', 'SIDE_BUTTON', 'APPLE_PAY'].includes(b)) return false;
    throw new DeviceDriverError('INVALID_INPUT', `unknown button ${raw}`);
  }

  // ---- scene, frames and UI tree -------------------------------------------------------------

  private changed(urgent = true): void {
    this.version += 1;
    this.scene = null;
    this.lastFrame = null;
    if (this.stream) this.scheduleStreamFrame(urgent);
  }

  private layout(): Box {
    const { w, h } = this.sizePt;
    const tv = this.spec.category === 'tv';
    const landscapePhone = this.spec.category === 'phone' && w > h;
    const statusH = landscapePhone && this.spec.type === 'ios' ? 0 : this.profile.statusBarPt;
    const bottomH = this.profile.bottomInsetPt;
    const root = box({ role: 'screen', draw: 'root', x: 0, y: 0, w, h, text: null, hidden: false });
    if (!this.booted) {
      root.color = '#000000';
      root.text = 'Powered off';
      return root;
    }
    const area: Area = { x: 0, y: statusH, w, h: h - statusH - bottomH };
    const fg = this.foreground ? this.apps.get(this.foreground) : undefined;
    if (fg) {
      root.role = 'application';
      root.text = fg.info.name;
      root.id = fg.info.packageName;
      const run = this.running.get(fg.info.packageName);
      if (run instanceof AppRuntime) root.children.push(run.layout(area));
      else {
        root.children.push(
          box({
            role: 'text',
            draw: 'placeholder',
            text: fg.info.name,
            detail: `${fg.info.name}\u0000${fg.info.packageName} ${fg.info.version}`,
            color: fg.color,
            x: area.x,
            y: area.y,
            w: area.w,
            h: area.h,
          }),
        );
      }
    } else {
      root.text = 'Home';
      root.id = 'home';
      root.color = tv ? '#1b2735' : this.spec.type === 'ios' ? '#2f5d9e' : '#3a4a7a';
      root.children.push(tv ? this.layoutTvHome(area) : this.layoutHome(area));
    }
    if (statusH > 0) {
      const time = this.spec.type === 'ios' ? '9:41' : '12:00';
      root.children.push(
        box({
          role: 'status_bar',
          draw: 'status_bar',
          x: 0,
          y: 0,
          w,
          h: statusH,
          detail: `${time}\u0000${this.spec.type === 'android' ? '5G' : ''}`,
          hidden: true,
          color: fg ? undefined : '#ffffff',
        }),
      );
    }
    if (!tv && bottomH > 0) {
      const barW = this.spec.type === 'ios' ? 134 : 108;
      root.children.push(
        box({
          role: 'home_indicator',
          draw: 'home_indicator',
          x: (w - barW) / 2,
          y: h - bottomH / 2 - 2.5,
          w: barW,
          h: 5,
          hidden: true,
          color: fg ? '#000000' : '#ffffff',
        }),
      );
    }
    return root;
  }

  private homeApps(): InstalledPackage[] {
    const all = [...this.apps.values()];
    return [
      ...all.filter((a) => a.system),
      ...all.filter((a) => !a.system).sort((a, b) => a.info.name.localeCompare(b.info.name)),
    ];
  }

  private layoutHome(area: Area): Box {
    const cols = this.spec.category === 'tablet' ? 6 : 4;
    const grid = box({
      role: 'grid',
      draw: 'container',
      id: 'home-grid',
      x: area.x,
      y: area.y,
      w: area.w,
      h: area.h,
      hidden: true,
    });
    const side = this.spec.category === 'tablet' ? 48 : 16;
    const cellW = (area.w - side * 2) / cols;
    const cellH = this.spec.category === 'tablet' ? 120 : 96;
    this.homeApps().forEach((app, i) => {
      const col = i % cols;
      const row = Math.floor(i / cols);
      const y = area.y + 20 + row * cellH;
      if (y + cellH > area.y + area.h) return;
      const key = `home:${app.info.packageName}`;
      grid.children.push(
        box({
          role: 'app_icon',
          draw: 'app_icon',
          text: app.info.name,
          id: app.info.packageName,
          color: app.color,
          icon: app.info.icon ?? undefined,
          x: Math.round(area.x + side + col * cellW),
          y,
          w: Math.round(cellW),
          h: cellH - 8,
          focusKey: key,
          focused: this.homeFocus === key,
          onActivate: () => this.launch(app.info.packageName),
        }),
      );
    });
    return grid;
  }

  private layoutTvHome(area: Area): Box {
    const grid = box({
      role: 'grid',
      draw: 'container',
      id: 'home-grid',
      x: area.x,
      y: area.y,
      w: area.w,
      h: area.h,
      hidden: true,
    });
    const cols = 4;
    const tileW = 200;
    const tileH = 112;
    const gap = 28;
    const left = area.x + (area.w - (cols * tileW + (cols - 1) * gap)) / 2;
    const apps = this.homeApps();
    if (this.homeFocus === null && apps[0]) this.homeFocus = `home:${apps[0].info.packageName}`;
    apps.forEach((app, i) => {
      const col = i % cols;
      const row = Math.floor(i / cols);
      const y = area.y + 120 + row * (tileH + gap + 10);
      if (y + tileH > area.y + area.h) return;
      const key = `home:${app.info.packageName}`;
      grid.children.push(
        box({
          role: 'app_icon',
          draw: 'tv_tile',
          text: app.info.name,
          id: app.info.packageName,
          color: app.color,
          icon: app.info.icon ?? undefined,
          x: Math.round(left + col * (tileW + gap)),
          y,
          w: tileW,
          h: tileH,
          focusKey: key,
          focused: this.homeFocus === key,
          onActivate: () => this.launch(app.info.packageName),
        }),
      );
    });
    return grid;
  }

  private ensureRenderer(): SceneRenderer {
    const info = this.screenInfo();
    this.renderer ??= new SceneRenderer(
      info.width,
      info.height,
      this.opts.renderScale,
      this.opts.jpegQuality,
      this.frames.slots > 1,
    );
    this.renderer.resize(info.width, info.height);
    return this.renderer;
  }

  /**
   * Renders the current state as JPEG (cached until the next change). Renders are serialised per
   * device; concurrent requests for one state share a render.
   */
  frame(keyframe = false): Promise<Frame> {
    const wrap = (f: Frame): Frame => ({ ...f, keyframe, at: keyframe ? this.opts.now() : f.at });
    if (this.lastFrame && this.lastFrameVersion === this.version) return Promise.resolve(wrap(this.lastFrame));
    if (this.inflight && this.inflight.version === this.version) return this.inflight.promise.then(wrap);
    const version = this.version;
    const promise = this.renderChain.then(async () => {
      const at = this.version;
      const scene = this.currentScene();
      const screen = this.screenInfo();
      this.renders += 1;
      const jpeg = await this.ensureRenderer().renderAsync(scene, this.theme);
      const f: Frame = { jpeg, screen, at: this.opts.now(), keyframe: false };
      if (this.version === at) {
        this.lastFrame = f;
        this.lastFrameVersion = at;
      }
      return f;
    });
    this.renderChain = promise.catch(() => undefined);
    this.inflight = { version, promise };
    void promise
      .finally(() => {
        if (this.inflight?.promise === promise) this.inflight = null;
      })
      .catch(() => undefined);
    return promise.then(wrap);
  }

  /** Raw RGBA of the current state, rendered fresh (determinism checks). */
  pixels(): Buffer {
    const r = this.ensureRenderer();
    r.render(this.layout(), this.theme);
    return r.pixels();
  }

  uiTree(): UiNode {
    this.requireBooted();
    return toUiTree(this.currentScene(), this.opts.renderScale);
  }

  startStream(onFrame: (f: Frame) => void): void {
    this.requireBooted();
    if (this.stream) {
      this.stream.onFrame = onFrame;
    } else {
      const timer = setInterval(() => this.pushKeyframe(), 1000);
      timer.unref();
      this.stream = {
        onFrame,
        timer,
        busy: false,
        dirty: false,
        dirtyUrgent: false,
        lastAt: -Infinity,
        pace: null,
        keyframeDue: false,
      };
    }
    this.pushKeyframe();
  }

  stopStream(): void {
    const s = this.stream;
    if (!s) return;
    clearInterval(s.timer);
    if (s.pace) clearTimeout(s.pace);
    this.frames.cancel(s);
    this.stream = null;
  }

  /**
   * One stream frame queued or rendering at a time: changes meanwhile mark the stream dirty and
   * are drawn together right after. Drag frames keep STREAM_FRAME_INTERVAL_MS apart; the render
   * itself waits for a slot of the host's scheduler.
   */
  private scheduleStreamFrame(urgent: boolean): void {
    const s = this.stream!;
    if (s.busy) {
      // A frame still waiting for a slot draws the newest state when it runs: a tap only moves it
      // ahead of the other devices' drag frames.
      if (urgent && this.frames.promote(s)) return;
      s.dirty = true;
      s.dirtyUrgent ||= urgent;
      return;
    }
    if (s.pace) {
      if (!urgent) return;
      clearTimeout(s.pace);
      s.pace = null;
    }
    const wait = s.lastAt + STREAM_FRAME_INTERVAL_MS - performance.now();
    if (!urgent && wait > 0) {
      s.pace = setTimeout(() => {
        s.pace = null;
        if (this.stream === s) this.scheduleStreamFrame(false);
      }, wait);
      return;
    }
    s.busy = true;
    this.frames.request(s, () => this.streamFrame(s), urgent);
  }

  private async streamFrame(s: StreamState): Promise<void> {
    s.dirty = false;
    s.dirtyUrgent = false;
    s.lastAt = performance.now();
    const keyframe = s.keyframeDue;
    s.keyframeDue = false;
    try {
      const f = await this.frame(keyframe);
      if (this.stream === s) s.onFrame(f);
    } catch {
      // A failed render leaves the previous frame on screen; the next change or keyframe retries.
    } finally {
      s.busy = false;
      if (s.dirty && this.stream === s) this.scheduleStreamFrame(s.dirtyUrgent);
    }
  }

  private pushKeyframe(): void {
    const s = this.stream;
    if (!s) return;
    // A frame of a newer state is queued or paced: it goes out as the keyframe, drawn once.
    if (s.busy || s.pace) {
      s.keyframeDue = true;
      return;
    }
    this.frame(true)
      .then((f) => {
        if (this.stream === s) s.onFrame(f);
      })
      .catch(() => undefined);
  }
}
