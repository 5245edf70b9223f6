// Bundles simdeck's TypeScript into one ES module per entry point under dist/ (npm packages stay
// external), so `npm start` runs plain Node: it boots in about half the time and ~45 MB smaller
// than running the sources through tsx. Also builds the web console (web/ → web/dist) with Vite.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Bundles `entry` (relative to the checkout) into `outfile`, with the thread modules of the
 * package reader and the YAML reader beside it (src/threads/task-pool.ts loads them from there).
 */
export async function bundle(entry, outfile) {
  await Promise.all([
    esbuild(entry, outfile),
    esbuild('src/packages/package-reader.worker.ts', path.join(path.dirname(outfile), 'package-reader.worker.mjs')),
    esbuild('src/modules/catalogue/suite-yaml.worker.ts', path.join(path.dirname(outfile), 'suite-yaml.worker.mjs')),
    esbuild(
      'src/modules/catalogue/maestro/maestro-flows.worker.ts',
      path.join(path.dirname(outfile), 'maestro-flows.worker.mjs'),
    ),
    esbuild(
      'src/modules/engine/maestro/maestro-script.worker.ts',
      path.join(path.dirname(outfile), 'maestro-script.worker.mjs'),
    ),
  ]);
}

async function esbuild(entry, outfile) {
  await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    // Stack traces need the mappings only; the sources' text would sit in memory for nothing.
    sourcesContent: false,
    logLevel: 'warning',
  });
}

/** The newest modification time of the console's sources (web/ without its build and packages). */
function newestConsoleSource(dir = path.join(root, 'web')) {
  let newest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (p === path.join(root, 'web', 'dist') || e.name === 'node_modules') continue;
    newest = Math.max(newest, e.isDirectory() ? newestConsoleSource(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** Whether `outDir` (default web/dist) holds a console built after every change to its sources. */
export function consoleUpToDate(outDir = path.join(root, 'web', 'dist')) {
  const built = fs.statSync(path.join(outDir, 'index.html'), { throwIfNoEntry: false });
  return built !== undefined && built.mtimeMs > newestConsoleSource();
}

/** The most JavaScript (gzipped) a first visit to the console may load before it is usable. */
export const CONSOLE_INITIAL_JS_LIMIT = 300 * 1024;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Builds the web console into `outDir` (default web/dist): Vite writes it into a scratch folder
 * that then replaces the old one, so a running server never reads a half-written bundle. Every
 * text asset gets .gz and .br siblings for the server to send as they are. Returns the gzipped
 * size of the JavaScript a first visit loads (the entry and its preloaded chunks).
 */
export async function buildConsole(outDir = path.join(root, 'web', 'dist')) {
  const { build: viteBuild } = await import('vite');
  const scratch = path.join(root, '.tmp', `console-build-${process.pid}-${Date.now()}`);
  // A production bundle whatever NODE_ENV the caller runs under: Vite and its React plugin read
  // it (vitest sets "test", which would bundle React's development build).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await viteBuild({
      configFile: path.join(root, 'web', 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir: scratch, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  const assetsDir = path.join(scratch, 'assets');
  for (const name of fs.readdirSync(assetsDir)) {
    if (!/\.(js|css|svg|json)$/.test(name)) continue;
    const body = fs.readFileSync(path.join(assetsDir, name));
    fs.writeFileSync(path.join(assetsDir, `${name}.gz`), await gzip(body, { level: 9 }));
    fs.writeFileSync(
      path.join(assetsDir, `${name}.br`),
      await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
  const html = fs.readFileSync(path.join(scratch, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
  const initialJsGzip = initial.reduce((sum, name) => sum + fs.statSync(path.join(assetsDir, `${name}.gz`)).size, 0);
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(outDir), { recursive: true });
  fs.renameSync(scratch, outDir);
  return { initialJsGzip, initialFiles: initial };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [, consoleBuild] = await Promise.all([bundle('src/main.ts', 'dist/main.mjs'), buildConsole()]);
  const kb = (consoleBuild.initialJsGzip / 1024).toFixed(1);
  const verdict = consoleBuild.initialJsGzip <= CONSOLE_INITIAL_JS_LIMIT ? 'within' : 'OVER';
  console.log(
    `web console: initial JavaScript ${kb} KB gzipped (${consoleBuild.initialFiles.length} files), ${verdict} the ${CONSOLE_INITIAL_JS_LIMIT / 1024} KB budget`,
  );
}
