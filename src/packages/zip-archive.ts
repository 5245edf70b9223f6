import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
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

interface ZipEntry {
  entry: yauzl.Entry;
  name: string;
}

/**
 * A zip opened for random access through its central directory. Every entry is checked before
 * any is read: the entry count (from the end-of-central-directory record, before the list is
 * walked), name lengths and header bytes, names that would leave the archive, duplicates, and
 * the declared unpacked total. Reads are capped while inflating, whatever the headers declare.
 */
export class ZipArchive {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly entries: Map<string, ZipEntry>,
    private readonly limits: PackageLimits,
    private readonly deadline: Deadline,
  ) {}

  static async open(filePath: string, limits: PackageLimits, deadline: Deadline): Promise<ZipArchive> {
    let zip: yauzl.ZipFile;
    try {
      zip = await yauzl.openPromise(filePath, {
        lazyEntries: true,
        autoClose: false,
        decodeStrings: false,
        validateEntrySizes: true,
      });
    } catch (err) {
      throw malformed(`the zip archive cannot be read (${(err as Error).message})`);
    }
    try {
      if (zip.entryCount > limits.maxEntries) throw unsafe(`the archive has more than ${limits.maxEntries} entries`);
      const entries = await listEntries(zip, limits, deadline);
      return new ZipArchive(zip, entries, limits, deadline);
    } catch (err) {
      zip.close();
      throw err;
    }
  }

  get names(): string[] {
    return [...this.entries.keys()];
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The whole entry, refused (413) when it unpacks to more than `maxBytes`; null when absent. */
  async read(name: string, maxBytes: number): Promise<Buffer | null> {
    const found = this.entries.get(name);
    if (!found) return null;
    const declared = found.entry.uncompressedSize;
    if (declared > maxBytes)
      throw tooLarge(
        `${printable(name)} unpacks to ${formatBytes(declared)}, more than the ${formatBytes(maxBytes)} allowed`,
      );
    const out = Buffer.allocUnsafe(declared);
    let at = 0;
    await this.unpacking(found, async (stream) => {
      for await (const chunk of stream) {
        this.deadline.check();
        // yauzl stops a stream that outgrows its declared size; the copy below must not overflow either.
        if (at + chunk.length > declared)
          throw malformed(`${printable(name)} unpacks to more bytes than its header declares`);
        (chunk as Buffer).copy(out, at);
        at += chunk.length;
      }
    });
    return out.subarray(0, at);
  }

  /** At most the first `bytes` of an entry (magic numbers and headers); null when absent. */
  async head(name: string, bytes: number): Promise<Buffer | null> {
    const found = this.entries.get(name);
    if (!found) return null;
    const chunks: Buffer[] = [];
    let total = 0;
    await this.unpacking(found, async (stream) => {
      for await (const chunk of stream) {
        this.deadline.check();
        chunks.push(chunk as Buffer);
        total += chunk.length;
        if (total >= bytes) break;
      }
    });
    return Buffer.concat(chunks).subarray(0, bytes);
  }

  /** Unpacks one entry to `dest`, refused (413) past `maxBytes`. */
  async copyTo(name: string, dest: string, maxBytes: number): Promise<void> {
    const found = this.entries.get(name);
    if (!found) throw malformed(`${printable(name)} is missing`);
    if (found.entry.uncompressedSize > maxBytes)
      throw tooLarge(`${printable(name)} unpacks to more than ${formatBytes(maxBytes)}`);
    await this.unpacking(found, (stream) => pipeline(stream, fs.createWriteStream(dest)));
  }

  /**
   * Unpacks every file under `destDir` (directories are created, links are written as plain
   * files), counting the bytes actually inflated against `maxUnpackedBytes`.
   */
  async extractAll(destDir: string): Promise<void> {
    const root = path.resolve(destDir);
    let total = 0;
    for (const found of this.entries.values()) {
      this.deadline.check();
      const target = path.resolve(root, found.name);
      if (target !== root && !target.startsWith(root + path.sep))
        throw unsafe(`the entry "${printable(found.name)}" points outside the archive`);
      if (found.name.endsWith('/')) {
        await fs.promises.mkdir(target, { recursive: true });
        continue;
      }
      total += found.entry.uncompressedSize;
      if (total > this.limits.maxUnpackedBytes)
        throw tooLarge(`the archive unpacks to more than ${formatBytes(this.limits.maxUnpackedBytes)}`);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const mode = (found.entry.externalFileAttributes >>> 16) & 0o777;
      await this.unpacking(found, (stream) => pipeline(stream, fs.createWriteStream(target, { mode: mode || 0o644 })));
    }
  }

  close(): void {
    this.zip.close();
  }

  /** Runs `use` on the entry's inflating stream; library errors become a rejection naming the entry. */
  private async unpacking(found: ZipEntry, use: (stream: Readable) => Promise<unknown>): Promise<void> {
    try {
      await use(await this.zip.openReadStreamPromise(found.entry));
    } catch (err) {
      if (err instanceof PackageRejection) throw err;
      const message = (err as Error).message;
      // yauzl's own check that an entry inflates to exactly its declared size.
      if (message.startsWith('too many bytes in the stream'))
        throw malformed(`${printable(found.name)} unpacks to more bytes than its header declares`);
      if (message.startsWith('not enough bytes in the stream'))
        throw malformed(`${printable(found.name)} unpacks to fewer bytes than its header declares`);
      throw malformed(`${printable(found.name)} cannot be unpacked (${message})`);
    }
  }
}

function listEntries(zip: yauzl.ZipFile, limits: PackageLimits, deadline: Deadline): Promise<Map<string, ZipEntry>> {
  const entries = new Map<string, ZipEntry>();
  const headers = new HeaderBudget(limits);
  let declared = 0;
  return new Promise((resolve, reject) => {
    const fail = (err: unknown) => {
      zip.removeAllListeners('entry');
      reject(
        err instanceof PackageRejection ? err : malformed(`the zip archive is corrupt (${(err as Error).message})`),
      );
    };
    zip.on('error', fail);
    zip.on('end', () => resolve(entries));
    zip.on('entry', (entry: yauzl.Entry) => {
      try {
        deadline.check();
        headers.add(entry.fileNameLength + entry.extraFieldLength + entry.fileCommentLength);
        const name = checkEntryName(
          yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false),
          limits,
        );
        if (entries.has(name)) throw malformed(`the archive lists ${printable(name)} twice`);
        declared += entry.uncompressedSize;
        if (declared > limits.maxUnpackedBytes)
          throw tooLarge(`the archive unpacks to more than ${formatBytes(limits.maxUnpackedBytes)}`);
        entries.set(name, { entry, name });
        zip.readEntry();
      } catch (err) {
        fail(err);
      }
    });
    zip.readEntry();
  });
}
