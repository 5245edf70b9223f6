import path from 'node:path';
import type { AppModel } from '../virtual/app-model';
import { parseModel, readIcon } from './package-files';
import { printable } from './entry-names';
import { parseMachO, type MachOSlice } from './mach-o';
import { decoding, malformed, type PackageLimits } from './package-limits';
import { arrayOfStrings, firstString, stringOf, type PackageFacts, type ReadContext } from './package-facts';
import { parsePropertyList } from './property-list';
import { readTarBody, walkTarGz } from './tar-archive';
import type { ZipArchive } from './zip-archive';

export const IOS_MODEL_FILE = 'simdeck-app.json';
const APP_INFO_PLIST = /^(?:Payload\/)?([^/]+\.app)\/Info\.plist$/;

/** The .app directory inside the archive, with a trailing slash (`Payload/X.app/`). */
interface Bundle {
  root: string;
  names: string[];
}

type InfoPlist = Record<string, unknown>;

export async function readIosZip(zip: ZipArchive, ctx: ReadContext): Promise<PackageFacts> {
  const bundle = findBundle(zip.names);
  const info = parseInfoPlist((await zip.read(`${bundle.root}Info.plist`, ctx.limits.maxPlistBytes))!, ctx.limits);
  const exe = executableOf(info, bundle);
  const exeHead = exe ? await zip.head(exe, ctx.limits.machOHeadBytes) : null;
  const icon = await readIcon(zip, ctx.limits, iconCandidates(info, bundle));
  const modelBuf =
    ctx.purpose === 'install' ? await zip.read(`${bundle.root}${IOS_MODEL_FILE}`, ctx.limits.maxAppModelBytes) : null;
  const facts = iosFacts(info, 'ios_zip', ctx, exe, exeHead, icon, modelBuf ? parseModel(modelBuf) : null);
  return withModelFlag(facts, zip.has(`${bundle.root}${IOS_MODEL_FILE}`));
}

/**
 * A .tar.gz streams twice, so memory stays bounded whatever the entry order: first the names and
 * Info.plist, then the executable's head, the icon and the app model that Info.plist leads to.
 */
export async function readIosTarGz(filePath: string, ctx: ReadContext): Promise<PackageFacts> {
  const { limits, deadline } = ctx;
  const names: string[] = [];
  let plist: { name: string; buf: Buffer } | null = null;
  await walkTarGz(filePath, limits, deadline, async (entry) => {
    if (entry.type !== 'file') return;
    names.push(entry.name);
    if (!entry.name.startsWith('__MACOSX/') && APP_INFO_PLIST.test(entry.name)) {
      if (plist)
        throw malformed(
          `it holds more than one app bundle (${[plist.name, entry.name].map((n) => printable(n.slice(0, -'Info.plist'.length))).join(', ')})`,
        );
      plist = { name: entry.name, buf: await readTarBody(entry, limits.maxPlistBytes) };
    }
  });
  const bundle = findBundle(names);
  const info = parseInfoPlist(plist!.buf, limits);
  const exe = executableOf(info, bundle);
  const iconNames = iconCandidates(info, bundle);
  const modelName = ctx.purpose === 'install' ? `${bundle.root}${IOS_MODEL_FILE}` : null;
  let exeHead: Buffer | null = null;
  const icons = new Map<string, Buffer>();
  let modelBuf: Buffer | null = null;
  if (exe || iconNames.length > 0 || modelName) {
    await walkTarGz(filePath, limits, deadline, async (entry) => {
      if (entry.type !== 'file') return;
      if (entry.name === exe) exeHead = await readTarBody(entry, limits.machOHeadBytes, { truncate: true });
      else if (entry.name === modelName) modelBuf = await readTarBody(entry, limits.maxAppModelBytes);
      else if (
        iconNames.includes(entry.name) &&
        icons.size === 0 &&
        entry.size > 0 &&
        entry.size <= limits.maxIconBytes
      )
        icons.set(entry.name, await readTarBody(entry, limits.maxIconBytes));
    });
  }
  const [icon] = icons;
  const facts = iosFacts(
    info,
    'ios_tar_gz',
    ctx,
    exe,
    exeHead,
    icon ? { name: icon[0], bytes: icon[1] } : null,
    modelBuf ? parseModel(modelBuf) : null,
  );
  return withModelFlag(facts, names.includes(`${bundle.root}${IOS_MODEL_FILE}`));
}

/** Whether simdeck's virtual devices can run the app (else they show a placeholder screen). */
function withModelFlag(facts: PackageFacts, hasModel: boolean): PackageFacts {
  return { ...facts, metadata: { ...facts.metadata, simdeck_app_model: hasModel } };
}

function findBundle(names: string[]): Bundle {
  const roots = names
    .filter((n) => !n.startsWith('__MACOSX/') && APP_INFO_PLIST.test(n))
    .map((n) => n.slice(0, -'Info.plist'.length));
  if (roots.length === 0) throw malformed('no X.app/Info.plist found');
  if (roots.length > 1) throw malformed(`it holds more than one app bundle (${roots.map(printable).join(', ')})`);
  return { root: roots[0]!, names };
}

