import fs from 'node:fs/promises';
import path from 'node:path';
import { parseBinaryXml, type AxmlValue } from './android-binary-xml';
import { ResourceTable, type ResourceValue } from './android-resources';
import { decoding, malformed, PackageRejection, type PackageLimits } from './package-limits';
import { stringOf, type PackageFacts, type ReadContext } from './package-facts';
import { readIcon, readModel } from './package-files';
import { ZipArchive } from './zip-archive';

export const ANDROID_MODEL_ENTRY = 'assets/simdeck-app.json';
const ABI_DIR = /^lib\/([^/]+)\/[^/]+\.so$/;
const BITMAP = /\.(png|webp|jpe?g)$/i;
const DENSITY_ORDER = ['xxxhdpi', 'xxhdpi', 'xhdpi', 'hdpi', 'mdpi', 'ldpi'];

/** Reads an APK (or an .apks's base APK, with the ABIs of its splits in `extraAbis`). */
export async function readApk(
  zip: ZipArchive,
  ctx: ReadContext,
  format: 'apk' | 'apks',
  extraAbis: string[] = [],
): Promise<PackageFacts> {
  if (!zip.has('AndroidManifest.xml')) throw malformed('AndroidManifest.xml is missing');
  const manifestBuf = (await zip.read('AndroidManifest.xml', ctx.limits.maxManifestBytes))!;
  const manifest = decoding('AndroidManifest.xml', () =>
    parseBinaryXml(manifestBuf, 'AndroidManifest.xml', ctx.limits),
  );
  const packageName = stringOf(manifest.attrs.package);
  if (!packageName) throw malformed('AndroidManifest.xml names no package');
  const resources = await readResources(zip, ctx.limits);
  const resolve = (v: AxmlValue | undefined): ResourceValue[] =>
    v === undefined
      ? []
      : resources
        ? resources.resolve(v)
        : typeof v === 'object' && v !== null
          ? []
          : [{ value: v, density: 0, localized: false }];
  const plain = (v: AxmlValue | undefined): string => stringOf(preferDefault(resolve(v))?.value);

  const child = (name: string) => manifest.children.find((c) => c.name === name);
  const children = (name: string) => manifest.children.filter((c) => c.name === name);
  const sdk = child('uses-sdk')?.attrs ?? {};
  const application = child('application')?.attrs ?? {};
  const permissions = [
    ...new Set(
      [...children('uses-permission'), ...children('uses-permission-sdk-23')]
        .map((p) => plain(p.attrs.name))
        .filter((n) => n !== ''),
    ),
  ];

  const abis = new Set(extraAbis);
  for (const name of zip.names) {
    const m = ABI_DIR.exec(name);
    if (m) abis.add(m[1]!);
  }
  const nativeArchitectures = [...abis].sort();
  const warnings: string[] = [];
  if (nativeArchitectures.length > 0 && !abis.has('x86_64')) {
    warnings.push(
      `The package has native code for ${nativeArchitectures.join(', ')} but none for x86_64: it will not run on x86_64 emulators`,
    );
  }
  const debuggable = preferDefault(resolve(application.debuggable))?.value === true;
  return {
    platform: 'android',
    format,
    packageName,
    label: plain(application.label),
    version: plain(manifest.attrs.versionName),
    buildNumber: plain(manifest.attrs.versionCode),
    minSdkVersion: plain(sdk.minSdkVersion),
    targetSdkVersion: plain(sdk.targetSdkVersion),
    permissions,
    icon: await readIcon(zip, ctx.limits, iconCandidates(zip.names, resolve(application.icon))),
    metadata: {
      format,
      debuggable,
      release: !debuggable,
      native_architectures: nativeArchitectures,
      // Whether simdeck's virtual devices can run it (else they show a placeholder screen).
      simdeck_app_model: zip.has(ANDROID_MODEL_ENTRY),
    },
    warnings,
    model: ctx.purpose === 'install' ? await readModel(zip, ANDROID_MODEL_ENTRY, ctx.limits) : null,
  };
}

