import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_ROUTES, consolePages } from '../src/http/console';
import { registerErrorHandler } from '../src/http/error-handler';
import { registerSecurityHeaders } from '../src/http/security-headers';
import { sessionViewPage } from '../src/modules/sessions/session-view';
import { createTestApp, type TestApp } from './harness/app';

const INDEX =
  '<!doctype html><meta name="csp-nonce" content="__CSP_NONCE__"><script type="module" src="/assets/index-abc123.js"></script>';
const SCRIPT = 'console.log("simdeck console");'.repeat(50);

/** A built console as scripts/build.mjs leaves it: index.html, hashed assets with .gz and .br beside them. */
function fakeBuild(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-console-'));
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'index.html'), INDEX);
  fs.writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(root, 'assets', 'index-abc123.js'), SCRIPT);
  fs.writeFileSync(path.join(root, 'assets', 'index-abc123.js.gz'), zlib.gzipSync(SCRIPT));
  fs.writeFileSync(path.join(root, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(root, 'secret.txt'), 'not an asset');
  return root;
}

/** The server's pieces around the console, as app.ts puts them together. */
async function serverWith(root: string): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, { https: false });
  app.get('/api/v1/things', async () => ({ things: [] }));
  await app.register(sessionViewPage);
  await app.register(consolePages({ root }));
  await app.ready();
  return app;
}

function policy(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(typeof header, 'exactly one Content-Security-Policy header').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => {
        const [name, ...values] = part.trim().split(/\s+/);
        return [name!, values] as const;
      }),
  );
}

describe('the console served by the control plane', () => {
  let root: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    root = fakeBuild();
    app = await serverWith(root);
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('answers every client route, mailed links included, with index.html, never cached, under its own policy', async () => {
    const urls = [
      '/',
      '/sign-in',
      '/verify-email?token=abc',
      '/reset-password?token=abc',
      '/accept-invite?token=abc',
      '/sessions',
      '/sessions/2b1f0c7e-2d4e-4f55-9a53-0c8f1c1f3e10',
      '/tests/cases/tc_1',
      '/runs/run_1',
      '/suite-runs/srun_1',
      '/organization',
    ];
    // Where the server's own links land: a CI run's run_url and commit-status target, its case runs' url, the top-up return.
    urls.push(
      '/ci/runs/ci_abc',
      '/ci/multi-suite-runs/msr_abc',
      '/organization?tab=billing&topup=success&session_id=cs_1',
      '/organization?tab=billing&topup=cancelled',
    );
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const csp = policy(res);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('script-src-attr'), url).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(csp.get('connect-src'), url).toEqual(["'self'"]);
      expect(csp.get('default-src'), url).toEqual(["'none'"]);
    }
    expect(CONSOLE_ROUTES).toContain('/accept-invite');
  });

  it('gives each page a fresh style nonce, the same in its policy and in the page', async () => {
    const [a, b] = [await app.inject('/sessions'), await app.inject('/sessions')];
    const nonces = [a, b].map((res) => {
      const inPage = /<meta name="csp-nonce" content="([^"]+)">/.exec(res.body)?.[1];
      expect(inPage).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(policy(res).get('style-src')).toEqual(["'self'", `'nonce-${inPage}'`]);
      return inPage;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(a.body).not.toContain('__CSP_NONCE__');
  });

  it('serves hashed assets for a year as immutable, pre-compressed as the client accepts', async () => {
    const br = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers.vary).toBe('accept-encoding');
  });

  it('answers JSON 404 for a missing asset or a path out of the assets folder, and shadows nothing else', async () => {
    for (const url of [
      '/assets/missing-000.js',
      '/assets/..%2Fsecret.txt',
      '/assets/%2e%2e%2fsecret.txt',
      '/assets/.hidden',
      '/no-such-page',
      '/api/v1/nothing',
      '/api/nothing',
      '/secret.txt',
      '/index.html',
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ detail: 'Not found' });
    }
    expect((await app.inject('/api/v1/things')).json()).toEqual({ things: [] });
    const view = await app.inject('/sessions/2b1f0c7e-2d4e-4f55-9a53-0c8f1c1f3e10/view');
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain('/sessions/view.js');
    expect(view.body).not.toContain('csp-nonce');
    expect((await app.inject('/sessions/view.js')).headers['content-type']).toMatch(/javascript/);
  });

  it('says how to build the console when it is not built', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-console-empty-'));
    const bare = await serverWith(empty);
    const res = await bare.inject('/sessions');
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
    await bare.close();
    fs.rmSync(empty, { recursive: true, force: true });
  });
});

describe('the console in the whole application', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobs: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('leaves unknown API paths a JSON 404 and the docs, health check and view page as they were', async () => {
    for (const url of ['/api/v1/no-such-thing', '/api/unknown', '/no-such-page']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ detail: 'Not found' });
    }
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/docs/json')).json().openapi).toBe('3.1.0');
    const console = await t.app.inject('/reset-password?token=abc');
    expect([200, 503]).toContain(console.statusCode);
    expect(console.headers['cache-control']).toBe('no-cache');
  });
});
