/**
 * Builds Tickwise, the to-do example, into installable packages, as the other example apps are
 * built: an APK and an iOS simulator bundle zip, each correct and with its planted bugs
 * (`tasks-app/bugs.json`).
 * Usage: npx tsx examples/build-tasks-app.ts [outDir]   (default: ./data/example-apps, not tracked)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCorrectAndBuggy, runAsScript } from './build-cli';
import type { VirtualAppSpec } from './virtual-app-package';

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

if (runAsScript(import.meta.url)) await buildCorrectAndBuggy(TASKS_APP, TASKS_MODEL_PATH, TASKS_BUGS_PATH);
