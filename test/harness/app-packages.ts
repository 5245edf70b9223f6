import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import * as plist from 'plist';
import sharp from 'sharp';
import tar from 'tar-stream';
import yauzl from 'yauzl';
import yazl from 'yazl';

const require = createRequire(import.meta.url);
const bplistCreate = require('bplist-creator') as (obj: unknown) => Buffer;

/** A real debug APK (Appium Settings): package io.appium.settings, version 8.0.10 (192), minSdk 26, targetSdk 35. */
export const SETTINGS_APK_PATH = path.resolve('node_modules/io.appium.settings/apks/settings_apk-debug.apk');
export const SETTINGS_PACKAGE = 'io.appium.settings';

export function settingsApk(): Buffer {
  return fs.readFileSync(SETTINGS_APK_PATH);
}

async function zipToBuffer(files: Array<{ name: string; data: Buffer; store?: boolean }>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const f of files) zip.addBuffer(f.data, f.name, { compress: !f.store, mtime: new Date('2026-01-01T00:00:00Z') });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}

async function unzipBuffer(buf: Buffer): Promise<Array<{ name: string; data: Buffer }>> {
  const zip = await yauzl.fromBufferPromise(buf, { lazyEntries: true });
  const out: Array<{ name: string; data: Buffer }> = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          out.push({ name: entry.fileName, data: Buffer.concat(chunks) });
          zip.readEntry();
        });
      });
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return out;
}

/** The settings APK with extra entries (e.g. native libraries `lib/arm64-v8a/libx.so`). */
export async function apkWithExtraEntries(extra: Record<string, Buffer>): Promise<Buffer> {
  const entries = await unzipBuffer(settingsApk());
  return zipToBuffer([...entries, ...Object.entries(extra).map(([name, data]) => ({ name, data }))]);
}

export async function apkWithNativeLibs(abis: string[]): Promise<Buffer> {
  return apkWithExtraEntries(Object.fromEntries(abis.map((abi) => [`lib/${abi}/libnative.so`, Buffer.from('\x7fELF fake shared object')])));
}

/** A bundletool-style .apks: the APK as base.apk (or splits/base-master.apk) plus a toc.pb and optional ABI splits. */
export async function buildApks(opts: { layout?: 'base' | 'splits'; abiSplits?: string[] } = {}): Promise<Buffer> {
  const apk = settingsApk();
  const files = [
    { name: 'toc.pb', data: Buffer.from([0x0a, 0x00]) },
    { name: opts.layout === 'splits' ? 'splits/base-master.apk' : 'base.apk', data: apk, store: true },
    ...(opts.abiSplits ?? []).map((abi) => ({ name: `splits/base-${abi}.apk`, data: Buffer.from('PK\x03\x04 split'), store: true })),
  ];
  return zipToBuffer(files);
}

/** A zip that is not an APK (no AndroidManifest.xml). */
export async function zipWithout(names: Record<string, string>): Promise<Buffer> {
  return zipToBuffer(Object.entries(names).map(([name, text]) => ({ name, data: Buffer.from(text) })));
}

export interface MachOSliceSpec {
  arch: 'arm64' | 'x86_64';
  /** LC_BUILD_VERSION platform: 7 = iOS simulator, 2 = iOS device. */
  platform: 7 | 2;
}

const CPU = { arm64: 0x0100000c, x86_64: 0x01000007 } as const;

/** A minimal 64-bit Mach-O: header plus one LC_BUILD_VERSION command and some padding. */
function thinMachO(slice: MachOSliceSpec): Buffer {
  const cmd = Buffer.alloc(24);
  cmd.writeUInt32LE(0x32, 0); // LC_BUILD_VERSION
  cmd.writeUInt32LE(24, 4);
  cmd.writeUInt32LE(slice.platform, 8);
  cmd.writeUInt32LE(0x00110000, 12); // minos 17.0
  cmd.writeUInt32LE(0x00110000, 16); // sdk 17.0
  cmd.writeUInt32LE(0, 20); // ntools
  const header = Buffer.alloc(32);
  header.writeUInt32LE(0xfeedfacf, 0);
  header.writeUInt32LE(CPU[slice.arch], 4);
  header.writeUInt32LE(0, 8);
  header.writeUInt32LE(2, 12); // MH_EXECUTE
  header.writeUInt32LE(1, 16); // ncmds
  header.writeUInt32LE(cmd.length, 20);
  return Buffer.concat([header, cmd, Buffer.alloc(4096 - 56)]);
}

