import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Peer } from '../../test/harness/s3';
import { S3Storage } from './s3-storage';

let s3: S3Peer;
let storage: S3Storage;

beforeAll(async () => {
  s3 = await startS3Server();
  storage = new S3Storage({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
});
afterAll(async () => {
  storage?.close();
  await s3?.close();
});

async function text(stream: Readable | null) {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('S3Storage against a loopback S3 server', () => {
  it('puts buffers and streams, reads them back, reports existence', async () => {
    expect(await storage.put('a/one.txt', Buffer.from('hello'))).toEqual({ size: 5 });
    expect(await storage.put('a/two.txt', Readable.from([Buffer.from('str'), Buffer.from('eam')]))).toEqual({
      size: 6,
    });
    expect(await text(await storage.get('a/one.txt'))).toBe('hello');
    expect((await storage.getBuffer('a/two.txt'))?.toString()).toBe('stream');
    expect(await storage.exists('a/one.txt')).toBe(true);
    expect(await storage.exists('a/missing.txt')).toBe(false);
    expect(await storage.get('a/missing.txt')).toBeNull();
    expect(await storage.getBuffer('a/missing.txt')).toBeNull();
  });

  it('uploads a multi-part file (over one 8 MB part) and consumes the local file', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-s3t-')), 'big.bin');
    const data = Buffer.alloc(20 * 1024 * 1024 + 123, 7);
    data.write('head', 0);
    fs.writeFileSync(file, data);
    expect(await storage.putFile('b/big.bin', file)).toEqual({ size: data.length });
    expect(fs.existsSync(file)).toBe(false);
    const back = await storage.getBuffer('b/big.bin');
    expect(back?.length).toBe(data.length);
    expect(back?.equals(data)).toBe(true);
  });

  it('deletes single objects and whole prefixes', async () => {
    await storage.put('c/x/1', Buffer.from('1'));
    await storage.put('c/x/2', Buffer.from('2'));
    await storage.put('c/y', Buffer.from('3'));
    await storage.delete('c/y');
    await storage.delete('c/never-existed');
    expect(await storage.exists('c/y')).toBe(false);
    await storage.deletePrefix('c/x');
    expect(s3.keys().filter((k) => k.startsWith('c/'))).toEqual([]);
  });

  it('rejects keys that could escape the bucket layout', async () => {
    await expect(storage.put('../evil', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
  });
});
