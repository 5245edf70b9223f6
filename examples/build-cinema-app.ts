/**
 * Builds Reelhouse, the cinema ticket example, into installable packages, as the other example apps are
 * built: an APK and an iOS simulator bundle zip, each correct and with its planted bugs
 * (`cinema-app/bugs.json`).
 * Usage: npx tsx examples/build-cinema-app.ts [outDir]   (default: ./data/example-apps, not tracked)
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buggyModelBytes } from './planted-bugs';
import { buildVirtualApk, buildVirtualIosZip, EXAMPLE_BUILD_DIR, type VirtualAppSpec } from './virtual-app-package';
import fs from 'node:fs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const CINEMA_MODEL_PATH = path.join(here, 'cinema-app', 'simdeck-app.json');
export const CINEMA_BUGS_PATH = path.join(here, 'cinema-app', 'bugs.json');

export const CINEMA_APP = {
  packageName: 'dev.simdeck.reelhouse',
  label: 'Reelhouse',
  versionName: '3.4.1',
  versionCode: 341,
  minSdk: 26,
  targetSdk: 34,
  minimumOsVersion: '16.0',
  permissions: ['android.permission.INTERNET', 'android.permission.POST_NOTIFICATIONS'],
  bundleName: 'Reelhouse',
  icon: { color: '#7b2cbf', letter: 'R' },
  plistExtras: {},
} as const satisfies VirtualAppSpec;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outDir = path.resolve(process.argv[2] ?? EXAMPLE_BUILD_DIR);
  const correct = fs.readFileSync(CINEMA_MODEL_PATH);
  const buggy = buggyModelBytes(CINEMA_MODEL_PATH, CINEMA_BUGS_PATH);
  const built = [
    await buildVirtualApk(CINEMA_APP, path.join(outDir, 'reelhouse.apk'), correct),
    await buildVirtualIosZip(CINEMA_APP, path.join(outDir, 'Reelhouse.app.zip'), correct),
    await buildVirtualApk(CINEMA_APP, path.join(outDir, 'reelhouse-buggy.apk'), buggy),
    await buildVirtualIosZip(CINEMA_APP, path.join(outDir, 'Reelhouse-buggy.app.zip'), buggy),
  ];
  console.log(built.map((f) => `built ${f}`).join('\n'));
}
