/**
 * Builds Carewell, the clinic appointments example, into installable packages, as the other example apps are
 * built: an APK and an iOS simulator bundle zip, each correct and with its planted bugs
 * (`clinic-app/bugs.json`).
 * Usage: npx tsx examples/build-clinic-app.ts [outDir]   (default: ./data/example-apps, not tracked)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCorrectAndBuggy, runAsScript } from './build-cli';
import type { VirtualAppSpec } from './virtual-app-package';

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

if (runAsScript(import.meta.url)) await buildCorrectAndBuggy(CLINIC_APP, CLINIC_MODEL_PATH, CLINIC_BUGS_PATH);
