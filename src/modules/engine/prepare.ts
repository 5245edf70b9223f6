import type { Ctx } from '../../context';
import type { ResetStrategy } from '../../db/schema';
import { AppError } from '../../errors';
import type { AppsService, InstallableBuild } from '../apps/apps.service';
import type { DeviceHandle } from '../sessions/device-handle';

/**
 * The build a run installs: the one asked for, else the app's latest; null when the case or suite
 * has no app. The build's rules were checked when the run was accepted.
 */
export async function buildForRun(apps: AppsService, ctx: Ctx, appId: number | null, buildId: number | null): Promise<InstallableBuild | null> {
  if (appId === null) return null;
  if (buildId !== null) return apps.resolveBuildForInstall({ ctx, input: { buildId, appId } });
  return apps.latestBuild({ ctx, input: { appId: String(appId) } }).catch((err) => {
    if (err instanceof AppError && err.code === 'NOT_FOUND') throw new AppError('UNPROCESSABLE', "The app has no build to install; upload one first");
    throw err;
  });
}

/**
 * Installs the run's build (keeping the app's data, as `adb install -r` does). Always: two builds
 * of one version cannot be told apart on the device, and a run must test the build it names.
 */
export async function installBuild(device: DeviceHandle, b: InstallableBuild): Promise<void> {
  await device.install({ storageKey: b.build.storageKey, fileName: b.build.fileName });
}

/** Whether an error only says the app was not there (terminating or uninstalling it is then done). */
function notInstalled(err: unknown): boolean {
  return err instanceof AppError && err.code === 'UNPROCESSABLE' && /not installed/i.test(err.detail);
}

/**
 * The suite's reset strategy before a case (DECISIONS.md, "Execution"): `relaunch` terminates and
 * launches, `clear_data` clears the app's data then launches, `reinstall` uninstalls, installs
 * and launches.
 */
export async function resetApp(device: DeviceHandle, strategy: ResetStrategy, b: InstallableBuild): Promise<void> {
  const pkg = b.app.packageName;
  const tolerate = (p: Promise<void>) => p.catch((err) => {
    if (!notInstalled(err)) throw err;
  });
  switch (strategy) {
    case 'relaunch':
      await tolerate(device.terminate(pkg));
      break;
    case 'clear_data':
      await tolerate(device.terminate(pkg));
      await device.clearData(pkg);
      break;
    case 'reinstall':
      await tolerate(device.uninstall(pkg));
      await device.install({ storageKey: b.build.storageKey, fileName: b.build.fileName });
      break;
  }
  await device.launch(pkg);
}
