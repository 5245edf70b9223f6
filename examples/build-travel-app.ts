/**
 * Builds Wayfarer, the travel booking example, into installable packages, as the sample app's
 * are built: an APK and an iOS simulator bundle zip, each correct and with its planted bugs
 * (`travel-app/bugs.json`).
 * Usage: npx tsx examples/build-travel-app.ts [outDir]   (default: ./data/example-apps, not tracked)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCorrectAndBuggy, runAsScript } from './build-cli';
import { buggyModelBytes } from './planted-bugs';
import { buildVirtualApk, buildVirtualIosZip, type VirtualAppSpec } from './virtual-app-package';

const here = path.dirname(fileURLToPath(import.meta.url));
export const TRAVEL_MODEL_PATH = path.join(here, 'travel-app', 'simdeck-app.json');
export const TRAVEL_BUGS_PATH = path.join(here, 'travel-app', 'bugs.json');

export const TRAVEL_APP = {
  packageName: 'dev.simdeck.wayfarer',
  label: 'Wayfarer',
  versionName: '3.4.1',
  versionCode: 341,
  minSdk: 26,
  targetSdk: 34,
  minimumOsVersion: '16.0',
  permissions: ['android.permission.INTERNET', 'android.permission.POST_NOTIFICATIONS'],
  bundleName: 'Wayfarer',
  icon: { color: '#0a7ea4', letter: 'W' },
  plistExtras: { NSFaceIDUsageDescription: 'Sign in to Wayfarer with Face ID.' },
} as const satisfies VirtualAppSpec;

/** The model with every planted bug of `bugs.json` applied. */
export function buggyTravelModel(): Buffer {
  return buggyModelBytes(TRAVEL_MODEL_PATH, TRAVEL_BUGS_PATH);
}

export function buildTravelApk(outPath: string, model: Buffer = fs.readFileSync(TRAVEL_MODEL_PATH)): Promise<string> {
  return buildVirtualApk(TRAVEL_APP, outPath, model);
}

export function buildTravelIosZip(
  outPath: string,
  model: Buffer = fs.readFileSync(TRAVEL_MODEL_PATH),
): Promise<string> {
  return buildVirtualIosZip(TRAVEL_APP, outPath, model);
}

if (runAsScript(import.meta.url)) await buildCorrectAndBuggy(TRAVEL_APP, TRAVEL_MODEL_PATH, TRAVEL_BUGS_PATH);