/** A thin Mach-O for one slice, or a fat (universal) binary for several. */
export function machO(slices: MachOSliceSpec[]): Buffer {
  if (slices.length === 1) return thinMachO(slices[0]!);
  const thins = slices.map(thinMachO);
  const header = Buffer.alloc(8 + 20 * slices.length);
  header.writeUInt32BE(0xcafebabe, 0);
  header.writeUInt32BE(slices.length, 4);
  let offset = 4096;
  const parts: Buffer[] = [];
  slices.forEach((s, i) => {
    const at = 8 + i * 20;
    header.writeUInt32BE(CPU[s.arch], at);
    header.writeUInt32BE(0, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(thins[i]!.length, at + 12);
    header.writeUInt32BE(12, at + 16);
    parts.push(thins[i]!);
    offset += thins[i]!.length;
  });
  return Buffer.concat([header, Buffer.alloc(4096 - header.length), ...parts]);
}

export interface IosAppSpec {
  bundleId?: string;
  displayName?: string;
  version?: string;
  build?: string;
  minimumOs?: string;
  executable?: string;
  slices?: MachOSliceSpec[];
  binaryPlist?: boolean;
  icon?: boolean;
  /** Replace the executable with these bytes (for structure rejections). */
  executableBytes?: Buffer;
  omitInfoPlist?: boolean;
}

/** The files of a simulator .app bundle, relative to X.app/. */
export async function iosAppFiles(spec: IosAppSpec = {}): Promise<Record<string, Buffer>> {
  const executable = spec.executable ?? 'Demo';
  const info = {
    CFBundleIdentifier: spec.bundleId ?? 'com.example.demo',
    CFBundleName: 'Demo',
    CFBundleDisplayName: spec.displayName ?? 'Demo App',
    CFBundleShortVersionString: spec.version ?? '2.3.1',
    CFBundleVersion: spec.build ?? '417',
    CFBundleExecutable: executable,
    CFBundlePackageType: 'APPL',
    CFBundleSupportedPlatforms: ['iPhoneSimulator'],
    DTPlatformName: 'iphonesimulator',
    DTPlatformVersion: '17.5',
    DTSDKName: 'iphonesimulator17.5',
    MinimumOSVersion: spec.minimumOs ?? '15.0',
    UIDeviceFamily: [1, 2],
    NSCameraUsageDescription: 'Scan receipts',
    NSLocationWhenInUseUsageDescription: 'Find stores near you',
    CFBundleIcons: { CFBundlePrimaryIcon: { CFBundleIconFiles: ['AppIcon60x60'], CFBundleIconName: 'AppIcon' } },
  };
  const files: Record<string, Buffer> = {
    [executable]: spec.executableBytes ?? machO(spec.slices ?? [{ arch: 'arm64', platform: 7 }, { arch: 'x86_64', platform: 7 }]),
    'PkgInfo': Buffer.from('APPL????'),
  };
  if (!spec.omitInfoPlist) files['Info.plist'] = spec.binaryPlist ? bplistCreate(info) : Buffer.from(plist.build(info as plist.PlistValue));
  if (spec.icon !== false) {
    files['AppIcon60x60@2x.png'] = await sharp({ create: { width: 120, height: 120, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 1 } } }).png().toBuffer();
  }
  return files;
}

/** Packs bundle files as a zip with `Demo.app/` (or `Payload/Demo.app/`) at the root. */
export async function packIosZip(files: Record<string, Buffer>, opts: { appName?: string; payload?: boolean } = {}): Promise<Buffer> {
  const root = `${opts.payload ? 'Payload/' : ''}${opts.appName ?? 'Demo'}.app/`;
  return zipToBuffer(Object.entries(files).map(([name, data]) => ({ name: root + name, data })));
}

/** Packs bundle files as a .tar.gz; the executable goes first so the inspector cannot rely on order. */
export async function packIosTarGz(files: Record<string, Buffer>, opts: { appName?: string; payload?: boolean; dotSlash?: boolean } = {}): Promise<Buffer> {
  const root = `${opts.dotSlash ? './' : ''}${opts.payload ? 'Payload/' : ''}${opts.appName ?? 'Demo'}.app/`;
  const pack = tar.pack();
  pack.entry({ name: root, type: 'directory' });
  const names = Object.keys(files).sort((a, b) => (a === 'Info.plist' ? 1 : b === 'Info.plist' ? -1 : 0));
  for (const name of names) pack.entry({ name: root + name, mode: 0o755 }, files[name]!);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const c of pack.pipe(createGzip()) as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}

/** A multipart/form-data body for app.inject: one file part plus text fields. */
export function multipartBody(file: { name: string; data: Buffer } | null, fields: Record<string, string> = {}): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----simdeck${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * A multipart body streamed without Content-Length, whose file part is `size` bytes of a zip
 * header followed by zeros: for the streaming-limit test without holding it in memory.
 */
export function streamingMultipart(fileName: string, size: number): { payload: Readable; headers: Record<string, string> } {
  const boundary = '----simdeckstream';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(1024 * 1024);
  chunk.write('PK\x03\x04', 0, 'latin1');
  async function* gen() {
    yield head;
    let left = size;
    let first = true;
    while (left > 0) {
      const n = Math.min(left, chunk.length);
      yield first ? chunk.subarray(0, n) : Buffer.alloc(n);
      first = false;
      left -= n;
    }
    yield tail;
  }
  return { payload: Readable.from(gen()), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
