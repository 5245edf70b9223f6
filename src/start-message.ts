import fs from 'node:fs';
import path from 'node:path';

/**
 * The line `npm start` ends with: where to open the web console first (the way in for a new
 * user), then the API and its docs. Without a console build it says how to make one.
 */
export function startMessage(appUrl: string, consoleDist: string): string {
  const base = appUrl.replace(/\/+$/, '');
  const built = fs.existsSync(path.join(consoleDist, 'index.html'));
  const where = built ? `open the web console at ${base}/` : 'the web console is not built (npm run build builds it)';
  return `simdeck is up: ${where} · API at ${base}/api/v1 · docs at ${base}/docs`;
}
