import type { DevicePackage as PackageInfo } from '../packages/device-package';
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
import type { AppRuntime, Vars } from './app-runtime';
import type { DevicePermission, PermissionState } from '../worker/device-capabilities';
import { DeviceApps } from './device-apps';
import { DeviceConditions, type ConditionValues, type MediaItem, type Notification } from './device-conditions';
import { browserPackage } from './system-apps';
import { CrashDialog } from './crash-dialog';
import { VirtualDeviceLog } from './device-log';
import { DeviceFrames } from './device-frames';
import { DeviceInput } from './device-input';
import { layoutDevice } from './device-layout';
import { FrameScheduler } from './frame-scheduler';
import type { Theme } from './renderer';
import { toUiTree, type Box } from './scene';
import { screenProfile, type ScreenProfile } from './screen-profile';

export { STREAM_MAX_FPS } from './device-frames';

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
 * One virtual device: power and rotation, its apps (device-apps.ts), input and gestures
 * (device-input.ts), the screen laid out from its state (device-layout.ts, home-screen.ts) and
 * the frames drawn from it (device-frames.ts). Every mutation marks the screen dirty; a frame is
 * rendered at most once per state.
 */
export class VirtualDevice {
  readonly spec: DeviceSpec;
  readonly profile: ScreenProfile;
  readonly renderScale: number;
  booted = false;
  rotation: Rotation = 0;
  /** Bumped on every change; frames carry the version they show. */
  version = 0;
  homeFocus: string | null = null;
  /** Location, appearance, network, clipboard, permissions, photos and the notification banner. */
  readonly conditions = new DeviceConditions();
  private readonly apps: DeviceApps;
  private readonly inputs: DeviceInput;
  private readonly frames: DeviceFrames;
  private cachedScene: Box | null = null;
  /** The device's log (launches, screens, alerts, what apps log, crashes). */
  readonly logs: VirtualDeviceLog;
  private crashDialog: CrashDialog | null = null;

  constructor(private readonly opts: VirtualDeviceOptions) {
    this.spec = opts.spec;
    this.profile = screenProfile(opts.spec);
    this.renderScale = opts.renderScale;
    this.apps = new DeviceApps(opts.spec, opts.dataDir, this.conditions);
    this.logs = new VirtualDeviceLog(opts.spec, opts.now);
    this.inputs = new DeviceInput(this);
    this.frames = new DeviceFrames(this, {
      renderScale: opts.renderScale,
      jpegQuality: opts.jpegQuality,
      now: opts.now,
      frames: opts.frames ?? new FrameScheduler(1),
    });
  }

  get theme(): Theme {
    return {
      platform: this.spec.type,
      tv: this.spec.category === 'tv',
      dark: this.conditions.values.appearance === 'dark',
    };
  }

  /** Screens drawn and encoded so far (a device nobody watches or screenshots draws none). */
  get renders(): number {
    return this.frames.renders;
  }

  /** Screen size in points as currently rotated. */
  sizePt(): { w: number; h: number } {
    const landscape = this.rotation === 90 || this.rotation === 270;
    const { widthPt, heightPt } = this.profile;
    return landscape ? { w: heightPt, h: widthPt } : { w: widthPt, h: heightPt };
  }

  screenInfo(): ScreenInfo {
    const { w, h } = this.sizePt();
    const s = this.opts.renderScale;
    return { width: Math.round(w * s), height: Math.round(h * s), rotation: this.rotation };
  }

  // ---- lifecycle ----------------------------------------------------------------------------

  boot(): ScreenInfo {
    if (!this.booted) {
      this.booted = true;
      this.logs.system('info', `${this.spec.name} booted (${this.spec.type} ${this.spec.osVersion})`);
      this.changed();
    }
    return this.screenInfo();
  }

