import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import * as plist from 'plist';
import sharp from 'sharp';
import tar from 'tar-stream';
import type { Platform } from '../../db/schema';
import { AppError } from '../../errors';
import { openZip, type ZipArchive } from './zip-reader';

const require = createRequire(import.meta.url);
// app-info-parser's binary-XML and resource-table parsers, used on entries we read ourselves so
// that a 500 MB package is never loaded whole (its own entry point buffers through isomorphic-unzip).
const ManifestXmlParser = require('app-info-parser/src/xml-parser/manifest') as new (buf: Buffer, opts: { ignore: string[] }) => { parse(): ApkManifest };
const ResourceFinder = require('app-info-parser/src/resource-finder') as new () => { processResourceTable(buf: Buffer): Record<string, unknown> };
const { mapInfoResource, findApkIconPath } = require('app-info-parser/src/utils') as {
  mapInfoResource(info: ApkManifest, map: Record<string, unknown>): ApkManifest;
  findApkIconPath(info: ApkManifest): string;
};
const bplist = require('bplist-parser') as { parseBuffer(buf: Buffer): unknown[] };

interface ApkManifest {
  package?: string;
  versionName?: unknown;
  versionCode?: unknown;
  usesSdk?: { minSdkVersion?: unknown; targetSdkVersion?: unknown } | null;
  usesPermissions?: Array<{ name?: string }>;
  usesPermissionsSDK23?: Array<{ name?: string }>;
  application?: { label?: unknown; icon?: unknown; debuggable?: unknown } | null;
}

export type PackageFormat = 'apk' | 'apks' | 'ios_zip' | 'ios_tar_gz';

/** What an uploaded package says about itself. */
export interface PackageInfo {
  platform: Platform;
  format: PackageFormat;
  packageName: string;
  name: string;
  version: string;
  buildNumber: string;
  minSdkVersion: string;
  targetSdkVersion: string;
  permissions: string[];
  /** The app icon as PNG (at most 512 px), or null when the package has none we can read. */
  iconPng: Buffer | null;
  metadata: Record<string, unknown>;
  warnings: string[];
}

const EXTENSIONS: Array<{ suffix: string; kind: 'apk' | 'apks' | 'ios_zip' | 'ios_tar_gz' }> = [
  { suffix: '.tar.gz', kind: 'ios_tar_gz' },
  { suffix: '.tgz', kind: 'ios_tar_gz' },
  { suffix: '.apks', kind: 'apks' },
  { suffix: '.apk', kind: 'apk' },
  { suffix: '.zip', kind: 'ios_zip' },
];

export const ACCEPTED_FORMATS = 'an Android .apk or .apks, or an iOS simulator .app packed as .zip, .tar.gz or .tgz';

const EXPECTED: Record<PackageFormat, string> = {
  apk: 'an Android APK (a zip holding AndroidManifest.xml)',
  apks: 'an Android split-APK bundle (a zip holding base.apk or splits/base-master.apk)',
  ios_zip: 'an iOS simulator app packed as .zip (X.app/Info.plist at the root or under Payload/)',
  ios_tar_gz: 'an iOS simulator app packed as .tar.gz (X.app/Info.plist at the root or under Payload/)',
};

const MAX_MANIFEST = 8 * 1024 * 1024;
const MAX_RESOURCES = 64 * 1024 * 1024;
const MAX_ICON = 8 * 1024 * 1024;
const MAX_PLIST = 4 * 1024 * 1024;
const MACHO_HEAD = 16 * 1024 * 1024;
/** A gzip bomb stops here: no simulator app is this big unpacked. */
const MAX_TAR_UNPACKED = 8 * 1024 * 1024 * 1024;

const invalid = (fileName: string, kind: PackageFormat, why?: string) =>
  new AppError('BAD_REQUEST', `${fileName} is not ${EXPECTED[kind]}${why ? `: ${why}` : ''}`);

/** The format a file name promises, or null when its extension is not one we accept. */
export function formatFromFileName(fileName: string): PackageFormat | null {
  const lower = fileName.toLowerCase();
  return EXTENSIONS.find((e) => lower.endsWith(e.suffix))?.kind ?? null;
}

