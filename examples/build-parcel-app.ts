/**
 * Builds Shipwise, the parcel delivery example, into installable packages, as the other example apps are
 * built: an APK and an iOS simulator bundle zip, each correct and with its planted bugs
 * (`parcel-app/bugs.json`).
 * Usage: npx tsx examples/build-parcel-app.ts [outDir]   (default: ./data/example-apps, not tracked)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCorrectAndBuggy, runAsScript } from './build-cli';
import type { VirtualAppSpec } from './virtual-app-package';

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

if (runAsScript(import.meta.url)) await buildCorrectAndBuggy(PARCEL_APP, PARCEL_MODEL_PATH, PARCEL_BUGS_PATH);
