import type { AlertSpec } from './app-model';
import type { LayoutHost, RuntimeEnv } from './app-layout';
import type { Scope, Vars } from './app-templates';

/**
 * Android's "<app> keeps stopping" dialog over the home screen after an app crashed: a system
 * alert with "App info" and "Close app" (either dismisses it). Laid out like an app's alert.
 */
export class CrashDialog implements LayoutHost {
  readonly params: Vars = {};
  vars: Vars = {};
  focus: string | null = null;
  editing: string | null = null;
  alert: { spec: AlertSpec; scope: Scope } | null;

  constructor(
    readonly env: RuntimeEnv,
    appName: string,
  ) {
    this.alert = {
      spec: {
        title: `${appName} keeps stopping`,
        buttons: [
          { label: 'App info', id: 'crash-app-info', style: 'default' },
          { label: 'Close app', id: 'crash-close-app', style: 'default' },
        ],
      },
      scope: {},
    };
  }

  get open(): boolean {
    return this.alert !== null;
  }

  run(): void {}

  persist(): void {}
}
