/**
 * Builds Carewell, the clinic appointments example, into installable packages, as the other example apps are
 * built: an APK and an iOS simulator bundle zip, each correct and with its planted bugs
 * (`clinic-app/bugs.json`).
 * Usage: npx tsx examples/build-clinic-app.ts [outDir]   (default: ./data/example-apps, not tracked)
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buggyModelBytes } from './planted-bugs';
import { buildVirtualApk, buildVirtualIosZip, EXAMPLE_BUILD_DIR, type VirtualAppSpec } from './virtual-app-package';
import fs from 'node:fs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const CLINIC_MODEL_PATH = path.join(here, 'clinic-app', 'simdeck-app.json');
export const CLINIC_BUGS_PATH = path.join(here, 'clinic-app', 'bugs.json');

export const CLINIC_APP = {
  packageName: 'dev.simdeck.carewell',
  label: 'Carewell',
  versionName: '3.1.0',
  versionCode: 310,
  minSdk: 26,
  targetSdk: 34,
  minimumOsVersion: '16.0',
  permissions: ['android.permission.INTERNET', 'android.permission.POST_NOTIFICATIONS'],
  bundleName: 'Carewell',
  icon: { color: '#2a6fb0', letter: 'C' },
  plistExtras: {},
} as const satisfies VirtualAppSpec;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outDir = path.resolve(process.argv[2] ?? EXAMPLE_BUILD_DIR);
  const correct = fs.readFileSync(CLINIC_MODEL_PATH);
  const buggy = buggyModelBytes(CLINIC_MODEL_PATH, CLINIC_BUGS_PATH);
  const built = [
    await buildVirtualApk(CLINIC_APP, path.join(outDir, 'carewell.apk'), correct),
    await buildVirtualIosZip(CLINIC_APP, path.join(outDir, 'Carewell.app.zip'), correct),
    await buildVirtualApk(CLINIC_APP, path.join(outDir, 'carewell-buggy.apk'), buggy),
    await buildVirtualIosZip(CLINIC_APP, path.join(outDir, 'Carewell-buggy.app.zip'), buggy),
  ];
  console.log(built.map((f) => `built ${f}`).join('\n'));
}
