import type { DeviceType } from '../driver';
import { DeviceDriverError } from '../driver-error';
import { PackageError, readPackage, type PackageInfo } from '../../virtual/package-reader';

/**
 * Reads an app package for installation on a `platform` device. An unreadable package, or one
 * built for the other platform, is refused as INVALID_PACKAGE before any tool runs.
 */
export async function readInstallablePackage(filePath: string, platform: DeviceType): Promise<PackageInfo> {
  let info: PackageInfo;
  try {
    info = await readPackage(filePath);
  } catch (err) {
    if (err instanceof PackageError) throw new DeviceDriverError('INVALID_PACKAGE', err.message);
    throw err;
  }
  if (info.platform !== platform) {
    const what = info.platform === 'android' ? 'an Android package (.apk)' : 'an iOS app bundle';
    throw new DeviceDriverError('INVALID_PACKAGE', `${what} cannot be installed on ${platform === 'ios' ? 'an iOS' : 'an Android'} device`);
  }
  return info;
}
