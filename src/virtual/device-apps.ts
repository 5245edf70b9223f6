import fs from 'node:fs';
import path from 'node:path';
import type { DevicePackage as PackageInfo } from '../packages/device-package';
import type { DeviceSpec, InstalledApp, LaunchOptions } from '../worker/driver';
import { DeviceDriverError } from '../worker/driver-error';
import { AppRuntime, type Vars, type VarStore } from './app-runtime';
import { launcherOrder } from './home-screen';
import type { DeepLink } from './app-model';
import { DeviceConditions, matchDeepLink, type AppDeviceLink } from './device-conditions';
import { colorFor, systemApps, systemModel, type InstalledPackage } from './system-apps';

/** What an app shows without a model: a placeholder screen. */
class PlaceholderRun {
  readonly kind = 'placeholder';
}

type Running = AppRuntime | PlaceholderRun;

/**
 * The apps of one virtual device: what is installed, what runs, which one is in front, and each
 * app's data directory (its variables survive relaunch until clear_data or uninstall).
 */
export class DeviceApps {
  private readonly installed = new Map<string, InstalledPackage>();
  private readonly running = new Map<string, Running>();
  /** The package in the foreground, or null on the home screen. */
  foreground: string | null = null;

  constructor(
    private readonly spec: DeviceSpec,
    private readonly dataDir: string,
    private readonly conditions: DeviceConditions = new DeviceConditions(),
  ) {
    this.installSystemApps();
  }

  private installSystemApps(): void {
    for (const app of systemApps(this.spec)) this.installed.set(app.info.packageName, app);
  }

  /** Back to a fresh device: only the system apps, nothing running, no app data. */
  reset(): void {
    this.installed.clear();
    this.running.clear();
    this.foreground = null;
    this.installSystemApps();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }

  install(info: PackageInfo, options: { grantPermissions: boolean }): InstalledApp {
    if (info.platform !== this.spec.type) {
      const what = info.platform === 'android' ? 'an Android package (.apk)' : 'an iOS app bundle';
      throw new DeviceDriverError(
        'INVALID_PACKAGE',
        `${what} cannot be installed on ${this.spec.type === 'ios' ? 'an iOS' : 'an Android'} device`,
      );
    }
    const existing = this.installed.get(info.packageName);
    if (existing?.system) throw new DeviceDriverError('INVALID_PACKAGE', `${info.packageName} is a system app`);
    // Reinstalling keeps data (adb install -r / simctl install); the running copy is stopped.
    this.stop(info.packageName);
    const permissionsGranted = options.grantPermissions || (existing?.permissionsGranted ?? false);
    this.installed.set(info.packageName, {
      info,
      system: false,
      color: info.model?.color ?? colorFor(info.packageName),
      permissionsGranted,
    });
    return { packageName: info.packageName, name: info.name, version: info.version, permissionsGranted };
  }

  uninstall(packageName: string): void {
    const app = this.require(packageName);
    if (app.system)
      throw new DeviceDriverError('UNSUPPORTED', `${packageName} is a system app and cannot be uninstalled`);
    this.stop(packageName);
    this.installed.delete(packageName);
    this.wipeData(packageName);
    this.conditions.forgetApp(packageName);
  }

  /** The user's apps (system apps are left out), by package name. */
  list(): InstalledApp[] {
    return [...this.installed.values()]
      .filter((a) => !a.system)
      .map((a) => ({
        packageName: a.info.packageName,
        name: a.info.name,
        version: a.info.version,
        permissionsGranted: a.permissionsGranted,
      }))
      .sort((a, b) => a.packageName.localeCompare(b.packageName));
  }

  /** Every app in launcher order (the home screen's icons). */
  launcher(): InstalledPackage[] {
    return launcherOrder(this.installed.values());
  }

  require(packageName: string): InstalledPackage {
    const app = this.installed.get(packageName);
    if (!app) throw new DeviceDriverError('APP_NOT_INSTALLED', `${packageName} is not installed on this device`);
    return app;
  }

  isRunning(packageName: string): boolean {
    return this.running.has(packageName);
  }

  /** Brings the app to the front; it starts anew when it was not running or when parameters are given. */
  launch(packageName: string, options: LaunchOptions = {}): void {
    const app = this.require(packageName);
    const params: Vars = { ...options.params };
    if (!this.running.has(packageName) || Object.keys(params).length > 0)
      this.running.set(packageName, this.start(app, params));
    this.foreground = packageName;
  }

  private start(app: InstalledPackage, params: Vars): Running {
    const model = systemModel(this.spec, app.info.packageName, this.conditions) ?? app.info.model;
    if (!model) return new PlaceholderRun();
    return new AppRuntime(
      model,
      { platform: this.spec.type, tv: this.spec.category === 'tv', device: this.deviceLink(app) },
      this.varStore(app.info.packageName),
      params,
    );
  }

  /** What the running app reaches of the device. */
  private deviceLink(app: InstalledPackage): AppDeviceLink {
    const c = this.conditions;
    const pkg = app.info.packageName;
    return {
      appName: app.info.name,
      vars: () => c.deviceVars(),
      permission: (p) => c.permission(pkg, p, app.permissionsGranted),
      decide: (p, granted) => c.setPermission(pkg, p, granted ? 'granted' : 'denied'),
      media: () => c.media,
      clipboard: () => c.values.clipboard,
    };
  }

  /** Every installed package name (permission resets without an app apply to each). */
  packages(): string[] {
    return [...this.installed.keys()];
  }

  /** Restarts a running app on its next launch (the Photos library changed). */
  restart(packageName: string): void {
    this.running.delete(packageName);
  }

  /** The installed app whose model opens `url`, the link and its placeholders; null when none does. */
  findDeepLink(url: string): { packageName: string; link: DeepLink; values: Record<string, string> } | null {
    for (const app of this.installed.values()) {
      for (const link of app.info.model?.deepLinks ?? []) {
        const values = matchDeepLink(link.pattern, url);
        if (values) return { packageName: app.info.packageName, link, values };
      }
    }
    return null;
  }

  /** The user app a notification without a package goes to: the one in front, else the newest with a route. */
  notificationTarget(): string | null {
    const front = this.foreground ? this.installed.get(this.foreground) : undefined;
    if (front?.info.model?.notificationRoute) return front.info.packageName;
    const withRoute = [...this.installed.values()].filter((a) => !a.system && a.info.model?.notificationRoute);
    return withRoute.at(-1)?.info.packageName ?? null;
  }

  /** The app's variables in `state.json` of its data directory, written atomically. */
  private varStore(packageName: string): VarStore {
    const file = path.join(this.appDataDir(packageName), 'state.json');
    return {
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
  }

  /** Stops the app (it leaves the front if it was there). */
  stop(packageName: string): void {
    this.running.delete(packageName);
    if (this.foreground === packageName) this.foreground = null;
  }

  wipeData(packageName: string): void {
    fs.rmSync(this.appDataDir(packageName), { recursive: true, force: true });
  }

  private appDataDir(packageName: string): string {
    return path.join(this.dataDir, 'apps', packageName.replace(/[^\w.-]/g, '_'));
  }

  /** The foreground app and its running model (null when it runs without one). */
  front(): { app: InstalledPackage; runtime: AppRuntime | null } | null {
    const app = this.foreground ? this.installed.get(this.foreground) : undefined;
    if (!app) return null;
    return { app, runtime: this.runtimeOf(app.info.packageName) };
  }

  runtimeOf(packageName: string): AppRuntime | null {
    const run = this.running.get(packageName);
    return run instanceof AppRuntime ? run : null;
  }
}
