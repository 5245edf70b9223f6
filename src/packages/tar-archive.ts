import fs from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { loadTarStream } from '../lazy-modules';
import { checkEntryName, HeaderBudget, printable } from './entry-names';
import {
  formatBytes,
  malformed,
  PackageRejection,
  tooLarge,
  unsafe,
  type Deadline,
  type PackageLimits,
} from './package-limits';

export interface TarEntry {
  /** The checked name, without a leading `./`. */
  name: string;
  type: 'file' | 'directory' | 'other';
  size: number;
  mode: number;
  /** The entry's bytes; whatever the visitor leaves unread is skipped. */
  body: AsyncIterable<Buffer> & { resume(): unknown };
}

/** tar-stream's own ceiling for one PAX or GNU long-name header (it refuses larger ones). */
const TAR_STREAM_MAX_HEADER = 4 * 1024 * 1024;

/**
 * Streams a .tar.gz once and calls `visit` for each entry in order. Gunzip output is counted
 * against `maxUnpackedBytes` as it is produced, so a gzip bomb stops at the cap; entry count,
 * name lengths, PAX header bytes and names leaving the archive are checked per entry header.
 */
export async function walkTarGz(
  filePath: string,
  limits: PackageLimits,
  deadline: Deadline,
  visit: (entry: TarEntry) => Promise<void>,
): Promise<void> {
  let unpacked = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      unpacked += chunk.length;
      if (unpacked > limits.maxUnpackedBytes)
        return done(tooLarge(`the archive unpacks to more than ${formatBytes(limits.maxUnpackedBytes)}`));
      try {
        deadline.check();
      } catch (err) {
        return done(err as Error);
      }
      done(null, chunk);
    },
  });
  const extract = loadTarStream().extract();
  const piping = pipeline(fs.createReadStream(filePath), zlib.createGunzip(), counter, extract);
  const walking = (async () => {
    const headers = new HeaderBudget(limits);
    let count = 0;
    for await (const body of extract) {
      const header = body.header;
      if (++count > limits.maxEntries) throw unsafe(`the archive has more than ${limits.maxEntries} entries`);
      const paxBytes = Object.entries(header.pax ?? {}).reduce((n, [k, v]) => n + k.length + String(v).length, 0);
      headers.add(Buffer.byteLength(header.name) + Buffer.byteLength(header.linkname ?? '') + paxBytes);
      const name = checkEntryName(header.name, limits);
      if (header.size && header.size > limits.maxUnpackedBytes)
        throw tooLarge(`${printable(name)} is ${formatBytes(header.size)}, more than the archive may unpack to`);
      const type =
        header.type === 'file' || header.type === 'contiguous-file'
          ? 'file'
          : header.type === 'directory'
            ? 'directory'
            : 'other';
      // tar-stream's entries are streamx Readables of Buffers (its types say unknown).
      await visit({
        name: name.replace(/\/$/, ''),
        type,
        size: header.size ?? 0,
        mode: header.mode ?? 0o644,
        body: body as TarEntry['body'],
      });
      body.resume();
    }
  })();
  const [piped, walked] = await Promise.allSettled([piping, walking]);
  const failure = [walked, piped]
    .map((r) => (r.status === 'rejected' ? (r.reason as unknown) : null))
    .filter((e) => e !== null);
  const rejection = failure.find((e): e is PackageRejection => e instanceof PackageRejection);
  if (rejection) throw rejection;
  if (failure.length > 0) {
    const message = (failure[0] as Error).message;
    if (message === 'Header exceeds max size')
      throw unsafe(`a tar header is larger than ${formatBytes(TAR_STREAM_MAX_HEADER)}`);
    throw malformed(`the archive cannot be read (${message})`);
  }
}

/** Reads at most `maxBytes` of an entry's body into memory; refused (413) when the entry is larger. */
export async function readTarBody(
  entry: TarEntry,
  maxBytes: number,
  opts: { truncate?: boolean } = {},
): Promise<Buffer> {
  if (!opts.truncate && entry.size > maxBytes)
    throw tooLarge(
      `${printable(entry.name)} unpacks to ${formatBytes(entry.size)}, more than the ${formatBytes(maxBytes)} allowed`,
    );
  const chunks: Buffer[] = [];
  let kept = 0;
  for await (const chunk of entry.body) {
    if (kept >= maxBytes) continue;
    chunks.push(chunk as Buffer);
    kept += (chunk as Buffer).length;
  }
  return Buffer.concat(chunks).subarray(0, maxBytes);
}
