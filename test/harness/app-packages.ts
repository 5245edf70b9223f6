import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGzip, deflateSync, gzipSync } from 'node:zlib';
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
  return apkWithExtraEntries(
    Object.fromEntries(abis.map((abi) => [`lib/${abi}/libnative.so`, Buffer.from('\x7fELF fake shared object')])),
  );
}

/** A bundletool-style .apks: the APK as base.apk (or splits/base-master.apk) plus a toc.pb and optional ABI splits. */
export async function buildApks(opts: { layout?: 'base' | 'splits'; abiSplits?: string[] } = {}): Promise<Buffer> {
  const apk = settingsApk();
  const files = [
    { name: 'toc.pb', data: Buffer.from([0x0a, 0x00]) },
    { name: opts.layout === 'splits' ? 'splits/base-master.apk' : 'base.apk', data: apk, store: true },
    ...(opts.abiSplits ?? []).map((abi) => ({
      name: `splits/base-${abi}.apk`,
      data: Buffer.from('PK\x03\x04 split'),
      store: true,
    })),
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
    [executable]:
      spec.executableBytes ??
      machO(
        spec.slices ?? [
          { arch: 'arm64', platform: 7 },
          { arch: 'x86_64', platform: 7 },
        ],
      ),
    PkgInfo: Buffer.from('APPL????'),
  };
  if (!spec.omitInfoPlist)
    files['Info.plist'] = spec.binaryPlist ? bplistCreate(info) : Buffer.from(plist.build(info as plist.PlistValue));
  if (spec.icon !== false) {
    files['AppIcon60x60@2x.png'] = await sharp({
      create: { width: 120, height: 120, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 1 } },
    })
      .png()
      .toBuffer();
  }
  return files;
}

/** Packs bundle files as a zip with `Demo.app/` (or `Payload/Demo.app/`) at the root. */
export async function packIosZip(
  files: Record<string, Buffer>,
  opts: { appName?: string; payload?: boolean } = {},
): Promise<Buffer> {
  const root = `${opts.payload ? 'Payload/' : ''}${opts.appName ?? 'Demo'}.app/`;
  return zipToBuffer(Object.entries(files).map(([name, data]) => ({ name: root + name, data })));
}

