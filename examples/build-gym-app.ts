/**
 * Builds Pulsefit, the gym member example, into installable packages, as the other example apps are
 * built: an APK and an iOS simulator bundle zip, each correct and with its planted bugs
 * (`gym-app/bugs.json`).
 * Usage: npx tsx examples/build-gym-app.ts [outDir]   (default: ./data/example-apps, not tracked)
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buggyModelBytes } from './planted-bugs';
import { buildVirtualApk, buildVirtualIosZip, EXAMPLE_BUILD_DIR, type VirtualAppSpec } from './virtual-app-package';
import fs from 'node:fs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const GYM_MODEL_PATH = path.join(here, 'gym-app', 'simdeck-app.json');
export const GYM_BUGS_PATH = path.join(here, 'gym-app', 'bugs.json');

export const GYM_APP = {
  packageName: 'dev.simdeck.pulsefit',
  label: 'Pulsefit',
  versionName: '3.4.1',
  versionCode: 341,
  minSdk: 26,
  targetSdk: 34,
  minimumOsVersion: '16.0',
  permissions: ['android.permission.INTERNET', 'android.permission.POST_NOTIFICATIONS'],
  bundleName: 'Pulsefit',
  icon: { color: '#d9480f', letter: 'P' },
  plistExtras: {},
} as const satisfies VirtualAppSpec;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outDir = path.resolve(process.argv[2] ?? EXAMPLE_BUILD_DIR);
  const correct = fs.readFileSync(GYM_MODEL_PATH);
  const buggy = buggyModelBytes(GYM_MODEL_PATH, GYM_BUGS_PATH);
  const built = [
    await buildVirtualApk(GYM_APP, path.join(outDir, 'pulsefit.apk'), correct),
    await buildVirtualIosZip(GYM_APP, path.join(outDir, 'Pulsefit.app.zip'), correct),
    await buildVirtualApk(GYM_APP, path.join(outDir, 'pulsefit-buggy.apk'), buggy),
    await buildVirtualIosZip(GYM_APP, path.join(outDir, 'Pulsefit-buggy.app.zip'), buggy),
  ];
  console.log(built.map((f) => `built ${f}`).join('\n'));
}
