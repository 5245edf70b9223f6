import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The checkout's root: the nearest folder above this module with simdeck's package.json. Found
 * from the module's own location, so it is the same under tsx (src/paths.ts) and in the bundle
 * that `npm start` runs (dist/main.mjs).
 */
function findProjectRoot(from: string): string {
  let dir = from;
  while (true) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === 'simdeck') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`simdeck's package.json not found above ${from}`);
    dir = parent;
  }
}

export const PROJECT_ROOT = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
