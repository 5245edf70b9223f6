/**
 * Builds Pulsefit, the gym member example, into installable packages, as the other example apps are
 * built: an APK and an iOS simulator bundle zip, each correct and with its planted bugs
 * (`gym-app/bugs.json`).
 * Usage: npx tsx examples/build-gym-app.ts [outDir]   (default: ./data/example-apps, not tracked)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCorrectAndBuggy, runAsScript } from './build-cli';
import type { VirtualAppSpec } from './virtual-app-package';

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

if (runAsScript(import.meta.url)) await buildCorrectAndBuggy(GYM_APP, GYM_MODEL_PATH, GYM_BUGS_PATH);
