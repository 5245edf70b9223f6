import fs from 'node:fs/promises';
import { readApk, readApks } from './android-package';
import { readIosTarGz, readIosZip } from './ios-package';
import { Deadline, malformed, PackageRejection, type PackageLimits } from './package-limits';
import type { PackageFacts, PackageFormat, ReadContext, ReadOutcome, ReadRequest } from './package-facts';
import { ZipArchive } from './zip-archive';

/**
 * The one package reader: zip, tar.gz, plists, compiled XML, resources and Mach-O, every read
 * under `limits`. Never throws for a bad package: a rejection comes back as an outcome, so that
 * it survives the trip from a pool thread. Anything else thrown is a bug.
 */
export async function readPackage(request: ReadRequest, limits: PackageLimits): Promise<ReadOutcome> {
  let format = request.format;
  try {
    const ctx: ReadContext = {
      limits,
      deadline: new Deadline(limits.timeMs),
      purpose: request.purpose,
      scratchFile: request.scratchFile,
    };
    const magic = await readMagic(request.filePath);
    const isZip = magic.length === 4 && magic.readUInt32BE(0) === 0x504b0304;
    const isGzip = magic.length >= 2 && magic[0] === 0x1f && magic[1] === 0x8b;
    if (format === null) {
      if (isGzip) format = 'ios_tar_gz';
      else if (!isZip) throw malformed('the content is neither a zip nor a gzip archive');
    }
    if (format === 'ios_tar_gz') {
      if (!isGzip) throw malformed('the content does not start with the gzip magic bytes');
      return { ok: true, facts: await readIosTarGz(request.filePath, ctx) };
    }
    if (!isZip) throw malformed('the content does not start with the zip magic bytes');
    const zip = await ZipArchive.open(request.filePath, limits, ctx.deadline);
    try {
      format ??= zip.has('AndroidManifest.xml') ? 'apk' : 'ios_zip';
      return { ok: true, facts: await readZipPackage(zip, format, ctx) };
    } finally {
      zip.close();
    }
  } catch (err) {
    if (err instanceof PackageRejection) return { ok: false, kind: err.kind, message: err.message, format };
    throw err;
  }
}

function readZipPackage(
  zip: ZipArchive,
  format: Exclude<PackageFormat, 'ios_tar_gz'>,
  ctx: ReadContext,
): Promise<PackageFacts> {
  switch (format) {
    case 'apk':
      return readApk(zip, ctx, 'apk');
    case 'apks':
      return readApks(zip, ctx);
    case 'ios_zip':
      return readIosZip(zip, ctx);
  }
}

async function readMagic(filePath: string): Promise<Buffer> {
  let fh: fs.FileHandle;
  try {
    fh = await fs.open(filePath, 'r');
  } catch (err) {
    throw malformed(`the file cannot be opened (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    const buf = Buffer.alloc(4);
    const { bytesRead } = await fh.read(buf, 0, 4, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}
