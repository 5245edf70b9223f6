// `npm start`: builds simdeck, then runs the server in this very process. npm runs the script
// through `sh -c "exec node …"`, so the process npm waits for — and forwards SIGINT and SIGTERM
// to — is the server itself: a signal to `npm start` (from a terminal, a supervisor or
// `kill <pid>`) reaches the server, which stops its in-process worker and the embedded
// PostgreSQL before it exits. Nothing is left running behind a shell.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildConsole, bundle, CONSOLE_INITIAL_JS_LIMIT, consoleUpToDate } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const main = path.join(root, 'dist', 'main.mjs');

// The console is rebuilt only when a source under web/ is newer than the last build: a restart
// of an unchanged checkout starts at once.
const [, consoleBuild] = await Promise.all([
  bundle('src/main.ts', main),
  consoleUpToDate() ? undefined : buildConsole(),
]);
if (consoleBuild) {
  const kb = (consoleBuild.initialJsGzip / 1024).toFixed(1);
  const verdict = consoleBuild.initialJsGzip <= CONSOLE_INITIAL_JS_LIMIT ? 'within' : 'OVER';
  console.log(
    `web console: initial JavaScript ${kb} KB gzipped, ${verdict} the ${CONSOLE_INITIAL_JS_LIMIT / 1024} KB budget`,
  );
}
await import(pathToFileURL(main).href);
