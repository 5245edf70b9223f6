import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import ApkParser from 'app-info-parser/src/apk.js';
import { parse as parsePlist } from 'plist';
import { parseBuffer as parseBplist } from 'bplist-parser';
import tar from 'tar-stream';
import yauzl from 'yauzl';
import { AppModelError, parseAppModel, type AppModel } from './app-model';

export const APP_MODEL_FILE = 'simdeck-app.json';
const MAX_ENTRY_BYTES = 8 * 1024 * 1024;

/** What a virtual device learns from an installable package. */
export interface PackageInfo {
  platform: 'android' | 'ios';
  packageName: string;
  /** Display name (android:label / CFBundleDisplayName). */
  name: string;
  /** versionName / CFBundleShortVersionString. */
  version: string;
  /** versionCode / CFBundleVersion. */
  build: string | null;
  minOsVersion: string | null;
  permissions: string[];
  model: AppModel | null;
  icon: Buffer | null;
}

/** A package that cannot be installed; the message says why (shown to the user). */
export class PackageError extends Error {}

type ZipWanted = (name: string) => boolean;

/** Reads the entries whose names `wanted` accepts (at most 8 MiB each). */
export function readZipEntries(filePath: string, wanted: ZipWanted): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(filePath, { lazyEntries: true, autoClose: true }, (err, zip) => {
      if (err || !zip) return reject(new PackageError(`not a readable zip archive: ${err?.message ?? 'unknown error'}`));
      const out = new Map<string, Buffer>();
      zip.on('error', (e: Error) => reject(new PackageError(`corrupt zip archive: ${e.message}`)));
      zip.on('end', () => resolve(out));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/') || !wanted(entry.fileName)) return zip.readEntry();
        if (entry.uncompressedSize > MAX_ENTRY_BYTES) {
          zip.close();
          return reject(new PackageError(`${entry.fileName} is larger than 8 MiB`));
        }
        zip.openReadStream(entry, (e2, stream) => {
          if (e2 || !stream) return reject(new PackageError(`corrupt zip entry ${entry.fileName}`));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', (e3) => reject(new PackageError(`corrupt zip entry ${entry.fileName}: ${e3.message}`)));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

async function readTarGzEntries(filePath: string, wanted: ZipWanted): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const name = header.name.replace(/^\.\//, '');
    if (header.type !== 'file' || !wanted(name) || (header.size ?? 0) > MAX_ENTRY_BYTES) {
      stream.on('end', next);
      stream.resume();
      return;
    }
    const chunks: Buffer[] = [];
    stream.on('data', (c) => chunks.push(c as Buffer));
    stream.on('end', () => {
      out.set(name, Buffer.concat(chunks));
      next();
    });
  });
  try {
    await pipeline(fs.createReadStream(filePath), zlib.createGunzip(), extract);
  } catch (err) {
    throw new PackageError(`not a readable .tar.gz archive: ${(err as Error).message}`);
  }
  return out;
}

function parseModelBuffer(buf: Buffer | undefined): AppModel | null {
  if (!buf) return null;
  try {
    return parseAppModel(buf.toString('utf8'));
  } catch (err) {
    if (err instanceof AppModelError) throw new PackageError(err.message);
    throw err;
  }
}

function str(v: unknown): string | null {
  if (typeof v === 'string' && v !== '') return v;
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v) && v.length > 0) return str(v[0]);
  return null;
}

