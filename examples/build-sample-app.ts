/**
 * Builds the sample app into installable packages:
 *   - an APK: binary AndroidManifest.xml, assets/simdeck-app.json, classes.dex, launcher icon;
 *   - an iOS simulator bundle zip: SimdeckSample.app/{Info.plist, simdeck-app.json, executable, icon}.
 * Usage: npx tsx examples/build-sample-app.ts [outDir]   (default: ./build)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import { build as buildPlist } from 'plist';
import yazl from 'yazl';
import { encodeBinaryXml } from './android-binary-xml';
import { ensureFonts, font } from '../src/virtual/fonts';

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
} as const;

/** A 192×192 launcher icon, drawn with the bundled font so it is identical on every build. */
export function sampleIconPng(size = 192): Buffer {
  ensureFonts();
  const c = createCanvas(size, size);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#5856d6';
  ctx.fillRect(0, 0, size, size);
  ctx.fillStyle = '#ffffff';
  ctx.font = font(Math.round(size * 0.55), true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText('S', size / 2, size / 2 + size * 0.03);
  return c.toBuffer('image/png');
}

export function sampleManifestXml(): Buffer {
  const a = SAMPLE_APP;
  return encodeBinaryXml({
    name: 'manifest',
    attrs: { 'android:versionCode': a.versionCode, 'android:versionName': a.versionName, package: a.packageName },
    children: [
      { name: 'uses-sdk', attrs: { 'android:minSdkVersion': a.minSdk, 'android:targetSdkVersion': a.targetSdk } },
      ...a.permissions.map((p) => ({ name: 'uses-permission', attrs: { 'android:name': p } })),
      {
        name: 'application',
        attrs: { 'android:label': a.label, 'android:icon': 'res/mipmap/ic_launcher.png' },
        children: [
          {
            name: 'activity',
            attrs: { 'android:name': `${a.packageName}.MainActivity`, 'android:exported': true },
            children: [
              {
                name: 'intent-filter',
                attrs: {},
                children: [
                  { name: 'action', attrs: { 'android:name': 'android.intent.action.MAIN' } },
                  { name: 'category', attrs: { 'android:name': 'android.intent.category.LAUNCHER' } },
                ],
              },
            ],
          },
        ],
      },
    ],
  });
}

function writeZip(outPath: string, entries: { name: string; data: Buffer; mode?: number }[]): Promise<void> {
  fs.mkdirSync(path.dirname(outPath), { recursive: true });
  const zip = new yazl.ZipFile();
  // A fixed mtime keeps builds byte-identical.
  const mtime = new Date('2026-01-01T00:00:00Z');
  for (const e of entries) zip.addBuffer(e.data, e.name, { mtime, mode: e.mode ?? 0o100644 });
  zip.end();
  return new Promise((resolve, reject) => {
    const out = fs.createWriteStream(outPath);
    zip.outputStream
      .pipe(out)
      .on('close', () => resolve())
      .on('error', reject);
  });
}

/** A DEX header with the right magic; the virtual driver never executes it. */
function placeholderDex(): Buffer {
  const b = Buffer.alloc(0x70);
  b.write('dex\n035\0', 0, 'latin1');
  b.writeUInt32LE(0x70, 0x20);
  b.writeUInt32LE(0x70, 0x24);
  b.writeUInt32LE(0x12345678, 0x28);
  return b;
}

export async function buildSampleApk(
  outPath: string,
  model: Buffer = fs.readFileSync(SAMPLE_MODEL_PATH),
): Promise<string> {
  await writeZip(outPath, [
    { name: 'AndroidManifest.xml', data: sampleManifestXml() },
    { name: 'classes.dex', data: placeholderDex() },
    { name: 'assets/simdeck-app.json', data: model },
    { name: 'res/mipmap/ic_launcher.png', data: sampleIconPng() },
  ]);
  return outPath;
}

export function sampleInfoPlist(): string {
  const a = SAMPLE_APP;
  return buildPlist({
    CFBundleIdentifier: a.packageName,
    CFBundleName: 'SimdeckSample',
    CFBundleDisplayName: a.label,
    CFBundleExecutable: 'SimdeckSample',
    CFBundlePackageType: 'APPL',
    CFBundleShortVersionString: a.versionName,
    CFBundleVersion: String(a.versionCode),
    CFBundleSupportedPlatforms: ['iPhoneSimulator'],
    MinimumOSVersion: a.minimumOsVersion,
    UIDeviceFamily: [1, 2],
    CFBundleIcons: { CFBundlePrimaryIcon: { CFBundleIconFiles: ['AppIcon60x60'], CFBundleIconName: 'AppIcon' } },
    NSCameraUsageDescription: 'Scan codes in the sample app.',
  });
}

export async function buildSampleIosZip(
  outPath: string,
  model: Buffer = fs.readFileSync(SAMPLE_MODEL_PATH),
): Promise<string> {
  const dir = 'SimdeckSample.app/';
  await writeZip(outPath, [
    { name: `${dir}Info.plist`, data: Buffer.from(sampleInfoPlist()) },
    {
      name: `${dir}SimdeckSample`,
      data: Buffer.from('#!/bin/sh\necho "SimdeckSample runs inside a simdeck virtual device"\n'),
      mode: 0o100755,
    },
    { name: `${dir}simdeck-app.json`, data: model },
    { name: `${dir}AppIcon60x60@2x.png`, data: sampleIconPng(120) },
  ]);
  return outPath;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outDir = path.resolve(process.argv[2] ?? 'build');
  const apk = await buildSampleApk(path.join(outDir, 'simdeck-sample.apk'));
  const ios = await buildSampleIosZip(path.join(outDir, 'SimdeckSample.app.zip'));
  console.log(`built ${apk}\nbuilt ${ios}`);
}
