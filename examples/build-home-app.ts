/**
 * Builds Homely, the smart-home example, into installable packages, as the other example apps are
 * built: an APK and an iOS simulator bundle zip, each correct and with its planted bugs
 * (`home-app/bugs.json`).
 * Usage: npx tsx examples/build-home-app.ts [outDir]   (default: ./data/example-apps, not tracked)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCorrectAndBuggy, runAsScript } from './build-cli';
import type { VirtualAppSpec } from './virtual-app-package';

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

if (runAsScript(import.meta.url)) await buildCorrectAndBuggy(HOME_APP, HOME_MODEL_PATH, HOME_BUGS_PATH);
