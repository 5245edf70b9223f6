/**
 * Builds Fernbank, the personal banking example, into installable packages, as the other example apps are
 * built: an APK and an iOS simulator bundle zip, each correct and with its planted bugs
 * (`bank-app/bugs.json`).
 * Usage: npx tsx examples/build-bank-app.ts [outDir]   (default: ./data/example-apps, not tracked)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCorrectAndBuggy, runAsScript } from './build-cli';
import type { VirtualAppSpec } from './virtual-app-package';

const here = path.dirname(fileURLToPath(import.meta.url));
export const BANK_MODEL_PATH = path.join(here, 'bank-app', 'simdeck-app.json');
export const BANK_BUGS_PATH = path.join(here, 'bank-app', 'bugs.json');

export const BANK_APP = {
  packageName: 'dev.simdeck.fernbank',
  label: 'Fernbank',
  versionName: '4.2.1',
  versionCode: 421,
  minSdk: 26,
  targetSdk: 34,
  minimumOsVersion: '16.0',
  permissions: ['android.permission.INTERNET', 'android.permission.POST_NOTIFICATIONS'],
  bundleName: 'Fernbank',
  icon: { color: '#1f7a5a', letter: 'F' },
  plistExtras: {},
} as const satisfies VirtualAppSpec;

if (runAsScript(import.meta.url)) await buildCorrectAndBuggy(BANK_APP, BANK_MODEL_PATH, BANK_BUGS_PATH);
