import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppModel } from '../virtual/app-model';
import type { DeviceType } from '../worker/driver';
import { DeviceDriverError } from '../worker/driver-error';
import { iconToPng } from './app-icon';
import { ACCEPTED_FORMATS, EXPECTED } from './package-formats';
import { readPackage } from './package-reader';
import { Deadline, DEFAULT_PACKAGE_LIMITS, malformed, PackageRejection, type PackageLimits } from './package-limits';
import type { ReadOutcome } from './package-facts';
import { walkTarGz } from './tar-archive';
import { ZipArchive } from './zip-archive';

/** What a device learns from a package it installs. */
export interface DevicePackage {
  platform: DeviceType;
  packageName: string;
  /** Display name (android:label / CFBundleDisplayName), else the app model's name, else the package name. */
  name: string;
  /** versionName / CFBundleShortVersionString. */
  version: string;
  /** versionCode / CFBundleVersion. */
  build: string | null;
  minOsVersion: string | null;
  permissions: string[];
  model: AppModel | null;
  /** The icon as PNG (at most 512 px). */
  icon: Buffer | null;
}

/**
 * Reads a package for installation on a `platform` device, in-process on the device worker with
 * the same bounded reader (and limits) the control plane runs in its pool. An unreadable or
 * unsafe package, or one built for the other platform, is INVALID_PACKAGE before any tool runs.
 */
export async function readDevicePackage(
  filePath: string,
  platform: DeviceType,
  limits: PackageLimits = DEFAULT_PACKAGE_LIMITS,
): Promise<DevicePackage> {
  const scratchFile = path.join(os.tmpdir(), `simdeck-package-${randomUUID()}`);
  const outcome = await readPackage({ filePath, format: null, purpose: 'install', scratchFile }, limits).finally(() =>
    fs.promises.rm(scratchFile, { force: true }),
  );
  if (!outcome.ok) throw new DeviceDriverError('INVALID_PACKAGE', describe(outcome));
  const facts = outcome.facts;
  if (facts.platform !== platform) {
    const what = facts.platform === 'android' ? 'an Android package (.apk)' : 'an iOS app bundle';
    throw new DeviceDriverError(
      'INVALID_PACKAGE',
      `${what} cannot be installed on ${platform === 'ios' ? 'an iOS' : 'an Android'} device`,
    );
  }
  let icon: Buffer | null;
  try {
    icon = await iconToPng(facts.icon, limits);
  } catch (err) {
    if (err instanceof PackageRejection) throw new DeviceDriverError('INVALID_PACKAGE', err.message);
    throw err;
  }
  return {
    platform: facts.platform,
    packageName: facts.packageName,
    name: facts.label || facts.model?.name || facts.packageName,
    version: facts.version || (facts.platform === 'ios' ? facts.buildNumber : '') || '0',
    build: facts.buildNumber || null,
    minOsVersion: facts.minSdkVersion || null,
    permissions: facts.permissions,
    model: facts.model,
    icon,
  };
}

/**
 * Unpacks an iOS app archive (.zip or .tar.gz) into `destDir` under the reader's caps (entry
 * count, names that would leave `destDir`, unpacked bytes) and returns the `.app` directory.
 */
export async function extractIosBundle(
  filePath: string,
  destDir: string,
  limits: PackageLimits = DEFAULT_PACKAGE_LIMITS,
): Promise<string> {
  const deadline = new Deadline(limits.timeMs);
  try {
    const head = Buffer.alloc(2);
    const fh = await fs.promises.open(filePath, 'r');
    try {
      await fh.read(head, 0, 2, 0);
    } finally {
      await fh.close();
    }
    const root = path.resolve(destDir);
    if (head[0] === 0x1f && head[1] === 0x8b) {
      await walkTarGz(filePath, limits, deadline, async (entry) => {
        if (entry.type !== 'file') return;
        const target = path.resolve(root, entry.name);
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        await pipeline(entry.body, fs.createWriteStream(target, { mode: entry.mode & 0o777 || 0o644 }));
      });
    } else {
      const zip = await ZipArchive.open(filePath, limits, deadline);
      try {
        await zip.extractAll(root);
      } finally {
        zip.close();
      }
    }
    const found = (await fs.promises.readdir(root, { recursive: true, withFileTypes: true }))
      .filter((d) => d.isDirectory() && d.name.endsWith('.app'))
      .map((d) => path.join(d.parentPath, d.name))
      .sort((a, b) => a.length - b.length)[0];
    if (!found) throw malformed('no .app directory in the archive');
    return found;
  } catch (err) {
    if (err instanceof PackageRejection)
      throw new DeviceDriverError('INVALID_PACKAGE', `cannot unpack the app bundle: ${err.message}`);
    throw err;
  }
}

function describe(outcome: Extract<ReadOutcome, { ok: false }>): string {
  if (outcome.kind !== 'malformed') return outcome.message;
  return `the package is not ${outcome.format ? EXPECTED[outcome.format] : ACCEPTED_FORMATS}: ${outcome.message}`;
}