async function readApk(filePath: string): Promise<PackageInfo> {
  let manifest: Record<string, unknown>;
  try {
    manifest = await new ApkParser(filePath).parse();
  } catch (err) {
    throw new PackageError(`not a valid APK: ${(err as Error).message}`);
  }
  const packageName = str(manifest.package);
  if (!packageName) throw new PackageError('not a valid APK: AndroidManifest.xml has no package name');
  const application = (manifest.application ?? {}) as Record<string, unknown>;
  const iconPath = str(application.icon);
  const modelName = `assets/${APP_MODEL_FILE}`;
  const entries = await readZipEntries(filePath, (n) => n === modelName || (iconPath !== null && n === iconPath));
  const usesSdk = (manifest.usesSdk ?? {}) as Record<string, unknown>;
  const perms = Array.isArray(manifest.usesPermissions) ? (manifest.usesPermissions as { name?: string }[]) : [];
  const model = parseModelBuffer(entries.get(modelName));
  const icon = iconPath ? entries.get(iconPath) ?? null : null;
  return {
    platform: 'android',
    packageName,
    name: str(application.label) ?? model?.name ?? packageName,
    version: str(manifest.versionName) ?? '0',
    build: str(manifest.versionCode),
    minOsVersion: str(usesSdk.minSdkVersion),
    permissions: perms.map((p) => p.name).filter((n): n is string => typeof n === 'string'),
    model,
    icon: icon && icon.subarray(0, 8).equals(PNG_MAGIC) ? icon : null,
  };
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** `X.app/...` or `Payload/X.app/...`: returns the bundle directory prefix of a path. */
function bundlePrefix(name: string): string | null {
  const m = /^((?:Payload\/)?[^/]+\.app\/)/.exec(name);
  return m ? m[1]! : null;
}

function parseInfoPlist(buf: Buffer): Record<string, unknown> {
  try {
    if (buf.subarray(0, 6).toString('latin1') === 'bplist') {
      const [obj] = parseBplist(buf) as unknown[];
      return (obj ?? {}) as Record<string, unknown>;
    }
    return parsePlist(buf.toString('utf8')) as Record<string, unknown>;
  } catch (err) {
    throw new PackageError(`Info.plist cannot be parsed: ${(err as Error).message}`);
  }
}

async function readIosBundle(filePath: string, kind: 'zip' | 'tgz'): Promise<PackageInfo> {
  const wanted: ZipWanted = (n) => {
    const prefix = bundlePrefix(n);
    if (!prefix) return false;
    const rest = n.slice(prefix.length);
    return rest === 'Info.plist' || rest === APP_MODEL_FILE || /^AppIcon[^/]*\.png$/.test(rest);
  };
  const entries = kind === 'zip' ? await readZipEntries(filePath, wanted) : await readTarGzEntries(filePath, wanted);
  const plistName = [...entries.keys()].find((n) => n.endsWith('.app/Info.plist'));
  if (!plistName) throw new PackageError('not an iOS app bundle: no <Name>.app/Info.plist in the archive');
  const prefix = bundlePrefix(plistName)!;
  const info = parseInfoPlist(entries.get(plistName)!);
  const packageName = str(info.CFBundleIdentifier);
  if (!packageName) throw new PackageError('Info.plist has no CFBundleIdentifier');
  const model = parseModelBuffer(entries.get(prefix + APP_MODEL_FILE));
  const iconName = [...entries.keys()].filter((n) => n.startsWith(prefix + 'AppIcon')).sort().at(-1);
  return {
    platform: 'ios',
    packageName,
    name: str(info.CFBundleDisplayName) ?? str(info.CFBundleName) ?? model?.name ?? packageName,
    version: str(info.CFBundleShortVersionString) ?? str(info.CFBundleVersion) ?? '0',
    build: str(info.CFBundleVersion),
    minOsVersion: str(info.MinimumOSVersion),
    // The usage-description keys are the permissions an iOS app declares.
    permissions: Object.keys(info).filter((k) => /^NS[A-Za-z]+UsageDescription$/.test(k)).sort(),
    model,
    icon: iconName ? entries.get(iconName) ?? null : null,
  };
}

/**
 * Reads an installable package: an APK, or an iOS app bundle as .zip/.ipa or .tar.gz/.tgz. The
 * archive type is sniffed from its first bytes; the name only separates APK from iOS zips.
 */
export async function readPackage(filePath: string): Promise<PackageInfo> {
  let head: Buffer;
  try {
    const fd = await fs.promises.open(filePath, 'r');
    try {
      head = Buffer.alloc(4);
      await fd.read(head, 0, 4, 0);
    } finally {
      await fd.close();
    }
  } catch (err) {
    throw new PackageError(`cannot read package file: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const isZip = head[0] === 0x50 && head[1] === 0x4b;
  const isGzip = head[0] === 0x1f && head[1] === 0x8b;
  const ext = path.extname(filePath).toLowerCase();
  if (isGzip) return readIosBundle(filePath, 'tgz');
  if (!isZip) throw new PackageError('unsupported package: expected an .apk, or an iOS .app as .zip/.tar.gz/.tgz');
  if (ext === '.apk') return readApk(filePath);
  const names = await readZipEntries(filePath, (n) => n === 'AndroidManifest.xml');
  if (names.size > 0) return readApk(filePath);
  return readIosBundle(filePath, 'zip');
}

/**
 * Unpacks an iOS app archive (.zip/.ipa or .tar.gz/.tgz) into `destDir` and returns the path of
 * the `.app` directory. Entries that would land outside `destDir` are refused.
 */
export async function extractAppBundle(filePath: string, destDir: string): Promise<string> {
  const head = Buffer.alloc(2);
  const fd = await fs.promises.open(filePath, 'r');
  try {
    await fd.read(head, 0, 2, 0);
  } finally {
    await fd.close();
  }
  const root = path.resolve(destDir);
  const target = (name: string) => {
    const p = path.resolve(root, name);
    if (p !== root && !p.startsWith(root + path.sep)) throw new PackageError(`archive entry escapes the bundle: ${name}`);
    return p;
  };
  const write = async (name: string, data: Buffer, mode: number) => {
    const p = target(name);
    await fs.promises.mkdir(path.dirname(p), { recursive: true });
    await fs.promises.writeFile(p, data, { mode: mode & 0o777 || 0o644 });
  };
  if (head[0] === 0x1f && head[1] === 0x8b) {
    const extract = tar.extract();
    extract.on('entry', (header, stream, next) => {
      if (header.type !== 'file') {
        stream.on('end', next);
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c) => chunks.push(c as Buffer));
      stream.on('end', () => {
        write(header.name, Buffer.concat(chunks), header.mode ?? 0o644).then(() => next(), next);
      });
    });
    try {
      await pipeline(fs.createReadStream(filePath), zlib.createGunzip(), extract);
    } catch (err) {
      if (err instanceof PackageError) throw err;
      throw new PackageError(`cannot unpack the archive: ${(err as Error).message}`);
    }
  } else {
    const modes = new Map<string, number>();
    const entries = await new Promise<Map<string, Buffer>>((resolve, reject) => {
      yauzl.open(filePath, { lazyEntries: true, autoClose: true }, (err, zip) => {
        if (err || !zip) return reject(new PackageError(`not a readable zip archive: ${err?.message ?? 'unknown'}`));
        const out = new Map<string, Buffer>();
        zip.on('end', () => resolve(out));
        zip.on('error', (e: Error) => reject(new PackageError(e.message)));
        zip.on('entry', (entry: yauzl.Entry) => {
          if (entry.fileName.endsWith('/')) return zip.readEntry();
          modes.set(entry.fileName, (entry.externalFileAttributes >>> 16) & 0o777);
          zip.openReadStream(entry, (e2, s) => {
            if (e2 || !s) return reject(new PackageError(`corrupt zip entry ${entry.fileName}`));
            const chunks: Buffer[] = [];
            s.on('data', (c: Buffer) => chunks.push(c));
            s.on('end', () => {
              out.set(entry.fileName, Buffer.concat(chunks));
              zip.readEntry();
            });
          });
        });
        zip.readEntry();
      });
    });
    for (const [name, data] of entries) await write(name, data, modes.get(name) ?? 0o644);
  }
  const found = (await fs.promises.readdir(root, { recursive: true, withFileTypes: true }))
    .filter((d) => d.isDirectory() && d.name.endsWith('.app'))
    .map((d) => path.join(d.parentPath, d.name))
    .sort((a, b) => a.length - b.length)[0];
  if (!found) throw new PackageError('not an iOS app bundle: no .app directory in the archive');
  return found;
}