export function fileExtension(format: PackageFormat, fileName: string): string {
  if (format === 'ios_tar_gz') return fileName.toLowerCase().endsWith('.tgz') ? 'tgz' : 'tar.gz';
  return format === 'ios_zip' ? 'zip' : format;
}

/**
 * Checks an uploaded file's magic bytes and inner structure against what its name promises and
 * reads its metadata. Anything that is not a package we can install is a 400 naming what was expected.
 * `tempDir` receives short-lived extractions (the base APK of an .apks).
 */
export async function inspectPackage(filePath: string, fileName: string, tempDir: string): Promise<PackageInfo> {
  const format = formatFromFileName(fileName);
  if (!format) throw new AppError('BAD_REQUEST', `Unsupported file type "${fileName}": expected ${ACCEPTED_FORMATS}`);
  const magic = await readHead(filePath, 4);
  const isZip = magic.length === 4 && magic[0] === 0x50 && magic[1] === 0x4b && magic[2] === 0x03 && magic[3] === 0x04;
  const isGzip = magic.length >= 2 && magic[0] === 0x1f && magic[1] === 0x8b;

  if (format === 'ios_tar_gz') {
    if (!isGzip) throw invalid(fileName, format, 'the content does not start with the gzip magic bytes');
    return inspectIosTar(filePath, fileName);
  }
  if (!isZip) throw invalid(fileName, format, 'the content does not start with the zip magic bytes');
  const zip = await openZip(filePath);
  if (!zip) throw invalid(fileName, format, 'the zip archive cannot be read');
  try {
    if (format === 'apk') {
      if (!zip.names.includes('AndroidManifest.xml')) throw invalid(fileName, format, 'AndroidManifest.xml is missing');
      return await inspectApk(zip, fileName, 'apk');
    }
    if (format === 'apks') return await inspectApks(zip, fileName, tempDir);
    return await inspectIosZip(zip, fileName);
  } finally {
    zip.close();
  }
}

