import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { FileHasher } from './file-hasher';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-hasher-'));
const hasher = new FileHasher();
afterAll(async () => {
  await hasher.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const MB = 1024 * 1024;

/** Appends `data` to `file` in `step`-byte writes, reporting each completed write to `digest`. */
async function writeInSteps(file: string, data: Buffer, step: number, written: (bytes: number) => void): Promise<void> {
  const handle = await fs.promises.open(file, 'w');
  try {
    for (let at = 0; at < data.length; at += step) {
      const { bytesWritten } = await handle.write(data, at, Math.min(step, data.length - at), at);
      written(at + bytesWritten);
    }
  } finally {
    await handle.close();
  }
}

describe('FileHasher', () => {
  it('hashes a file while it is written, in step with the writer', async () => {
    const data = randomBytes(23 * MB + 17);
    const file = path.join(dir, 'growing.bin');
    const digest = hasher.track(file);
    await writeInSteps(file, data, 3 * MB + 5, (n) => digest.written(n));
    expect(await digest.finish(data.length)).toBe(sha(data));
  });

  it('hashes files written at the same time independently, and small and empty files', async () => {
    const files = [randomBytes(9 * MB), randomBytes(100), Buffer.alloc(0), randomBytes(5 * MB + 1)].map((data, i) => ({
      data,
      file: path.join(dir, `many-${i}.bin`),
    }));
    const digests = await Promise.all(
      files.map(async ({ data, file }) => {
        const digest = hasher.track(file);
        await writeInSteps(file, data, MB, (n) => digest.written(n));
        return digest.finish(data.length);
      }),
    );
    expect(digests).toEqual(files.map(({ data }) => sha(data)));
  });

  it('fails clearly when the file is shorter than the writer says', async () => {
    const file = path.join(dir, 'short.bin');
    fs.writeFileSync(file, randomBytes(1000));
    await expect(hasher.track(file).finish(2000)).rejects.toThrow(/ended at 1000 bytes, before 2000/);
  });

  it('reports a failure found while the file was still being written on finish', async () => {
    const digest = hasher.track(path.join(dir, 'never-created.bin'));
    digest.written(8 * MB);
    // The worker fails to open the file before the writer finishes: its report reaches the hasher
    // (whose listener runs first) before this one.
    const worker: Worker = Reflect.get(hasher, 'worker');
    await once(worker, 'message');
    await expect(digest.finish(8 * MB)).rejects.toThrow(/Hashing the upload failed: .*ENOENT/);
  });

  it('keeps working after an aborted file, and rejects pending digests on close', async () => {
    const aborted = path.join(dir, 'aborted.bin');
    const digest = hasher.track(aborted);
    await writeInSteps(aborted, randomBytes(9 * MB), MB, (n) => digest.written(n));
    digest.abort();
    await expect(digest.finish(9 * MB)).rejects.toThrow(/aborted/);

    const next = path.join(dir, 'after.bin');
    const data = randomBytes(MB);
    fs.writeFileSync(next, data);
    expect(await hasher.track(next).finish(data.length)).toBe(sha(data));

    const own = new FileHasher();
    const big = path.join(dir, 'big.bin');
    fs.writeFileSync(big, randomBytes(64 * MB));
    const pending = expect(own.track(big).finish(64 * MB)).rejects.toThrow(/closed/);
    await own.close();
    await pending;
  });
});
