import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness/app';
import { bearer, createOrgWithRoles, type OrgWithRoles } from '../harness/factories';

/** The directives of the one Content-Security-Policy header of a response. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(typeof header, 'exactly one Content-Security-Policy header').toBe('string');
  const directives = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/** What every response carries, whatever produced it. */
function expectBaseline(res: LightMyRequestResponse, what: string): Map<string, string[]> {
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['referrer-policy'], what).toBe('no-referrer');
  const policy = csp(res);
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(policy.get('object-src'), what).toEqual(["'none'"]);
  // No inline script anywhere: script-src (or its default-src fallback) never allows it.
  const scripts = policy.get('script-src') ?? policy.get('default-src') ?? [];
  expect(scripts.length, what).toBeGreaterThan(0);
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:'])
    expect(scripts, what).not.toContain(unsafe);
  expect(policy.get('script-src-attr') ?? policy.get('default-src'), what).toEqual(["'none'"]);
  return policy;
}

describe('security headers (plain http APP_URL)', () => {
  let t: TestApp;
  let org: OrgWithRoles;
  beforeAll(async () => {
    t = await createTestApp({ jobs: false });
    org = await createOrgWithRoles(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an API answer, a 404, a 401, a 400 and a 415 carry nosniff, frame-ancestors none and a CSP that runs nothing', async () => {
    const responses = {
      ok: await t.app.inject({ method: 'GET', url: '/api/v1/organizations/', headers: bearer(org.viewer.token) }),
      notFound: await t.app.inject({ method: 'GET', url: '/no-such-page' }),
      apiNotFound: await t.app.inject({
        method: 'GET',
        url: `/api/v1/organizations/${org.orgId}/nothing`,
        headers: bearer(org.viewer.token),
      }),
      unauthenticated: await t.app.inject({ method: 'GET', url: '/api/v1/organizations/' }),
      invalid: await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'not-an-email' } }),
      unsupported: await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'text/x-unknown' },
        payload: 'x',
      }),
    };
    expect(Object.fromEntries(Object.entries(responses).map(([k, r]) => [k, r.statusCode]))).toEqual({
      ok: 200,
      notFound: 404,
      apiNotFound: 404,
      unauthenticated: 401,
      invalid: 400,
      unsupported: 415,
    });
    for (const [what, res] of Object.entries(responses)) {
      const policy = expectBaseline(res, what);
      // JSON is never a document: it may load nothing at all.
      expect(policy.get('default-src'), what).toEqual(["'none'"]);
      expect(res.headers['strict-transport-security'], what).toBeUndefined();
    }
  });

  it('/healthz carries the same headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(expectBaseline(res, '/healthz').get('default-src')).toEqual(["'none'"]);
  });

  it('/docs gets a policy of its own that loads its scripts from this origin only', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    const policy = expectBaseline(page, '/docs/');
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    // The page itself has no inline script for the policy to block.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
    for (const url of ['/docs/static/swagger-ui-bundle.js', '/docs/static/swagger-initializer.js', '/docs/json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectBaseline(res, url);
    }
    const script = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect(script.headers['content-type']).toMatch(/javascript/);
  });

  it('the session view page runs only its own script file, and that file is served as JavaScript', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/sessions/00000000-0000-4000-8000-000000000000/view' });
    expect(page.statusCode).toBe(200);
    const policy = expectBaseline(page, 'view page');
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'none'"]);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
    expect(page.body).not.toMatch(/\son[a-z]+\s*=/i);
    const src = /<script[^>]*\bsrc="([^"]+)"/.exec(page.body)?.[1];
    expect(src).toMatch(/^\//);
    const script = await t.app.inject({ method: 'GET', url: src! });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^application\/javascript/);
    expectBaseline(script, 'view script');
  });
});

describe('security headers (https APP_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobs: false, env: { APP_URL: 'https://simdeck.example.test' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds Strict-Transport-Security to every response', async () => {
    for (const url of ['/api/v1/organizations/', '/no-such-page', '/healthz', '/docs/', '/sessions/x/view']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toMatch(/^max-age=31536000; includeSubDomains$/);
    }
  });
});
