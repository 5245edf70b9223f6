/**
 * Builds the sample app into installable packages:
 *   - an APK: binary AndroidManifest.xml, assets/simdeck-app.json, classes.dex, launcher icon;
 *   - an iOS simulator bundle zip: SimdeckSample.app/{Info.plist, simdeck-app.json, executable, icon}.
 * Usage: npx tsx examples/build-sample-app.ts [outDir]   (default: ./data/example-apps, not tracked)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  EXAMPLE_BUILD_DIR,
  appIconPng,
  buildVirtualApk,
  buildVirtualIosZip,
  infoPlist,
  manifestXml,
  type VirtualAppSpec,
} from './virtual-app-package';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SAMPLE_MODEL_PATH = path.join(here, 'sample-app', 'simdeck-app.json');

export const SAMPLE_APP = {
  packageName: 'dev.simdeck.sample',
  label: 'Simdeck Sample',
  versionName: '1.2.0',
  versionCode: 12,
  minSdk: 26,
  targetSdk: 34,
  minimumOsVersion: '16.0',
  permissions: ['android.permission.INTERNET', 'android.permission.CAMERA', 'android.permission.POST_NOTIFICATIONS'],
  bundleName: 'SimdeckSample',
  icon: { color: '#5856d6', letter: 'S' },
  plistExtras: { NSCameraUsageDescription: 'Scan codes in the sample app.' },
} as const satisfies VirtualAppSpec;

/** A 192×192 launcher icon, drawn with the bundled font so it is identical on every build. */
export function sampleIconPng(size = 192): Buffer {
  return appIconPng(SAMPLE_APP, size);
}

export function sampleManifestXml(): Buffer {
  return manifestXml(SAMPLE_APP);
}

export function sampleInfoPlist(): string {
  return infoPlist(SAMPLE_APP);
}

export function buildSampleApk(outPath: string, model: Buffer = fs.readFileSync(SAMPLE_MODEL_PATH)): Promise<string> {
  return buildVirtualApk(SAMPLE_APP, outPath, model);
}

export function buildSampleIosZip(
  outPath: string,
  model: Buffer = fs.readFileSync(SAMPLE_MODEL_PATH),
): Promise<string> {
  return buildVirtualIosZip(SAMPLE_APP, outPath, model);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outDir = path.resolve(process.argv[2] ?? EXAMPLE_BUILD_DIR);
  const apk = await buildSampleApk(path.join(outDir, 'simdeck-sample.apk'));
  const ios = await buildSampleIosZip(path.join(outDir, 'SimdeckSample.app.zip'));
  console.log(`built ${apk}\nbuilt ${ios}`);
}