async function readHead(filePath: string, bytes: number): Promise<Buffer> {
  const fh = await fs.open(filePath, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

// ---------------------------------------------------------------- Android

const ABI_DIR = /^lib\/([^/]+)\/[^/]+\.so$/;

async function inspectApk(zip: ZipArchive, fileName: string, format: PackageFormat, extraAbis: string[] = []): Promise<PackageInfo> {
  let manifest: ApkManifest;
  try {
    const buf = await zip.read('AndroidManifest.xml', MAX_MANIFEST);
    if (!buf || buf.length < 8 || buf.readUInt16LE(0) !== 0x0003) throw new Error('AndroidManifest.xml is not compiled binary XML');
    manifest = new ManifestXmlParser(buf, {
      ignore: ['application.activity', 'application.service', 'application.receiver', 'application.provider', 'permission-group'],
    }).parse();
  } catch (err) {
    throw invalid(fileName, format === 'apks' ? 'apks' : 'apk', `AndroidManifest.xml cannot be parsed (${(err as Error).message})`);
  }
  const packageName = manifest.package;
  if (!packageName) throw invalid(fileName, format === 'apks' ? 'apks' : 'apk', 'AndroidManifest.xml names no package');
  if (zip.names.includes('resources.arsc')) {
    try {
      const res = await zip.read('resources.arsc', MAX_RESOURCES);
      if (res) manifest = mapInfoResource(manifest, new ResourceFinder().processResourceTable(res));
    } catch {
      // Unreadable resources only cost us the label and icon; the manifest itself is valid.
    }
  }

  const abis = new Set(extraAbis);
  for (const name of zip.names) {
    const m = ABI_DIR.exec(name);
    if (m) abis.add(m[1]!);
  }
  const nativeArchitectures = [...abis].sort();
  const warnings: string[] = [];
  if (nativeArchitectures.length > 0 && !abis.has('x86_64')) {
    warnings.push(`The package has native code for ${nativeArchitectures.join(', ')} but none for x86_64: it will not run on x86_64 emulators`);
  }
  const debuggable = manifest.application?.debuggable === true;
  const label = firstString(manifest.application?.label);
  const permissions = [...new Set([...(manifest.usesPermissions ?? []), ...(manifest.usesPermissionsSDK23 ?? [])].map((p) => p.name).filter((n): n is string => !!n))];

  return {
    platform: 'android',
    format,
    packageName,
    name: label && !label.startsWith('resourceId:') ? label : packageName,
    version: stringOf(manifest.versionName),
    buildNumber: stringOf(manifest.versionCode),
    minSdkVersion: stringOf(manifest.usesSdk?.minSdkVersion),
    targetSdkVersion: stringOf(manifest.usesSdk?.targetSdkVersion),
    permissions,
    iconPng: await apkIcon(zip, manifest),
    metadata: { format, debuggable, release: !debuggable, native_architectures: nativeArchitectures },
    warnings,
  };
}

async function apkIcon(zip: ZipArchive, manifest: ApkManifest): Promise<Buffer | null> {
  let iconPath = '';
  try {
    iconPath = findApkIconPath(manifest as never) || '';
  } catch {
    iconPath = '';
  }
  const candidates: string[] = [];
  if (/\.(png|webp|jpe?g)$/i.test(iconPath)) candidates.push(iconPath);
  // Adaptive icons are XML; fall back to the highest-density bitmap launcher icon.
  const density = ['xxxhdpi', 'xxhdpi', 'xhdpi', 'hdpi', 'mdpi', 'ldpi'];
  const bitmaps = zip.names
    .filter((n) => /^res\/(mipmap|drawable)-[^/]*\/ic_launcher(_round)?\.(png|webp)$/.test(n))
    .sort((a, b) => rank(a) - rank(b));
  function rank(n: string) {
    const i = density.findIndex((d) => n.includes(`-${d}`));
    return (i === -1 ? 99 : i) * 2 + (n.includes('_round') ? 1 : 0);
  }
  candidates.push(...bitmaps);
  for (const candidate of candidates) {
    const png = await toPng(await zip.read(candidate, MAX_ICON).catch(() => null));
    if (png) return png;
  }
  return null;
}

async function inspectApks(zip: ZipArchive, fileName: string, tempDir: string): Promise<PackageInfo> {
  const base = ['base.apk', 'splits/base-master.apk', 'standalones/standalone.apk'].find((n) => zip.names.includes(n)) ?? zip.names.find((n) => /(^|\/)base(-master)?\.apk$/.test(n));
  if (!base) throw invalid(fileName, 'apks', 'no base.apk or splits/base-master.apk inside');
  const abis = zip.names
    .map((n) => /(?:^|\/)[^/]*-(arm64_v8a|armeabi_v7a|armeabi|x86_64|x86|mips64|mips)\.apk$/.exec(n)?.[1])
    .filter((a): a is string => !!a)
    .map((a) => a.replace('arm64_v8a', 'arm64-v8a').replace('armeabi_v7a', 'armeabi-v7a'));
  // A zip inside a zip needs random access: extract the base APK to a temp file.
  const baseFile = path.join(tempDir, `base-${randomBytes(6).toString('hex')}.apk`);
  try {
    const stream = await zip.stream(base);
    await pipeline(stream!, createWriteStream(baseFile));
    const inner = await openZip(baseFile);
    if (!inner || !inner.names.includes('AndroidManifest.xml')) throw invalid(fileName, 'apks', `${base} is not an APK holding AndroidManifest.xml`);
    try {
      const info = await inspectApk(inner, fileName, 'apks', abis);
      info.metadata.splits = zip.names.filter((n) => n.endsWith('.apk')).sort();
      return info;
    } finally {
      inner.close();
    }
  } finally {
    await fs.rm(baseFile, { force: true });
  }
}

// ---------------------------------------------------------------- iOS

const APP_INFO_PLIST = /^(?:Payload\/)?([^/]+\.app)\/Info\.plist$/;

interface BundleFiles {
  /** The .app directory inside the archive, with a trailing slash (`Payload/X.app/`). */
  root: string;
  names: string[];
}

function findBundleRoot(names: string[], fileName: string, format: PackageFormat): BundleFiles {
  const roots = names.filter((n) => !n.startsWith('__MACOSX/') && APP_INFO_PLIST.test(n)).map((n) => n.slice(0, -'Info.plist'.length));
  if (roots.length === 0) throw invalid(fileName, format, 'no X.app/Info.plist found');
  if (roots.length > 1) throw invalid(fileName, format, `it holds more than one app bundle (${roots.join(', ')})`);
  return { root: roots[0]!, names };
}

async function inspectIosZip(zip: ZipArchive, fileName: string): Promise<PackageInfo> {
  const bundle = findBundleRoot(zip.names, fileName, 'ios_zip');
  const plistBuf = await zip.read(`${bundle.root}Info.plist`, MAX_PLIST);
  const info = parsePlist(plistBuf!, fileName, 'ios_zip');
  const exe = typeof info.CFBundleExecutable === 'string' ? `${bundle.root}${info.CFBundleExecutable}` : null;
  const exeHead = exe ? await zip.head(exe, MACHO_HEAD) : null;
  const iconName = pickIosIcon(info, bundle);
  const icon = iconName ? await zip.read(iconName, MAX_ICON).catch(() => null) : null;
  return iosInfo(info, fileName, 'ios_zip', exe, exeHead, icon);
}

async function inspectIosTar(filePath: string, fileName: string): Promise<PackageInfo> {
  // Two streaming passes, so that memory stays bounded whatever the entry order: first the names
  // and Info.plist, then the executable's head and the icon that Info.plist points to.
  const first = await scanTar(filePath, fileName, (name) => (APP_INFO_PLIST.test(name) ? MAX_PLIST : 0));
  const bundle = findBundleRoot(first.names, fileName, 'ios_tar_gz');
  const info = parsePlist(first.buffers.get(`${bundle.root}Info.plist`)!, fileName, 'ios_tar_gz');
  const exe = typeof info.CFBundleExecutable === 'string' ? `${bundle.root}${info.CFBundleExecutable}` : null;
  const iconName = pickIosIcon(info, bundle);
  const second = exe || iconName ? await scanTar(filePath, fileName, (name) => (name === exe ? MACHO_HEAD : name === iconName ? MAX_ICON : 0)) : null;
  return iosInfo(info, fileName, 'ios_tar_gz', exe, exe ? (second?.buffers.get(exe) ?? null) : null, iconName ? (second?.buffers.get(iconName) ?? null) : null);
}

/** Reads a .tar.gz once; keeps up to `want(name)` bytes of each entry (0 = skip). */
async function scanTar(filePath: string, fileName: string, want: (name: string) => number): Promise<{ names: string[]; buffers: Map<string, Buffer> }> {
  const names: string[] = [];
  const buffers = new Map<string, Buffer>();
  let total = 0;
  const extract = tar.extract();
  const done = (async () => {
    for await (const entry of extract) {
      const name = entry.header.name.replace(/^\.\//, '');
      if (entry.header.type === 'file') names.push(name);
      const limit = entry.header.type === 'file' ? want(name) : 0;
      const chunks: Buffer[] = [];
      let kept = 0;
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > MAX_TAR_UNPACKED) throw new Error(`it unpacks to more than ${MAX_TAR_UNPACKED / 1024 ** 3} GB`);
        if (kept < limit) {
          chunks.push(chunk);
          kept += chunk.length;
        }
      }
      if (limit > 0) buffers.set(name, Buffer.concat(chunks).subarray(0, limit));
    }
  })();
  try {
    await Promise.all([pipeline(createReadStream(filePath), zlib.createGunzip(), extract), done]);
  } catch (err) {
    throw invalid(fileName, 'ios_tar_gz', `the archive cannot be read (${(err as Error).message})`);
  }
  return { names, buffers };
}

function parsePlist(buf: Buffer, fileName: string, format: PackageFormat): Record<string, unknown> {
  try {
    const parsed = buf.subarray(0, 6).toString('latin1') === 'bplist' ? bplist.parseBuffer(buf)[0] : plist.parse(buf.toString('utf8'));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not a dictionary');
    return parsed as Record<string, unknown>;
  } catch (err) {
    throw invalid(fileName, format, `Info.plist cannot be parsed (${(err as Error).message})`);
  }
}

function pickIosIcon(info: Record<string, unknown>, bundle: BundleFiles): string | null {
  const icons = info.CFBundleIcons as { CFBundlePrimaryIcon?: { CFBundleIconFiles?: unknown; CFBundleIconName?: unknown } } | undefined;
  const bases = [
    ...arrayOfStrings(icons?.CFBundlePrimaryIcon?.CFBundleIconFiles),
    ...arrayOfStrings(info.CFBundleIconFiles),
    ...arrayOfStrings(info.CFBundleIconFile),
    ...arrayOfStrings(icons?.CFBundlePrimaryIcon?.CFBundleIconName),
  ].map((b) => b.replace(/\.png$/i, ''));
  const rootFiles = bundle.names.filter((n) => n.startsWith(bundle.root) && !n.slice(bundle.root.length).includes('/') && n.toLowerCase().endsWith('.png'));
  const matches = rootFiles.filter((n) => bases.some((b) => n.slice(bundle.root.length).startsWith(b)));
  // Prefer the biggest scale: "@3x" over "@2x" over none, then the longer (larger-size) name.
  const score = (n: string) => (n.includes('@3x') ? 3 : n.includes('@2x') ? 2 : 1) * 1000 + n.length;
  return matches.sort((a, b) => score(b) - score(a))[0] ?? null;
}

const CPU: Record<number, string> = { 7: 'i386', 0x01000007: 'x86_64', 12: 'armv7', 0x0100000c: 'arm64', 0x0200000c: 'arm64_32' };
const MACHO_PLATFORM: Record<number, string> = { 1: 'macos', 2: 'ios', 3: 'tvos', 4: 'watchos', 6: 'maccatalyst', 7: 'ios-simulator', 8: 'tvos-simulator', 9: 'watchos-simulator', 11: 'visionos', 12: 'visionos-simulator' };

export interface MachOSlice {
  arch: string;
  platform: string | null;
}

/** Architectures (and platforms, from LC_BUILD_VERSION) of a thin or fat Mach-O; null when it is not Mach-O. */
export function parseMachO(buf: Buffer): MachOSlice[] | null {
  if (buf.length < 8) return null;
  const be = buf.readUInt32BE(0);
  if (be === 0xcafebabe || be === 0xcafebabf) {
    const is64 = be === 0xcafebabf;
    const count = buf.readUInt32BE(4);
    if (count === 0 || count > 32) return null;
    const slices: MachOSlice[] = [];
    for (let i = 0; i < count; i++) {
      const at = 8 + i * (is64 ? 32 : 20);
      if (at + 20 > buf.length) return null;
      const cpu = buf.readUInt32BE(at);
      const offset = is64 ? Number(buf.readBigUInt64BE(at + 8)) : buf.readUInt32BE(at + 8);
      const thin = offset < buf.length ? parseThin(buf.subarray(offset)) : null;
      slices.push({ arch: CPU[cpu] ?? `cpu_${cpu}`, platform: thin?.[0]?.platform ?? null });
    }
    return slices;
  }
  return parseThin(buf);
}

function parseThin(buf: Buffer): MachOSlice[] | null {
  if (buf.length < 28) return null;
  const le = buf.readUInt32LE(0);
  if (le !== 0xfeedfacf && le !== 0xfeedface) return null;
  const headerSize = le === 0xfeedfacf ? 32 : 28;
  const cpu = buf.readUInt32LE(4);
  const ncmds = buf.readUInt32LE(16);
  let platform: string | null = null;
  let at = headerSize;
  for (let i = 0; i < ncmds && at + 8 <= buf.length; i++) {
    const cmd = buf.readUInt32LE(at);
    const size = buf.readUInt32LE(at + 4);
    if (cmd === 0x32 && at + 12 <= buf.length) platform = MACHO_PLATFORM[buf.readUInt32LE(at + 8)] ?? `platform_${buf.readUInt32LE(at + 8)}`;
    else if (cmd === 0x25 && !platform) platform = CPU[cpu] === 'x86_64' || CPU[cpu] === 'i386' ? 'ios-simulator' : 'ios';
    if (size < 8) break;
    at += size;
  }
  return [{ arch: CPU[cpu] ?? `cpu_${cpu}`, platform }];
}

async function iosInfo(info: Record<string, unknown>, fileName: string, format: PackageFormat, exe: string | null, exeHead: Buffer | null, icon: Buffer | null): Promise<PackageInfo> {
  const bundleId = typeof info.CFBundleIdentifier === 'string' ? info.CFBundleIdentifier : '';
  if (!bundleId) throw invalid(fileName, format, 'Info.plist has no CFBundleIdentifier');
  if (!exe || !exeHead) throw invalid(fileName, format, 'the executable named by CFBundleExecutable is missing');
  const slices = parseMachO(exeHead);
  if (!slices) throw invalid(fileName, format, `${path.posix.basename(exe)} is not a Mach-O executable`);
  const warnings: string[] = [];
  if (!slices.some((s) => s.arch === 'arm64' && s.platform === 'ios-simulator')) {
    warnings.push(`The executable has no arm64 iOS-simulator slice (found ${slices.map((s) => `${s.arch}${s.platform ? `/${s.platform}` : ''}`).join(', ')}): it will not run on Apple-silicon simulators`);
  }
  const permissions = Object.keys(info).filter((k) => /^NS[A-Za-z]+UsageDescription$/.test(k)).sort();
  return {
    platform: 'ios',
    format,
    packageName: bundleId,
    name: firstString(info.CFBundleDisplayName) || firstString(info.CFBundleName) || bundleId,
    version: stringOf(info.CFBundleShortVersionString),
    buildNumber: stringOf(info.CFBundleVersion),
    minSdkVersion: stringOf(info.MinimumOSVersion),
    targetSdkVersion: stringOf(info.DTPlatformVersion),
    permissions,
    iconPng: await toPng(icon),
    metadata: {
      format,
      debuggable: null,
      release: null,
      native_architectures: [...new Set(slices.map((s) => s.arch))].sort(),
      slices,
      supported_platforms: arrayOfStrings(info.CFBundleSupportedPlatforms),
      sdk: stringOf(info.DTSDKName) || null,
      device_family: Array.isArray(info.UIDeviceFamily) ? info.UIDeviceFamily : [],
    },
    warnings,
  };
}

// ---------------------------------------------------------------- helpers

async function toPng(image: Buffer | null): Promise<Buffer | null> {
  if (!image || image.length === 0) return null;
  try {
    // Icons are small; the pixel cap keeps a decompression-bomb PNG from costing gigabytes.
    return await sharp(image, { limitInputPixels: 4096 * 4096 }).resize(512, 512, { fit: 'inside', withoutEnlargement: true }).png().toBuffer();
  } catch {
    return null; // e.g. Apple's CgBI-crushed PNGs of device builds
  }
}

/** A plain PNG standing in for packages without a readable icon, so icon_url always resolves. */
export async function placeholderIcon(platform: Platform): Promise<Buffer> {
  const color = platform === 'ios' ? { r: 0x4f, g: 0x6b, b: 0xed, alpha: 1 } : { r: 0x3d, g: 0xdc, b: 0x84, alpha: 1 };
  return sharp({ create: { width: 192, height: 192, channels: 4, background: color } }).png().toBuffer();
}

function stringOf(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (Array.isArray(v)) return stringOf(v[0]);
  return String(v);
}

function firstString(v: unknown): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.find((x): x is string => typeof x === 'string') ?? '';
  return '';
}

function arrayOfStrings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}
