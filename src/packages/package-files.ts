/** Files every platform reads out of a package: the launcher icon and the simdeck app model. */
import { AppModelError, parseAppModel, type AppModel } from '../virtual/app-model';
import { malformed, PackageRejection, type PackageLimits } from './package-limits';
import type { PackageFacts } from './package-facts';
import type { ZipArchive } from './zip-archive';

/** The first candidate that is present and within `maxIconBytes` (an oversized icon is skipped, never inflated). */
export async function readIcon(
  zip: ZipArchive,
  limits: PackageLimits,
  candidates: string[],
): Promise<PackageFacts['icon']> {
  for (const name of candidates) {
    try {
      const bytes = await zip.read(name, limits.maxIconBytes);
      if (bytes && bytes.length > 0) return { name, bytes };
    } catch (err) {
      if (!(err instanceof PackageRejection) || err.kind === 'unsafe') throw err;
    }
  }
  return null;
}

export async function readModel(zip: ZipArchive, entry: string, limits: PackageLimits): Promise<AppModel | null> {
  const buf = await zip.read(entry, limits.maxAppModelBytes);
  return buf ? parseModel(buf) : null;
}

/** Validates a simdeck-app.json; its errors name the bad paths. */
export function parseModel(buf: Buffer): AppModel {
  try {
    return parseAppModel(buf.toString('utf8'));
  } catch (err) {
    if (err instanceof AppModelError) throw malformed(err.message);
    if (err instanceof RangeError) throw malformed('simdeck-app.json nests too deeply');
    throw err;
  }
}
