/**
 * Builds Homely, the smart-home example, into installable packages, as the other example apps are
 * built: an APK and an iOS simulator bundle zip, each correct and with its planted bugs
 * (`home-app/bugs.json`).
 * Usage: npx tsx examples/build-home-app.ts [outDir]   (default: ./data/example-apps, not tracked)
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buggyModelBytes } from './planted-bugs';
import { buildVirtualApk, buildVirtualIosZip, EXAMPLE_BUILD_DIR, type VirtualAppSpec } from './virtual-app-package';
import fs from 'node:fs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const HOME_MODEL_PATH = path.join(here, 'home-app', 'simdeck-app.json');
export const HOME_BUGS_PATH = path.join(here, 'home-app', 'bugs.json');

export const HOME_APP = {
  packageName: 'dev.simdeck.homely',
  label: 'Homely',
  versionName: '3.4.1',
  versionCode: 341,
  minSdk: 26,
  targetSdk: 34,
  minimumOsVersion: '16.0',
  permissions: ['android.permission.INTERNET', 'android.permission.POST_NOTIFICATIONS'],
  bundleName: 'Homely',
  icon: { color: '#0b7285', letter: 'H' },
  plistExtras: {},
} as const satisfies VirtualAppSpec;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outDir = path.resolve(process.argv[2] ?? EXAMPLE_BUILD_DIR);
  const correct = fs.readFileSync(HOME_MODEL_PATH);
  const buggy = buggyModelBytes(HOME_MODEL_PATH, HOME_BUGS_PATH);
  const built = [
    await buildVirtualApk(HOME_APP, path.join(outDir, 'homely.apk'), correct),
    await buildVirtualIosZip(HOME_APP, path.join(outDir, 'Homely.app.zip'), correct),
    await buildVirtualApk(HOME_APP, path.join(outDir, 'homely-buggy.apk'), buggy),
    await buildVirtualIosZip(HOME_APP, path.join(outDir, 'Homely-buggy.app.zip'), buggy),
  ];
  console.log(built.map((f) => `built ${f}`).join('\n'));
}
