import yauzl from 'yauzl';
import type { Readable } from 'node:stream';

/** A zip archive opened for random access: the entry list, and bounded reads of single entries. */
export interface ZipArchive {
  names: string[];
  /** Reads an entry into memory, refusing entries bigger than maxBytes (uncompressed). */
  read(name: string, maxBytes: number): Promise<Buffer | null>;
  /** The first `bytes` of an entry (for magic numbers and headers). */
  head(name: string, bytes: number): Promise<Buffer | null>;
  stream(name: string): Promise<Readable | null>;
  close(): void;
}

/** Opens a zip file without reading it into memory; null when the file is not a readable zip. */
export async function openZip(filePath: string): Promise<ZipArchive | null> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(filePath, { lazyEntries: true, autoClose: false, decodeStrings: true, strictFileNames: false });
  } catch {
    return null;
  }
  const entries = new Map<string, yauzl.Entry>();
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', reject);
      zip.readEntry();
    });
  } catch {
    zip.close();
    return null;
  }

  const open = async (name: string): Promise<Readable | null> => {
    const entry = entries.get(name);
    if (!entry) return null;
    return zip.openReadStreamPromise(entry);
  };

  const collect = async (stream: Readable, limit: number, truncate: boolean): Promise<Buffer> => {
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      total += chunk.length;
      if (total >= limit) {
        stream.destroy();
        if (!truncate && total > limit) throw new Error('entry too large');
        break;
      }
    }
    const all = Buffer.concat(chunks);
    return truncate ? all.subarray(0, limit) : all;
  };

  return {
    names: [...entries.keys()],
    async read(name, maxBytes) {
      const entry = entries.get(name);
      if (!entry) return null;
      if (entry.uncompressedSize > maxBytes) throw new Error(`${name} is larger than ${maxBytes} bytes`);
      const stream = await open(name);
      return stream ? collect(stream, maxBytes, false) : null;
    },
    async head(name, bytes) {
      const stream = await open(name);
      return stream ? collect(stream, bytes, true) : null;
    },
    stream: open,
    close: () => zip.close(),
  };
}