function parseInfoPlist(buf: Buffer, limits: PackageLimits): InfoPlist {
  const parsed = decoding('Info.plist', () => {
    const value = parsePropertyList(buf, 'Info.plist', limits);
    if (!value || typeof value !== 'object' || Array.isArray(value) || Buffer.isBuffer(value) || value instanceof Date)
      throw malformed('it is not a dictionary');
    return value;
  });
  return parsed as InfoPlist;
}

function executableOf(info: InfoPlist, bundle: Bundle): string | null {
  return typeof info.CFBundleExecutable === 'string' && info.CFBundleExecutable !== ''
    ? `${bundle.root}${info.CFBundleExecutable}`
    : null;
}

/** The primary icon files in the bundle root, biggest scale first; `AppIcon*.png` when Info.plist names none. */
function iconCandidates(info: InfoPlist, bundle: Bundle): string[] {
  const icons = info.CFBundleIcons as
    | { CFBundlePrimaryIcon?: { CFBundleIconFiles?: unknown; CFBundleIconName?: unknown } }
    | undefined;
  const bases = [
    ...arrayOfStrings(icons?.CFBundlePrimaryIcon?.CFBundleIconFiles),
    ...arrayOfStrings(info.CFBundleIconFiles),
    ...arrayOfStrings(info.CFBundleIconFile),
    ...arrayOfStrings(icons?.CFBundlePrimaryIcon?.CFBundleIconName),
  ].map((b) => b.replace(/\.png$/i, ''));
  const rootFiles = bundle.names.filter(
    (n) => n.startsWith(bundle.root) && !n.slice(bundle.root.length).includes('/') && n.toLowerCase().endsWith('.png'),
  );
  const named = rootFiles.filter((n) => bases.some((b) => b !== '' && n.slice(bundle.root.length).startsWith(b)));
  const matches = named.length > 0 ? named : rootFiles.filter((n) => n.slice(bundle.root.length).startsWith('AppIcon'));
  // "@3x" over "@2x" over none, then the longer (larger-size) name.
  const score = (n: string) => (n.includes('@3x') ? 3 : n.includes('@2x') ? 2 : 1) * 1000 + n.length;
  return matches.sort((a, b) => score(b) - score(a));
}

function iosFacts(
  info: InfoPlist,
  format: 'ios_zip' | 'ios_tar_gz',
  ctx: ReadContext,
  exe: string | null,
  exeHead: Buffer | null,
  icon: PackageFacts['icon'],
  model: AppModel | null,
): PackageFacts {
  const bundleId = typeof info.CFBundleIdentifier === 'string' ? info.CFBundleIdentifier : '';
  if (!bundleId) throw malformed('Info.plist has no CFBundleIdentifier');
  const slices: MachOSlice[] | null = exeHead ? parseMachO(exeHead) : null;
  if (ctx.purpose === 'upload') {
    if (!exe || !exeHead) throw malformed('the executable named by CFBundleExecutable is missing');
    if (!slices) throw malformed(`${printable(path.posix.basename(exe))} is not a Mach-O executable`);
  }
  const warnings: string[] = [];
  if (slices && !slices.some((s) => s.arch === 'arm64' && s.platform === 'ios-simulator')) {
    warnings.push(
      `The executable has no arm64 iOS-simulator slice (found ${slices.map((s) => `${s.arch}${s.platform ? `/${s.platform}` : ''}`).join(', ')}): it will not run on Apple-silicon simulators`,
    );
  }
  return {
    platform: 'ios',
    format,
    packageName: bundleId,
    label: firstString(info.CFBundleDisplayName) || firstString(info.CFBundleName),
    version: stringOf(info.CFBundleShortVersionString),
    buildNumber: stringOf(info.CFBundleVersion),
    minSdkVersion: stringOf(info.MinimumOSVersion),
    targetSdkVersion: stringOf(info.DTPlatformVersion),
    permissions: Object.keys(info)
      .filter((k) => /^NS[A-Za-z]+UsageDescription$/.test(k))
      .sort(),
    icon,
    metadata: {
      format,
      debuggable: null,
      release: null,
      native_architectures: [...new Set((slices ?? []).map((s) => s.arch))].sort(),
      slices: slices ?? [],
      supported_platforms: arrayOfStrings(info.CFBundleSupportedPlatforms),
      sdk: stringOf(info.DTSDKName) || null,
      // Only plain values: a crafted plist's shared containers must never reach JSON.
      device_family: Array.isArray(info.UIDeviceFamily)
        ? info.UIDeviceFamily.filter((v) => typeof v === 'number' || typeof v === 'string').slice(0, 16)
        : [],
    },
    warnings,
    model,
  };
}
