/**
 * Builds Forkly, the food delivery example, into installable packages, as the other example apps are
 * built: an APK and an iOS simulator bundle zip, each correct and with its planted bugs
 * (`food-app/bugs.json`).
 * Usage: npx tsx examples/build-food-app.ts [outDir]   (default: ./data/example-apps, not tracked)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCorrectAndBuggy, runAsScript } from './build-cli';
import type { VirtualAppSpec } from './virtual-app-package';

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

if (runAsScript(import.meta.url)) await buildCorrectAndBuggy(FOOD_APP, FOOD_MODEL_PATH, FOOD_BUGS_PATH);
