import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploads are spooled before they reach storage (also with S3). */
export const uploadTempDir = (dataDir: string) => path.join(dataDir, 'tmp', 'uploads');

/**
 * Removes spooled uploads left by a crash mid-request (a live upload writes to its file
 * continuously, so anything untouched for `olderThanMs` is abandoned). Returns how many went.
 */
export async function sweepStaleUploads(tempDir: string, now: Date, olderThanMs = 6 * 60 * 60 * 1000): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(tempDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(tempDir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat?.isFile() && now.getTime() - stat.mtimeMs > olderThanMs) {
      await fs.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
