import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchRow } from './harness';

/**
 * Runs every bench/*.bench.ts (or those whose name contains an argument: `npm run bench -- api`),
 * prints one table per benchmark and writes all rows to bench/results/<timestamp>.json.
 * A benchmark file default-exports `async () => BenchRow[]`.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

const all: Record<string, BenchRow[]> = {};
for (const file of files) {
  const mod = (await import(pathToFileURL(path.join(here, file)).href)) as { default: () => Promise<BenchRow[]> };
  console.log(`\n## ${file}`);
  const rows = await mod.default();
  all[file] = rows;
  console.table(rows);
}
const outDir = path.join(here, 'results');
fs.mkdirSync(outDir, { recursive: true });
const out = path.join(outDir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(
  out,
  JSON.stringify(
    { machine: { cpus: (await import('node:os')).cpus().length, node: process.version }, results: all },
    null,
    2,
  ),
);
console.log(`\nwritten ${path.relative(process.cwd(), out)}`);
process.exit(process.exitCode ?? 0);
