import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);
const S3rver = require('s3rver') as new (
  opts: Record<string, unknown>,
) => { run(): Promise<{ port: number }>; close(): Promise<void> };

export interface S3Peer {
  endpoint: string;
  bucket: string;
  /** Env for createTestApp that points storage at this server. */
  env: Record<string, string>;
  /** Every object key stored in the bucket (read from the server's own directory). */
  keys(): string[];
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on loopback with one empty bucket. */
export async function startS3Server(bucket = 'simdeck-test'): Promise<S3Peer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    keys() {
      const root = path.join(directory, bucket);
      if (!fs.existsSync(root)) return [];
      return (fs.readdirSync(root, { recursive: true }) as string[])
        .filter((p) => p.endsWith('._S3rver_object'))
        .map((p) => p.slice(0, -'._S3rver_object'.length).split(path.sep).join('/'))
        .sort();
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