/** Packs bundle files as a .tar.gz; the executable goes first so the inspector cannot rely on order. */
export async function packIosTarGz(
  files: Record<string, Buffer>,
  opts: { appName?: string; payload?: boolean; dotSlash?: boolean } = {},
): Promise<Buffer> {
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
export function multipartBody(
  file: { name: string; data: Buffer } | null,
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----simdeck${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * A multipart body streamed without Content-Length, whose file part is `size` bytes of a zip
 * header followed by zeros: for the streaming-limit test without holding it in memory.
 */
export function streamingMultipart(
  fileName: string,
  size: number,
): { payload: Readable; headers: Record<string, string> } {
  const boundary = '----simdeckstream';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
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

// ---------------------------------------------------------------- hostile packages

/** The files of a zip; `renames` then rewrites names in place to ones yazl refuses to write ("../x"), same length. */
export async function zipWithRenamedEntries(
  files: Array<{ name: string; data: Buffer }>,
  renames: Record<string, string> = {},
): Promise<Buffer> {
  const buf = await zipToBuffer(files);
  for (const [from, to] of Object.entries(renames)) {
    if (from.length !== to.length) throw new Error('a rename must keep the name length');
    for (let at = buf.indexOf(from); at !== -1; at = buf.indexOf(from, at + 1)) buf.write(to, at, 'latin1');
  }
  return buf;
}

/** A zip with `extra` files plus `name`: `bytes` of zeros, deflated as they stream (1 GB packs to about 1 MB). */
export async function zipWithHugeEntry(opts: {
  files?: Record<string, Buffer>;
  name: string;
  bytes: number;
}): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(opts.files ?? {}))
    zip.addBuffer(data, name, { mtime: new Date('2026-01-01T00:00:00Z') });
  const chunk = Buffer.alloc(1024 * 1024);
  zip.addReadStream(
    Readable.from(
      (function* () {
        for (let left = opts.bytes; left > 0; left -= chunk.length)
          yield left >= chunk.length ? chunk : chunk.subarray(0, left);
      })(),
    ),
    opts.name,
    { compressionLevel: 1, mtime: new Date('2026-01-01T00:00:00Z') },
  );
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}

/** A copy of `zip` whose central directory declares `bytes` as the unpacked size of `name` (a lie the reader must not trust). */
export function withDeclaredSize(zip: Buffer, name: string, bytes: number): Buffer {
  const buf = Buffer.from(zip);
  for (let at = buf.indexOf('PK\x01\x02', 0, 'latin1'); at !== -1; at = buf.indexOf('PK\x01\x02', at + 4, 'latin1')) {
    const nameLength = buf.readUInt16LE(at + 28);
    if (buf.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      buf.writeUInt32LE(bytes, at + 24);
      return buf;
    }
  }
  throw new Error(`no central directory record for ${name}`);
}

/**
 * A zip of a valid iOS bundle plus `count` empty files, written byte by byte into one buffer
 * (stored entries, zip64 end records as more than 65,535 entries need), so that making it costs
 * the test process little more than the archive itself.
 */
export async function iosZipWithManyEntries(count: number): Promise<Buffer> {
  const bundle = await iosBundleEntries();
  const fileAt = (i: number) => (i < bundle.length ? bundle[i]! : { name: `Demo.app/f/${i}`, data: Buffer.alloc(0) });
  const total = bundle.length + count;
  let size = 56 + 20 + 22;
  for (let i = 0; i < total; i++) {
    const f = fileAt(i);
    size += 30 + 46 + 2 * Buffer.byteLength(f.name) + f.data.length;
  }
  const out = Buffer.alloc(size);
  const offsets = new Uint32Array(total);
  let at = 0;
  for (let i = 0; i < total; i++) {
    const f = fileAt(i);
    offsets[i] = at;
    out.writeUInt32LE(0x04034b50, at);
    out.writeUInt16LE(20, at + 4);
    out.writeUInt32LE(crc32(f.data), at + 14);
    out.writeUInt32LE(f.data.length, at + 18);
    out.writeUInt32LE(f.data.length, at + 22);
    out.writeUInt16LE(Buffer.byteLength(f.name), at + 26);
    at += 30 + out.write(f.name, at + 30);
    at += f.data.copy(out, at);
  }
  const cdAt = at;
  for (let i = 0; i < total; i++) {
    const f = fileAt(i);
    out.writeUInt32LE(0x02014b50, at);
    out.writeUInt16LE(20, at + 4);
    out.writeUInt16LE(20, at + 6);
    out.writeUInt32LE(crc32(f.data), at + 16);
    out.writeUInt32LE(f.data.length, at + 20);
    out.writeUInt32LE(f.data.length, at + 24);
    out.writeUInt16LE(Buffer.byteLength(f.name), at + 28);
    out.writeUInt32LE(offsets[i]!, at + 42);
    at += 46 + out.write(f.name, at + 46);
  }
  const eocd64At = at;
  out.writeUInt32LE(0x06064b50, at);
  out.writeBigUInt64LE(44n, at + 4);
  out.writeUInt16LE(45, at + 12);
  out.writeUInt16LE(45, at + 14);
  out.writeBigUInt64LE(BigInt(total), at + 24);
  out.writeBigUInt64LE(BigInt(total), at + 32);
  out.writeBigUInt64LE(BigInt(eocd64At - cdAt), at + 40);
  out.writeBigUInt64LE(BigInt(cdAt), at + 48);
  at += 56;
  out.writeUInt32LE(0x07064b50, at);
  out.writeBigUInt64LE(BigInt(eocd64At), at + 8);
  out.writeUInt32LE(1, at + 16);
  at += 20;
  out.writeUInt32LE(0x06054b50, at);
  out.writeUInt16LE(0xffff, at + 8);
  out.writeUInt16LE(0xffff, at + 10);
  out.writeUInt32LE(0xffffffff, at + 12);
  out.writeUInt32LE(0xffffffff, at + 16);
  return out;
}

/** A .tar.gz of `files` (names as given, so they may be long or leave the archive), gzip-compressed as it streams. */
export async function tarGz(files: Array<{ name: string; data: Buffer | { zeros: number } }>): Promise<Buffer> {
  const pack = tar.pack();
  const gz = pack.pipe(createGzip({ level: 1 }));
  const chunks: Buffer[] = [];
  const collected = (async () => {
    for await (const c of gz as AsyncIterable<Buffer>) chunks.push(c);
  })();
  for (const f of files) {
    if (Buffer.isBuffer(f.data)) {
      pack.entry({ name: f.name, mode: 0o644 }, f.data);
      continue;
    }
    const size = f.data.zeros;
    const chunk = Buffer.alloc(1024 * 1024);
    await new Promise<void>((resolve, reject) => {
      const entry = pack.entry({ name: f.name, size, mode: 0o644 }, (err) => (err ? reject(err) : resolve()));
      (async () => {
        for (let left = size; left > 0; left -= chunk.length) {
          if (!entry.write(left >= chunk.length ? chunk : chunk.subarray(0, left)))
            await new Promise<void>((r) => entry.once('drain', () => r()));
        }
        entry.end(Buffer.alloc(0));
      })().catch(reject);
    });
  }
  pack.finalize();
  await collected;
  return Buffer.concat(chunks);
}

/** A .tar.gz of the iOS bundle plus `count` empty files, with headers written by hand (tar-stream takes seconds for 100,000). */
export async function iosTarGzWithManyEntries(count: number): Promise<Buffer> {
  const header = (name: string, size: number) => {
    const h = Buffer.alloc(512);
    h.write(name, 0, 100, 'utf8');
    h.write('0000644\0', 100, 'latin1');
    h.write('0000000\0', 108, 'latin1');
    h.write('0000000\0', 116, 'latin1');
    h.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
    h.write('00000000000\0', 136, 'latin1');
    h.write('        ', 148, 'latin1');
    h.write('0', 156, 'latin1');
    h.write('ustar\0' + '00', 257, 'latin1');
    let sum = 0;
    for (const b of h) sum += b;
    h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
    return h;
  };
  const parts: Buffer[] = [];
  for (const { name, data } of await iosBundleEntries())
    parts.push(header(name, data.length), data, Buffer.alloc((512 - (data.length % 512)) % 512));
  for (let i = 0; i < count; i++) parts.push(header(`Demo.app/f/${i}`, 0));
  parts.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(parts), { level: 1 });
}

/** The files of an iOS bundle under `Demo.app/`, as tarGz() takes them. */
export async function iosBundleEntries(spec: IosAppSpec = {}): Promise<Array<{ name: string; data: Buffer }>> {
  return Object.entries(await iosAppFiles(spec)).map(([name, data]) => ({ name: `Demo.app/${name}`, data }));
}

/**
 * A binary plist: a dictionary with the `info` strings, plus `Nested`: `depth` levels of arrays,
 * each holding `fanOut` references to the same next array. Expanded naively, it is fanOut^depth.
 */
export function sharedReferencePlist(opts: { info: Record<string, string>; depth: number; fanOut: number }): Buffer {
  type Obj = { string: string } | { array: number[] } | { dict: Array<[number, number]> };
  const objects: Obj[] = [{ dict: [] }];
  const add = (o: Obj) => objects.push(o) - 1;
  const top = objects[0] as { dict: Array<[number, number]> };
  for (const [k, v] of Object.entries(opts.info)) top.dict.push([add({ string: k }), add({ string: v })]);
  let next = add({ string: 'leaf' });
  for (let level = opts.depth; level >= 1; level--)
    next = add({ array: Array.from({ length: opts.fanOut }, () => next) });
  top.dict.push([add({ string: 'Nested' }), next]);

  const length = (marker: number, n: number) => {
    if (n < 15) return Buffer.from([marker | n]);
    const count = Buffer.alloc(6);
    count[0] = marker | 0x0f;
    count[1] = 0x12;
    count.writeUInt32BE(n, 2);
    return count;
  };
  const ref = (i: number) => Buffer.from([i >> 8, i & 0xff]);
  const offsets: number[] = [];
  const parts: Buffer[] = [Buffer.from('bplist00', 'latin1')];
  let at = 8;
  for (const o of objects) {
    offsets.push(at);
    const body =
      'string' in o
        ? Buffer.concat([length(0x50, o.string.length), Buffer.from(o.string, 'latin1')])
        : 'array' in o
          ? Buffer.concat([length(0xa0, o.array.length), ...o.array.map(ref)])
          : Buffer.concat([
              length(0xd0, o.dict.length),
              ...o.dict.map(([k]) => ref(k)),
              ...o.dict.map(([, v]) => ref(v)),
            ]);
    parts.push(body);
    at += body.length;
  }
  const table = Buffer.alloc(offsets.length * 4);
  for (const [i, o] of offsets.entries()) table.writeUInt32BE(o, i * 4);
  const trailer = Buffer.alloc(32);
  trailer[6] = 4;
  trailer[7] = 2;
  trailer.writeBigUInt64BE(BigInt(objects.length), 8);
  trailer.writeBigUInt64BE(0n, 16);
  trailer.writeBigUInt64BE(BigInt(at), 24);
  return Buffer.concat([...parts, table, trailer]);
}

/** The Info.plist strings iosAppFiles() writes, for hand-made plists. */
export const DEMO_INFO = {
  CFBundleIdentifier: 'com.example.demo',
  CFBundleDisplayName: 'Demo App',
  CFBundleShortVersionString: '2.3.1',
  CFBundleVersion: '417',
  CFBundleExecutable: 'Demo',
};

/** A PNG whose header claims `width` × `height` pixels, with almost no pixel data behind it. */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
