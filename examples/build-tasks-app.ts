/**
 * Builds Tickwise, the to-do example, into installable packages, as the other example apps are
 * built: an APK and an iOS simulator bundle zip, each correct and with its planted bugs
 * (`tasks-app/bugs.json`).
 * Usage: npx tsx examples/build-tasks-app.ts [outDir]   (default: ./data/example-apps, not tracked)
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buggyModelBytes } from './planted-bugs';
import { buildVirtualApk, buildVirtualIosZip, EXAMPLE_BUILD_DIR, type VirtualAppSpec } from './virtual-app-package';
import fs from 'node:fs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const TASKS_MODEL_PATH = path.join(here, 'tasks-app', 'simdeck-app.json');
export const TASKS_BUGS_PATH = path.join(here, 'tasks-app', 'bugs.json');

export const TASKS_APP = {
  packageName: 'dev.simdeck.tickwise',
  label: 'Tickwise',
  versionName: '2.3.0',
  versionCode: 230,
  minSdk: 26,
  targetSdk: 34,
  minimumOsVersion: '16.0',
  permissions: ['android.permission.INTERNET', 'android.permission.POST_NOTIFICATIONS'],
  bundleName: 'Tickwise',
  icon: { color: '#3b6ef5', letter: 'T' },
  plistExtras: {},
} as const satisfies VirtualAppSpec;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outDir = path.resolve(process.argv[2] ?? EXAMPLE_BUILD_DIR);
  const correct = fs.readFileSync(TASKS_MODEL_PATH);
  const buggy = buggyModelBytes(TASKS_MODEL_PATH, TASKS_BUGS_PATH);
  const built = [
    await buildVirtualApk(TASKS_APP, path.join(outDir, 'tickwise.apk'), correct),
    await buildVirtualIosZip(TASKS_APP, path.join(outDir, 'Tickwise.app.zip'), correct),
    await buildVirtualApk(TASKS_APP, path.join(outDir, 'tickwise-buggy.apk'), buggy),
    await buildVirtualIosZip(TASKS_APP, path.join(outDir, 'Tickwise-buggy.app.zip'), buggy),
  ];
  console.log(built.map((f) => `built ${f}`).join('\n'));
}
