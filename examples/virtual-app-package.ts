/**
 * Packs a simdeck virtual app (a `simdeck-app.json` model) into installable packages:
 *   - an APK: binary AndroidManifest.xml, assets/simdeck-app.json, classes.dex, launcher icon;
 *   - an iOS simulator bundle zip: <Bundle>.app/{Info.plist, simdeck-app.json, executable, icon}.
 * Every build of the same inputs is byte-identical (fixed zip mtimes, icons drawn with the bundled font).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { build as buildPlist } from 'plist';
import yazl from 'yazl';
import { encodeBinaryXml } from './android-binary-xml';
import { ensureFonts, font } from '../src/virtual/fonts';

export interface VirtualAppSpec {
  packageName: string;
  label: string;
  versionName: string;
  versionCode: number;
  minSdk: number;
  targetSdk: number;
  minimumOsVersion: string;
  permissions: readonly string[];
  /** The iOS bundle's name: `<bundleName>.app`, its executable and CFBundleName. */
  bundleName: string;
  /** The launcher icon: one letter on a coloured square. */
  icon: { color: string; letter: string };
  /** Extra Info.plist keys (usage descriptions), written after the standard ones. */
  plistExtras: Readonly<Record<string, string>>;
}

/** A square launcher icon, drawn with the bundled font so it is identical on every build. */
export function appIconPng(spec: VirtualAppSpec, size = 192): Buffer {
  ensureFonts();
  const c = createCanvas(size, size);
  const ctx = c.getContext('2d');
  ctx.fillStyle = spec.icon.color;
  ctx.fillRect(0, 0, size, size);
  ctx.fillStyle = '#ffffff';
  ctx.font = font(Math.round(size * 0.55), true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(spec.icon.letter, size / 2, size / 2 + size * 0.03);
  return c.toBuffer('image/png');
}

export function manifestXml(spec: VirtualAppSpec): Buffer {
  return encodeBinaryXml({
    name: 'manifest',
    attrs: {
      'android:versionCode': spec.versionCode,
      'android:versionName': spec.versionName,
      package: spec.packageName,
    },
    children: [
      {
        name: 'uses-sdk',
        attrs: { 'android:minSdkVersion': spec.minSdk, 'android:targetSdkVersion': spec.targetSdk },
      },
      ...spec.permissions.map((p) => ({ name: 'uses-permission', attrs: { 'android:name': p } })),
      {
        name: 'application',
        attrs: { 'android:label': spec.label, 'android:icon': 'res/mipmap/ic_launcher.png' },
        children: [
          {
            name: 'activity',
            attrs: { 'android:name': `${spec.packageName}.MainActivity`, 'android:exported': true },
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

export function infoPlist(spec: VirtualAppSpec): string {
  return buildPlist({
    CFBundleIdentifier: spec.packageName,
    CFBundleName: spec.bundleName,
    CFBundleDisplayName: spec.label,
    CFBundleExecutable: spec.bundleName,
    CFBundlePackageType: 'APPL',
    CFBundleShortVersionString: spec.versionName,
    CFBundleVersion: String(spec.versionCode),
    CFBundleSupportedPlatforms: ['iPhoneSimulator'],
    MinimumOSVersion: spec.minimumOsVersion,
    UIDeviceFamily: [1, 2],
    CFBundleIcons: { CFBundlePrimaryIcon: { CFBundleIconFiles: ['AppIcon60x60'], CFBundleIconName: 'AppIcon' } },
    ...spec.plistExtras,
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

export async function buildVirtualApk(spec: VirtualAppSpec, outPath: string, model: Buffer): Promise<string> {
  await writeZip(outPath, [
    { name: 'AndroidManifest.xml', data: manifestXml(spec) },
    { name: 'classes.dex', data: placeholderDex() },
    { name: 'assets/simdeck-app.json', data: model },
    { name: 'res/mipmap/ic_launcher.png', data: appIconPng(spec) },
  ]);
  return outPath;
}

export async function buildVirtualIosZip(spec: VirtualAppSpec, outPath: string, model: Buffer): Promise<string> {
  const dir = `${spec.bundleName}.app/`;
  await writeZip(outPath, [
    { name: `${dir}Info.plist`, data: Buffer.from(infoPlist(spec)) },
    {
      name: `${dir}${spec.bundleName}`,
      data: Buffer.from(`#!/bin/sh\necho "${spec.bundleName} runs inside a simdeck virtual device"\n`),
      mode: 0o100755,
    },
    { name: `${dir}simdeck-app.json`, data: model },
    { name: `${dir}AppIcon60x60@2x.png`, data: appIconPng(spec, 120) },
  ]);
  return outPath;
}

/** Where `examples/build-*-app.ts` write their packages by default: under the git-ignored data directory. */
export const EXAMPLE_BUILD_DIR = 'data/example-apps';
