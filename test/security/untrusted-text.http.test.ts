import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness/app';
import { bearer, createOrgWithRoles, type OrgWithRoles } from '../harness/factories';

/**
 * Untrusted text the server parses (issue 34, points 1 and 7): a hostile YAML import or JSON body
 * is refused with 400 naming the limit it broke, and the server keeps answering while it is read.
 */
describe('hostile YAML and JSON', () => {
  let t: TestApp;
  let org: OrgWithRoles;
  beforeAll(async () => {
    t = await createTestApp({ jobs: false });
    org = await createOrgWithRoles(t);
  });
  afterAll(async () => t?.close());

  const BOUNDARY = '----simdeckHostile';
  function importYaml(text: string) {
    const payload = Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="s.yaml"\r\nContent-Type: text/yaml\r\n\r\n`,
      ),
      Buffer.from(text),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/tests/suites/import-yaml',
      headers: { ...bearer(org.developer.token), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload,
    });
  }

  /** Runs `work` and asks /healthz one request after another until it settles; returns both. */
  async function healthzDuring<T>(work: Promise<T>) {
    let settled = false;
    const result = work.finally(() => (settled = true));
    let answered = 0;
    while (!settled) {
      const res = await t.app.inject({ method: 'GET', url: '/healthz' });
      if (!settled && res.statusCode === 200) answered++;
    }
    return { result: await result, answered };
  }

  it('90,000 top-level keys: 400 naming the keys-per-mapping limit', async () => {
    let text = 'name: x\n';
    for (let i = 0; i < 90_000; i++) text += `k${i}: ${i}\n`;
    const res = await importYaml(text);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().detail).toBe('Invalid YAML: a mapping has more than 1000 keys (line 1, column 1)');
  });

  it('2 MB of nested flow sequences: 400 naming the depth limit, no stack overflow', async () => {
    const res = await importYaml(`name: x\nvariables: ${'['.repeat(2 * 1024 * 1024 - 100)}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().detail).toMatch(/nested deeper than 32 levels/);
    const block = await importYaml(`name: x\nvariables:\n  a:\n    ${'- '.repeat(5000)}x\n`);
    expect(block.statusCode, block.body).toBe(400);
    expect(block.json().detail).toMatch(/nested deeper than 32 levels/);
  });

  it('duplicate keys are found in linear time and named', async () => {
    let text = 'name: x\nvariables:\n';
    for (let i = 0; i < 900; i++) text += `  k${i}: ${i}\n`;
    text += '  k17: again\n';
    const res = await importYaml(text);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().detail).toMatch(/^Invalid YAML: duplicate key "k17"/);
  });

  it('too many nodes: 400 naming the node limit', async () => {
    const res = await importYaml(`name: x\nvariables:\n  v: [${'1,'.repeat(300_000)}1]\n`);
    expect(res.statusCode, res.body).toBe(400);
    // On a starved host the 10 s cap may come first; either way the read is refused in bounded
    // time (bounded-yaml.unit.test.ts checks the value cap's own message with a small cap).
    expect(res.json().detail).toMatch(
      /^Invalid YAML: (more than 100000 values|reading the file took longer than 10 s)$/,
    );
  });

  it('/healthz answers while a large import within the limits is read', async () => {
    let text = 'name: big\nvariables:\n  rows:\n';
    for (let i = 0; i < 20_000; i++) text += `    - [${i}, b]\n`;
    const { result, answered } = await healthzDuring(importYaml(text));
    expect(result.statusCode).toBeLessThan(500);
    expect(answered).toBeGreaterThanOrEqual(20);
  });

  it('metadata nested 100,000 deep: 400 naming the depth limit', async () => {
    const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ci/run-suite',
      headers: { ...bearer(org.developer.token), 'content-type': 'application/json' },
      payload: `{"suite_id":"ste_x","metadata":${deep}}`,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().detail).toMatch(/nested deeper than 64 levels/);
    // Within the body's limit but deeper than metadata allows.
    const meta = `${'{"a":'.repeat(20)}1${'}'.repeat(20)}`;
    const shallow = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ci/run-suite',
      headers: { ...bearer(org.developer.token), 'content-type': 'application/json' },
      payload: `{"suite_id":"ste_x","metadata":${meta}}`,
    });
    expect(shallow.statusCode, shallow.body).toBe(400);
    expect(shallow.json().detail).toBe('metadata: nested deeper than 8 levels');
  });

  it('any JSON body nested too deep is a 400 before a route sees it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tests/suites',
      headers: { ...bearer(org.developer.token), 'content-type': 'application/json' },
      payload: `{"name":"x","variables":${'['.repeat(500_000)}${']'.repeat(500_000)}}`,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().detail).toBe('The JSON body is nested deeper than 64 levels');
    // 5 MB of one flat array: 2.5 million values, seconds of parsing, validating and storing on the event loop.
    const flat = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tests/suites',
      headers: { ...bearer(org.developer.token), 'content-type': 'application/json' },
      payload: `{"name":"x","variables":{"v":[${'1,'.repeat(2_500_000)}1]}}`,
    });
    expect(flat.statusCode, flat.body).toBe(400);
    expect(flat.json().detail).toBe('The JSON body holds more than 200000 values');
  });
});