/** An .apks (bundletool output): its base APK is unpacked to a temporary file and read as an APK. */
export async function readApks(zip: ZipArchive, ctx: ReadContext): Promise<PackageFacts> {
  const names = zip.names;
  const base =
    ['base.apk', 'splits/base-master.apk', 'standalones/standalone.apk'].find((n) => zip.has(n)) ??
    names.find((n) => /(^|\/)base(-master)?\.apk$/.test(n));
  if (!base) throw malformed('no base.apk or splits/base-master.apk inside');
  const abis = names
    .map((n) => /(?:^|\/)[^/]*-(arm64_v8a|armeabi_v7a|armeabi|x86_64|x86|mips64|mips)\.apk$/.exec(n)?.[1])
    .filter((a): a is string => !!a)
    .map((a) => a.replace('arm64_v8a', 'arm64-v8a').replace('armeabi_v7a', 'armeabi-v7a'));
  // A zip inside a zip needs random access: the base APK goes to a temporary file first.
  const baseFile = ctx.scratchFile;
  await fs.mkdir(path.dirname(baseFile), { recursive: true });
  try {
    await zip.copyTo(base, baseFile, ctx.limits.maxNestedApkBytes);
    let inner: ZipArchive;
    try {
      inner = await ZipArchive.open(baseFile, ctx.limits, ctx.deadline);
    } catch (err) {
      if (err instanceof PackageRejection && err.kind === 'malformed')
        throw malformed(`${base} is not an APK holding AndroidManifest.xml`);
      throw err;
    }
    try {
      if (!inner.has('AndroidManifest.xml')) throw malformed(`${base} is not an APK holding AndroidManifest.xml`);
      const facts = await readApk(inner, ctx, 'apks', abis);
      facts.metadata.splits = names.filter((n) => n.endsWith('.apk')).sort();
      return facts;
    } finally {
      inner.close();
    }
  } finally {
    await fs.rm(baseFile, { force: true });
  }
}

/** The resource table, or null when the package has none or it cannot be decoded (only the label and icon are lost). */
async function readResources(zip: ZipArchive, limits: PackageLimits): Promise<ResourceTable | null> {
  const buf = await zip.read('resources.arsc', limits.maxResourceTableBytes);
  if (!buf) return null;
  try {
    return decoding('resources.arsc', () => ResourceTable.parse(buf, limits));
  } catch (err) {
    if (err instanceof PackageRejection && err.kind === 'malformed') return null;
    throw err;
  }
}

/** The default configuration's value (no language, default density), else the first one. */
function preferDefault(values: ResourceValue[]): ResourceValue | undefined {
  return values.find((v) => !v.localized && v.density === 0) ?? values.find((v) => !v.localized) ?? values[0];
}

/** Launcher icon files, best first: the manifest's icon by density (bitmaps only), then ic_launcher bitmaps. */
function iconCandidates(names: string[], icon: ResourceValue[]): string[] {
  const declared = icon
    .filter((v): v is ResourceValue & { value: string } => typeof v.value === 'string' && BITMAP.test(v.value))
    .sort((a, b) => densityRank(b.density) - densityRank(a.density))
    .map((v) => v.value);
  // Adaptive icons are XML; the highest-density bitmap launcher icon stands in for them.
  const rank = (n: string) => {
    const i = DENSITY_ORDER.findIndex((d) => n.includes(`-${d}`));
    return (i === -1 ? 99 : i) * 2 + (n.includes('_round') ? 1 : 0);
  };
  const launchers = names
    .filter((n) => /^res\/(mipmap|drawable)-[^/]*\/ic_launcher(_round)?\.(png|webp)$/.test(n))
    .sort((a, b) => rank(a) - rank(b));
  return [...new Set([...declared, ...launchers])];
}

/** nodpi (0xffff) and anydpi (0xfffe) rank below any real density. */
const densityRank = (d: number) => (d >= 0xfffe ? 0 : d);
