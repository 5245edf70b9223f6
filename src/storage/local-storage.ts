import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import { assertValidKey, type ByteRange, type ObjectStorage } from './storage';

/** Files under one directory; writes go to a temporary name and are renamed into place. */
export class LocalStorage implements ObjectStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable | Buffer): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temp));
      await fs.rename(temp, target);
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
    return { size: (await fs.stat(target)).size };
  }

  async putFile(key: string, filePath: string): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.rename(filePath, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      await this.put(key, createReadStream(filePath));
      await fs.rm(filePath, { force: true });
    }
    return { size: (await fs.stat(target)).size };
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    const p = this.pathOf(key);
    try {
      await fs.access(p);
    } catch {
      return null;
    }
    return createReadStream(p, range ? { start: range.start, end: range.end } : undefined);
  }

  async getBuffer(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await fs.access(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await fs.rm(this.pathOf(prefix), { recursive: true, force: true });
  }
}