  /** Powers off and resets: user apps, their data, rotation and streams are gone. */
  shutdown(): void {
    this.stopStream();
    this.booted = false;
    this.rotation = 0;
    this.homeFocus = null;
    this.crashDialog = null;
    this.inputs.reset();
    this.apps.reset();
    this.conditions.reset();
    this.logs.clear();
    this.changed();
  }

  private requireBooted(): void {
    if (!this.booted) throw new DeviceDriverError('NOT_BOOTED', `device ${this.spec.deviceId} is not booted`);
  }

  // ---- apps ---------------------------------------------------------------------------------

  install(info: PackageInfo, options: { grantPermissions: boolean } = { grantPermissions: true }): InstalledApp {
    this.requireBooted();
    const installed = this.apps.install(info, options);
    this.changed();
    return installed;
  }

  uninstall(packageName: string): void {
    this.requireBooted();
    this.apps.uninstall(packageName);
    this.changed();
  }

  listApps(): InstalledApp[] {
    this.requireBooted();
    return this.apps.list();
  }

  launch(packageName: string, options: LaunchOptions = {}): void {
    this.requireBooted();
    const fresh = !this.apps.isRunning(packageName) || Object.keys(options.params ?? {}).length > 0;
    this.apps.launch(packageName, options);
    this.crashDialog = null;
    this.logs.launched(packageName, fresh);
    const runtime = this.apps.runtimeOf(packageName);
    if (runtime && !runtime.onLog) runtime.onLog = (level, msg) => this.logs.app(packageName, level, msg, runtime);
    this.changed();
  }

  terminate(packageName: string): void {
    this.requireBooted();
    this.apps.require(packageName);
    if (this.apps.isRunning(packageName)) this.logs.terminated(packageName);
    this.apps.stop(packageName);
    this.changed();
  }

  clearData(packageName: string): void {
    this.requireBooted();
    this.apps.require(packageName);
    this.apps.stop(packageName);
    this.apps.wipeData(packageName);
    this.changed();
  }

  /** The package in the foreground, or null on the home screen. */
  foregroundApp(): string | null {
    return this.apps.foreground;
  }

  /** Current state variables of a running app (for tests and debugging). */
  appVars(packageName: string): Vars | null {
    const run = this.apps.runtimeOf(packageName);
    return run ? { ...run.vars } : null;
  }

  // ---- capabilities (device-capabilities.ts of the virtual driver) ---------------------------

  /** Opens a link: http(s) in the browser, an app scheme in the app whose model's `deepLinks` match. */
  openUrl(url: string): void {
    this.requireBooted();
    if (/^https?:/i.test(url)) {
      const browser = browserPackage(this.spec);
      if (!browser) throw new DeviceDriverError('UNSUPPORTED', 'a TV has no browser to open links in');
      this.apps.launch(browser, { params: { url } });
    } else {
      const found = this.apps.findDeepLink(url);
      if (!found) throw new DeviceDriverError('INVALID_INPUT', 'no app on the device opens this link');
      this.apps.launch(found.packageName);
      this.apps.runtimeOf(found.packageName)?.openLink(found.link.screen, found.link.set, found.values);
    }
    this.changed();
  }

  /** Changes what apps read as `device.*` and how the screen looks; `changesScreen` redraws. */
  setCondition(change: Partial<ConditionValues>): void {
    this.requireBooted();
    Object.assign(this.conditions.values, change);
    this.changed();
  }

  setPermission(packageName: string | undefined, permission: DevicePermission, state: PermissionState): void {
    this.requireBooted();
    if (packageName === undefined) {
      if (state !== 'reset') throw new DeviceDriverError('INVALID_INPUT', 'package_name: required to grant or deny');
      this.conditions.resetPermissionForAll(permission, this.apps.packages());
    } else {
      this.apps.require(packageName);
      this.conditions.setPermission(packageName, permission, state);
    }
    this.changed();
  }

