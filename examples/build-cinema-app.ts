/**
 * Builds Reelhouse, the cinema ticket example, into installable packages, as the other example apps are
 * built: an APK and an iOS simulator bundle zip, each correct and with its planted bugs
 * (`cinema-app/bugs.json`).
 * Usage: npx tsx examples/build-cinema-app.ts [outDir]   (default: ./data/example-apps, not tracked)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCorrectAndBuggy, runAsScript } from './build-cli';
import type { VirtualAppSpec } from './virtual-app-package';

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

if (runAsScript(import.meta.url)) await buildCorrectAndBuggy(CINEMA_APP, CINEMA_MODEL_PATH, CINEMA_BUGS_PATH);
