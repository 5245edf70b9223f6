import type { Ctx } from '../../../context';
import type { ResetStrategy } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { AppsService, InstallableBuild } from '../../apps';
import type { DeviceHandle } from '../../sessions';

/**
 * The build a run installs: the one asked for, else the app's latest; null when the case or suite
 * has no app. The build's rules were checked when the run was accepted.
 */
export async function buildForRun(
  apps: AppsService,
  ctx: Ctx,
  appId: number | null,
  buildId: number | null,
): Promise<InstallableBuild | null> {
  if (appId === null) return null;
  if (buildId !== null) return apps.resolveBuildForInstall({ ctx, input: { buildId, appId } });
  return apps.latestBuild({ ctx, input: { appId: String(appId) } }).catch((err) => {
    if (err instanceof AppError && err.code === 'NOT_FOUND')
      throw new AppError('UNPROCESSABLE', 'The app has no build to install; upload one first');
    throw err;
  });
}

/**
 * Which build the engine last installed on each session's device. Two builds of one version look
 * the same on a device, so the version alone cannot tell a run that its build is already there.
 */
export class InstalledBuilds {
  private readonly bySession = new Map<string, Map<string, number>>();

  record(sessionId: string, packageName: string, buildId: number): void {
    let apps = this.bySession.get(sessionId);
    if (!apps) this.bySession.set(sessionId, (apps = new Map()));
    apps.set(packageName, buildId);
  }

  has(sessionId: string, packageName: string, buildId: number): boolean {
    return this.bySession.get(sessionId)?.get(packageName) === buildId;
  }

  forget(sessionId: string): void {
    this.bySession.delete(sessionId);
  }
}

/**
 * Installs the run's build (keeping the app's data, as `adb install -r` does), unless the device
 * already has that build: the same version installed by the engine from the same build on this
 * session. Returns whether it installed.
 */
export async function installIfNeeded(
  device: DeviceHandle,
  b: InstallableBuild,
  installed: InstalledBuilds,
): Promise<boolean> {
  const onDevice = (await device.listApps()).find((a) => a.packageName === b.app.packageName);
  if (onDevice?.version === b.build.version && installed.has(device.sessionId, b.app.packageName, b.build.id))
    return false;
  await device.install({ storageKey: b.build.storageKey, fileName: b.build.fileName });
  installed.record(device.sessionId, b.app.packageName, b.build.id);
  return true;
}

/** Whether an error only says the app was not there (terminating or uninstalling it is then done). */
function notInstalled(err: unknown): boolean {
  return err instanceof AppError && err.code === 'UNPROCESSABLE' && /not installed/i.test(err.detail);
}

/**
 * The suite's reset strategy before a case (docs/design/0016-execution.md): `relaunch` terminates and
 * launches, `clear_data` clears the app's data then launches, `reinstall` uninstalls, installs
 * and launches.
 */
export async function resetApp(
  device: DeviceHandle,
  strategy: ResetStrategy,
  b: InstallableBuild,
  installed: InstalledBuilds,
): Promise<void> {
  const pkg = b.app.packageName;
  const tolerate = (p: Promise<void>) =>
    p.catch((err) => {
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
      installed.record(device.sessionId, pkg, b.build.id);
      break;
  }
  await device.launch(pkg);
}