  /** Adds a photo or video to the library (Photos lists it, `pickPhoto` offers it). */
  addMedia(name: string, kind: MediaItem['kind']): void {
    this.requireBooted();
    this.conditions.media = [...this.conditions.media.filter((m) => m.name !== name), { name, kind }];
    for (const pkg of this.apps.packages()) if (pkg !== this.apps.foreground) this.apps.restart(pkg);
    this.changed();
  }

  /** Shows a notification banner; tapping it opens the app on its model's `notificationRoute`. */
  push(n: Omit<Notification, 'packageName'> & { packageName?: string }): void {
    this.requireBooted();
    const packageName = n.packageName ?? this.apps.notificationTarget();
    if (!packageName)
      throw new DeviceDriverError('INVALID_INPUT', 'package_name: no installed app receives notifications; name one');
    this.apps.require(packageName);
    this.conditions.banner = { ...n, packageName };
    this.changed();
  }

  /** The banner was tapped: its app comes to the front on its notification route. */
  openNotification(): void {
    const n = this.conditions.banner;
    if (!n) return;
    this.conditions.banner = null;
    this.apps.launch(n.packageName);
    this.apps.runtimeOf(n.packageName)?.openNotification(n);
  }

  // ---- input (the InputHost of device-input.ts) ----------------------------------------------

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
    // The moves of a drag are paced; every other input's frame is drawn at once.
    if (this.inputs.handle(event)) this.changed(!(event.kind === 'touch' && event.phase === 'move'));
  }

  runtime(): AppRuntime | null {
    return this.apps.front()?.runtime ?? null;
  }

  hasForeground(): boolean {
    return this.apps.foreground !== null;
  }

  goHome(): boolean {
    if (this.apps.foreground === null) return false;
    this.apps.foreground = null;
    return true;
  }

  closeForeground(): void {
    if (this.apps.foreground !== null) this.apps.stop(this.apps.foreground);
  }

  /** The foreground app crashed: it dies, the log tells, iOS shows home and Android its dialog. */
  crashForeground(message: string): void {
    const front = this.apps.front();
    if (!front) return;
    const packageName = front.app.info.packageName;
    this.logs.crashed(packageName, message, front.runtime);
    this.apps.stop(packageName);
    if (this.spec.type === 'android')
      this.crashDialog = new CrashDialog({ platform: 'android', tv: this.spec.category === 'tv' }, front.app.info.name);
  }

  // ---- scene, frames and UI tree (the FrameSource of device-frames.ts) -------------------------

  private changed(urgent = true): void {
    if (this.booted) this.logs.observe(this.apps.foreground, this.apps.front()?.runtime ?? null);
    this.version += 1;
    this.cachedScene = null;
    this.frames.changed(urgent);
  }

  relayout(): void {
    this.cachedScene = null;
  }

  scene(): Box {
    this.cachedScene ??= this.freshScene();
    return this.cachedScene;
  }

  freshScene(): Box {
    const { root, homeFocus } = layoutDevice({
      spec: this.spec,
      profile: this.profile,
      size: this.sizePt(),
      booted: this.booted,
      foreground: this.apps.front(),
      banner: this.conditions.banner ? { ...this.conditions.banner, open: () => this.openNotification() } : null,
      systemAlert: this.crashDialog?.open ? this.crashDialog : null,
      home: {
        spec: this.spec,
        apps: this.apps.launcher(),
        focus: this.homeFocus,
        launch: (packageName) => this.launch(packageName),
      },
    });
    this.homeFocus = homeFocus;
    return root;
  }

  frame(keyframe = false): Promise<Frame> {
    return this.frames.frame(keyframe);
  }

  /** Raw RGBA of the current state, rendered fresh (determinism checks). */
  pixels(): Buffer {
    return this.frames.pixels();
  }

  uiTree(): UiNode {
    this.requireBooted();
    return toUiTree(this.scene(), this.opts.renderScale);
  }

  startStream(onFrame: (f: Frame) => void): void {
    this.requireBooted();
    this.frames.start(onFrame);
  }

  stopStream(): void {
    this.frames.stop();
  }
}
