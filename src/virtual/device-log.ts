import type { DeviceSpec } from '../worker/driver';
import { DeviceLog, type LogLevel } from '../worker/logs/device-log';
import type { AppModel } from './app-model';
import type { AppRuntime } from './app-runtime';
import { renderTemplate } from './app-templates';

/** What stands for a secret in a line (typed secure text). */
export const MASK = '••••';

/** What the device shows, as far as its log tells: the app in front, its screen and its alert. */
interface Shown {
  app: string | null;
  screen: string | null;
  alert: string | null;
}

/**
 * The log of a virtual device, written like the platform's own: launches and terminations by the
 * system (`ActivityManager` on Android, `SpringBoard` on iOS), the screens and alerts an app
 * shows, what its model logs, and its crashes with a stack-like excerpt. Values typed into secure
 * inputs never reach a line (they are masked).
 */
export class VirtualDeviceLog {
  readonly log = new DeviceLog();
  private shown: Shown = { app: null, screen: null, alert: null };

  constructor(
    private readonly spec: DeviceSpec,
    private readonly now: () => number,
  ) {}

  private get systemTag(): string {
    return this.spec.type === 'android' ? 'ActivityManager' : 'SpringBoard';
  }

  system(level: LogLevel, message: string): void {
    this.log.write({ at: this.now(), level, source: 'system', tag: this.systemTag, message });
  }

  app(packageName: string, level: LogLevel, message: string, runtime?: AppRuntime | null): number {
    const text = runtime ? maskSecrets(message, runtime) : message;
    return this.log.write({ at: this.now(), level, source: 'app', tag: packageName, message: text }).seq;
  }

  launched(packageName: string, fresh: boolean): void {
    if (this.spec.type === 'android')
      this.system('info', `${fresh ? 'Start proc' : 'Resume'} ${packageName}: activity ${packageName}/.MainActivity`);
    else this.system('info', `${fresh ? 'Launching' : 'Activating'} application ${packageName}`);
  }

  terminated(packageName: string): void {
    if (this.spec.type === 'android') this.system('info', `Force stopping ${packageName}: from pid 1`);
    else this.system('info', `Application ${packageName} terminated`);
  }

  /** Lines for what changed on screen since the last look: the screen an app shows, an alert. */
  observe(app: string | null, runtime: AppRuntime | null): void {
    const now: Shown = {
      app,
      screen: runtime ? runtime.screenId : null,
      alert: runtime?.alert
        ? renderTemplate(runtime.alert.spec.title, runtime.vars, runtime.alert.scope, runtime.params)
        : null,
    };
    const before = this.shown;
    this.shown = now;
    if (!app || !runtime) return;
    if (now.app !== before.app || now.screen !== before.screen) {
      const raw = runtime.model.screens[now.screen!]?.title ?? '';
      const title = renderTemplate(raw, runtime.vars, {}, runtime.params);
      this.app(app, 'info', `Screen shown: ${now.screen} (${title})`, runtime);
    }
    if (now.alert !== null && (now.alert !== before.alert || now.app !== before.app))
      this.app(app, 'info', `Alert shown: ${now.alert}`, runtime);
  }

  /** The app's process died: the crash line, a stack-like excerpt, and the system's note. */
  crashed(packageName: string, message: string, runtime: AppRuntime | null): void {
    const text = runtime ? maskSecrets(message, runtime) : message;
    const screen = runtime?.screenId ?? 'unknown';
    const android = this.spec.type === 'android';
    const head = android ? 'FATAL EXCEPTION: main' : `*** Terminating app due to uncaught exception: ${text}`;
    const excerpt = android
      ? [
          head,
          `Process: ${packageName}, PID: 4242`,
          `java.lang.RuntimeException: ${text}`,
          `\tat ${packageName}.screens.${safeIdent(screen)}.onAction(Screen.java:42)`,
          '\tat android.view.View.performClick(View.java:7659)',
          '\tat android.os.Handler.dispatchMessage(Handler.java:106)',
        ]
      : [
          head,
          '*** First throw call stack:',
          `0   ${packageName}  -[${safeIdent(screen)}Screen handleAction:] + 42`,
          '1   UIKitCore  -[UIApplication sendAction:to:from:forEvent:] + 96',
          '2   libdyld.dylib  start + 1',
        ];
    const at = this.now();
    const first = this.log.write({
      at,
      level: 'fatal',
      source: 'app',
      tag: android ? 'AndroidRuntime' : packageName,
      message: excerpt[0]!,
    });
    for (const line of excerpt.slice(1))
      this.log.write({
        at,
        level: 'fatal',
        source: 'app',
        tag: android ? 'AndroidRuntime' : packageName,
        message: line,
      });
    this.log.crash({ seq: first.seq, at, package_name: packageName, message: text, excerpt });
    if (android) this.system('warn', `Process ${packageName} (pid 4242) has died: fg  TOP`);
    else this.system('warn', `Application ${packageName} exited abnormally (crash)`);
    this.shown = { app: null, screen: null, alert: null };
  }

  clear(): void {
    this.log.clear();
    this.shown = { app: null, screen: null, alert: null };
  }
}

function safeIdent(s: string): string {
  return s.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 64) || 'Screen';
}

/** The values of the app's secure inputs, masked wherever they appear in `text`. */
export function maskSecrets(text: string, runtime: { model: AppModel; vars: Record<string, unknown> }): string {
  let out = text;
  for (const bind of secureBinds(runtime.model)) {
    const value = runtime.vars[bind];
    if (typeof value === 'string' && value.length > 0) out = out.split(value).join(MASK);
  }
  return out;
}

const bindsCache = new WeakMap<AppModel, string[]>();

function secureBinds(model: AppModel): string[] {
  let binds = bindsCache.get(model);
  if (!binds) {
    binds = [];
    for (const screen of Object.values(model.screens))
      for (const el of screen.elements) if (el.type === 'input' && el.secure) binds.push(el.bind);
    bindsCache.set(model, binds);
  }
  return binds;
}
