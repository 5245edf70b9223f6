/**
 * Builds Shipwise, the parcel delivery example, into installable packages, as the other example apps are
 * built: an APK and an iOS simulator bundle zip, each correct and with its planted bugs
 * (`parcel-app/bugs.json`).
 * Usage: npx tsx examples/build-parcel-app.ts [outDir]   (default: ./data/example-apps, not tracked)
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buggyModelBytes } from './planted-bugs';
import { buildVirtualApk, buildVirtualIosZip, EXAMPLE_BUILD_DIR, type VirtualAppSpec } from './virtual-app-package';
import fs from 'node:fs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const PARCEL_MODEL_PATH = path.join(here, 'parcel-app', 'simdeck-app.json');
export const PARCEL_BUGS_PATH = path.join(here, 'parcel-app', 'bugs.json');

export const PARCEL_APP = {
  packageName: 'dev.simdeck.shipwise',
  label: 'Shipwise',
  versionName: '2.8.0',
  versionCode: 280,
  minSdk: 26,
  targetSdk: 34,
  minimumOsVersion: '16.0',
  permissions: ['android.permission.INTERNET', 'android.permission.POST_NOTIFICATIONS'],
  bundleName: 'Shipwise',
  icon: { color: '#e8590c', letter: 'S' },
  plistExtras: {},
} as const satisfies VirtualAppSpec;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outDir = path.resolve(process.argv[2] ?? EXAMPLE_BUILD_DIR);
  const correct = fs.readFileSync(PARCEL_MODEL_PATH);
  const buggy = buggyModelBytes(PARCEL_MODEL_PATH, PARCEL_BUGS_PATH);
  const built = [
    await buildVirtualApk(PARCEL_APP, path.join(outDir, 'shipwise.apk'), correct),
    await buildVirtualIosZip(PARCEL_APP, path.join(outDir, 'Shipwise.app.zip'), correct),
    await buildVirtualApk(PARCEL_APP, path.join(outDir, 'shipwise-buggy.apk'), buggy),
    await buildVirtualIosZip(PARCEL_APP, path.join(outDir, 'Shipwise-buggy.app.zip'), buggy),
  ];
  console.log(built.map((f) => `built ${f}`).join('\n'));
}
