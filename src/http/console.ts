import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PROJECT_ROOT } from '../paths';
import { consolePolicy, serializePolicy } from './security-headers';

/** Where `npm run build` (scripts/build.mjs) writes the console bundle. */
export const CONSOLE_DIST = path.join(PROJECT_ROOT, 'web', 'dist');

/**
 * The console's client routes: each answers the console's index.html and the browser's router
 * takes it from there. Only these, so an unknown page is still a 404 and nothing here shadows
 * /api/v1, /docs, /healthz or the session view page (/sessions/{id}/view, more specific).
 */
export const CONSOLE_ROUTES = [
  '/',
  '/sign-in',
  '/sign-up',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/accept-invite',
  '/devices',
  '/sessions',
  '/sessions/*',
  '/apps',
  '/apps/*',
  '/tests',
  '/tests/*',
  '/runs/*',
  '/suite-runs/*',
  '/ci/runs/*',
  '/ci/multi-suite-runs/*',
  '/organization',
] as const;

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
};

/** Hashed asset names: letters, digits, dots, dashes and underscores, never a path. */
const ASSET_NAME = /^[A-Za-z0-9_.-]{1,200}$/;
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

interface Asset {
  type: string;
  identity: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

async function readIfPresent(file: string): Promise<Buffer | undefined> {
  return fs.readFile(file).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return undefined;
    throw err;
  });
}

/** The encoding to answer with: the smallest the client accepts among those built. */
function pickEncoding(req: FastifyRequest, asset: Asset): 'br' | 'gzip' | undefined {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (asset.br && /\bbr\b/.test(accepted)) return 'br';
  if (asset.gzip && /\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/**
 * The web console at `/`: `index.html` for every client route, `no-cache`, with a fresh style
 * nonce in its Content-Security-Policy; hashed files under /assets/ cached for a year as
 * immutable, pre-compressed (brotli, gzip) by the build. Assets are read once and kept in memory.
 */
export function consolePages(options: { root?: string } = {}) {
  const root = options.root ?? CONSOLE_DIST;
  const assets = new Map<string, Asset>();

  async function loadAsset(name: string): Promise<Asset | undefined> {
    const cached = assets.get(name);
    if (cached) return cached;
    const file = path.join(root, 'assets', name);
    const identity = await readIfPresent(file);
    if (!identity) return undefined;
    const asset: Asset = {
      type: CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream',
      identity,
      gzip: await readIfPresent(`${file}.gz`),
      br: await readIfPresent(`${file}.br`),
    };
    assets.set(name, asset);
    return asset;
  }

  async function sendIndex(_req: FastifyRequest, reply: FastifyReply) {
    // Read on every request: it is small, and a rebuild must show at once.
    const html = await readIfPresent(path.join(root, 'index.html'));
    reply.header('cache-control', 'no-cache');
    if (!html) {
      return reply
        .code(503)
        .header('content-type', 'text/plain; charset=utf-8')
        .send('The simdeck web console is not built yet: run `npm run build` (npm start builds it).');
    }
    const nonce = randomBytes(16).toString('base64');
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', serializePolicy(consolePolicy(nonce)))
      .send(html.toString('utf8').replaceAll(NONCE_PLACEHOLDER, nonce));
  }

  return async function registerConsole(app: FastifyInstance): Promise<void> {
    const page = { config: { public: true, rateLimit: false }, schema: { hide: true } } as const;
    for (const url of CONSOLE_ROUTES) app.get(url, page, sendIndex);

    app.get<{ Params: { file: string } }>('/assets/:file', page, async (req, reply) => {
      const name = req.params.file;
      const asset = ASSET_NAME.test(name) && !name.startsWith('.') ? await loadAsset(name) : undefined;
      if (!asset) return reply.code(404).send({ detail: 'Not found' });
      const encoding = pickEncoding(req, asset);
      reply
        .header('content-type', asset.type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('vary', 'accept-encoding');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encoding ? asset[encoding] : asset.identity);
    });

    app.get('/favicon.svg', page, async (_req, reply) => {
      const icon = await readIfPresent(path.join(root, 'favicon.svg'));
      if (!icon) return reply.code(404).send({ detail: 'Not found' });
      return reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400').send(icon);
    });
  };
}
