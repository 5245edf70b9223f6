/**
 * Builds Forkly, the food delivery example, into installable packages, as the other example apps are
 * built: an APK and an iOS simulator bundle zip, each correct and with its planted bugs
 * (`food-app/bugs.json`).
 * Usage: npx tsx examples/build-food-app.ts [outDir]   (default: ./data/example-apps, not tracked)
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buggyModelBytes } from './planted-bugs';
import { buildVirtualApk, buildVirtualIosZip, EXAMPLE_BUILD_DIR, type VirtualAppSpec } from './virtual-app-package';
import fs from 'node:fs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const FOOD_MODEL_PATH = path.join(here, 'food-app', 'simdeck-app.json');
export const FOOD_BUGS_PATH = path.join(here, 'food-app', 'bugs.json');

export const FOOD_APP = {
  packageName: 'dev.simdeck.forkly',
  label: 'Forkly',
  versionName: '5.0.2',
  versionCode: 502,
  minSdk: 26,
  targetSdk: 34,
  minimumOsVersion: '16.0',
  permissions: ['android.permission.INTERNET', 'android.permission.POST_NOTIFICATIONS'],
  bundleName: 'Forkly',
  icon: { color: '#e8590c', letter: 'F' },
  plistExtras: {},
} as const satisfies VirtualAppSpec;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outDir = path.resolve(process.argv[2] ?? EXAMPLE_BUILD_DIR);
  const correct = fs.readFileSync(FOOD_MODEL_PATH);
  const buggy = buggyModelBytes(FOOD_MODEL_PATH, FOOD_BUGS_PATH);
  const built = [
    await buildVirtualApk(FOOD_APP, path.join(outDir, 'forkly.apk'), correct),
    await buildVirtualIosZip(FOOD_APP, path.join(outDir, 'Forkly.app.zip'), correct),
    await buildVirtualApk(FOOD_APP, path.join(outDir, 'forkly-buggy.apk'), buggy),
    await buildVirtualIosZip(FOOD_APP, path.join(outDir, 'Forkly-buggy.app.zip'), buggy),
  ];
  console.log(built.map((f) => `built ${f}`).join('\n'));
}
