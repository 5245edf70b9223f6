import fs from 'node:fs';
import path from 'node:path';
import { createDatabase, type Database } from '../db/client';

/** Where a running `npm start` with the embedded database records how to reach it (mode 600). */
export function embeddedUrlFile(dataDir: string): string {
  return path.join(dataDir, 'run', 'database-url');
}

export function recordEmbeddedUrl(dataDir: string, url: string): () => void {
  const file = embeddedUrlFile(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, url, { mode: 0o600 });
  return () => fs.rmSync(file, { force: true });
}

/**
 * The database an operator command works on: DATABASE_URL, or the embedded database of the
 * simdeck running with DATA_DIR (default ./data). Operator commands talk to the database directly:
 * they are for whoever runs the service, not for API users.
 */
export function openOperatorDatabase(env: NodeJS.ProcessEnv = process.env): Database {
  let url = env.DATABASE_URL;
  if (!url) {
    const file = embeddedUrlFile(path.resolve(env.DATA_DIR ?? './data'));
    if (!fs.existsSync(file))
      throw new Error(
        `Set DATABASE_URL, or start simdeck first (no running embedded database found: ${file} is missing)`,
      );
    url = fs.readFileSync(file, 'utf8').trim();
  }
  return createDatabase(url, { max: 2 });
}
