import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { describeAuthCases } from '../../../test/harness/auth-cases';
import {
  createAppRow,
  createSuite,
  createSuiteCase,
  SAMPLE_RECORDING,
  useCatalogueFixture,
} from '../../../test/harness/catalogue-factories';
import { bearer, type OrgWithRoles } from '../../../test/harness/factories';

const fx = useCatalogueFixture();

const BOUNDARY = '----simdeckYamlBoundary';
function multipart(content: string | Buffer, field = 'file', filename = 'suite.yaml') {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: text/yaml\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([
      head,
      Buffer.isBuffer(content) ? content : Buffer.from(content),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

async function importYaml(token: string, content: string | Buffer, query = '') {
  const body = multipart(content);
  return fx.t.app.inject({
    method: 'POST',
    url: `/api/v1/tests/suites/import-yaml${query}`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

const exportYaml = (token: string, suiteId: string) =>
  fx.t.app.inject({ method: 'GET', url: `/api/v1/tests/suites/${suiteId}/export-yaml`, headers: bearer(token) });

async function richSuite(org: OrgWithRoles, appPublicId: string) {
  const s = await createSuite(fx.t, org.developer.token, {
    name: 'Checkout Flow (v2)',
    description: 'Guest checkout',
    app_public_id: appPublicId,
    tags: ['Smoke', 'checkout'],
  });
  await fx.t.app.inject({
    method: 'PATCH',
    url: `/api/v1/tests/suites/${s.public_id}`,
    headers: bearer(org.developer.token),
    payload: {
      reset_strategy: 'clear_data',
      context: 'Staging backend',
      variables: { email: 'ada@example.test', retries: 2, nested: { on: true } },
      visual_regression_warn_pct: null,
      visual_regression_fail_pct: 30,
    },
  });
  await createSuiteCase(fx.t, org.developer.token, s.public_id, {
    name: 'Sign in',
    steps: [
      { text: 'Open the app', action_indices: [0] },
      {
        text: 'Sign in as {{email}}',
        action_indices: [1, 2, 3],
        visual: { mode: 'custom', warn_pct: 5, fail_pct: 15 },
      },
      'Scroll to the offers',
      { text: 'Skip visuals', visual: { mode: 'skip' } },
    ],
    assertions: ['Home shows "Hello"', { text: 'Cart is empty' }],
    context: 'multi\nline: context',
  });
  await createSuiteCase(fx.t, org.developer.token, s.public_id, {
    name: 'AI only',
    mode: 'ai',
    steps: ['Add any item to the cart'],
    source_recording: null,
    source_device_width: null,
    source_device_height: null,
    fuzzy_match: false,
  });
  return s;
}

describe('YAML export and import', () => {
  it('exports text/yaml with an attachment name from the suite slug and the documented keys', async () => {
    const s = await richSuite(fx.a, fx.appA.publicId);
    const res = await exportYaml(fx.a.viewer.token, s.public_id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/yaml/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="checkout-flow-v2.yaml"');
    const doc = parse(res.body);
    expect(Object.keys(doc)).toEqual([
      'name',
      'description',
      'appId',
      'platform',
      'resetStrategy',
      'context',
      'variables',
      'tags',
      'visualRegression',
      'accessibility',
      'cases',
    ]);
    expect(doc).toMatchObject({
      name: 'Checkout Flow (v2)',
      appId: 'com.example.shop',
      platform: 'android',
      resetStrategy: 'clear_data',
      tags: ['checkout', 'Smoke'],
      visualRegression: { warnPct: null, failPct: 30 },
      accessibility: 'warn',
    });
    expect(doc.cases[0]).toMatchObject({
      name: 'Sign in',
      mode: 'recorded',
      steps: [
        { text: 'Open the app' },
        { text: 'Sign in as {{email}}', visual: { mode: 'custom', warnPct: 5, failPct: 15 } },
        'Scroll to the offers',
        { text: 'Skip visuals', visual: { mode: 'skip' } },
      ],
      fuzzyMatch: true,
      sourceRecording: SAMPLE_RECORDING,
      sourceDeviceWidth: 1080,
      sourceDeviceHeight: 2340,
      stepActions: [[0], [1, 2, 3], [], []],
    });
    // The console's name for a case of plain-English steps.
    expect(doc.cases[1]).toEqual({
      name: 'AI only',
      mode: 'natural_language',
      steps: ['Add any item to the cart'],
      assertions: ['The home screen shows "Hello Ada"'],
      fuzzyMatch: false,
    });
  });

  it('export → import → export is byte-identical (ids are not part of the file)', async () => {
    const s = await richSuite(fx.a, fx.appA.publicId);
    const first = (await exportYaml(fx.a.viewer.token, s.public_id)).body;
    const imported = await importYaml(fx.a.developer.token, first);
    expect(imported.statusCode, imported.body).toBe(200);
    const body = imported.json();
    expect(body).toMatchObject({ name: 'Checkout Flow (v2)', case_count: 2 });
    expect(body.public_id).not.toBe(s.public_id);
    const second = (await exportYaml(fx.a.viewer.token, body.public_id)).body;
    expect(second).toBe(first);
    // The imported suite is a full suite: linked app, tags, cases with derived fields.
    const got = (
      await fx.t.app.inject({
        method: 'GET',
        url: `/api/v1/tests/suites/${body.public_id}`,
        headers: bearer(fx.a.viewer.token),
      })
    ).json();
    expect(got).toMatchObject({
      app_public_id: fx.appA.publicId,
      reset_strategy: 'clear_data',
      visual_regression_warn_pct: null,
      visual_regression_fail_pct: 30,
      case_count: 2,
    });
    expect(got.cases[0].step_gesture_groups).toEqual([[0], [1, 2, 3], [], []]);
    // Into another organization: its own app with the same package name is linked.
    const intoB = await importYaml(fx.b.developer.token, first);
    expect(intoB.statusCode, intoB.body).toBe(200);
    const gotB = (
      await fx.t.app.inject({
        method: 'GET',
        url: `/api/v1/tests/suites/${intoB.json().public_id}`,
        headers: bearer(fx.b.viewer.token),
      })
    ).json();
    expect(gotB.app_public_id).toBe(fx.appB.publicId);
    expect(gotB.tags).toEqual([
      { name: 'checkout', display_name: 'checkout' },
      { name: 'smoke', display_name: 'Smoke' },
    ]);
  });

  it("reads a case's mode by the console's name and by its older one (mode: ai)", async () => {
    const yaml = (mode: string) =>
      `name: Modes ${mode}\ncases:\n  - name: c\n    mode: ${mode}\n    steps: [Tap Sign in]\n`;
    for (const mode of ['natural_language', 'ai']) {
      const res = await importYaml(fx.a.developer.token, yaml(mode));
      expect(res.statusCode, res.body).toBe(200);
      const got = (
        await fx.t.app.inject({
          method: 'GET',
          url: `/api/v1/tests/suites/${res.json().public_id}`,
          headers: bearer(fx.a.viewer.token),
        })
      ).json();
      expect(got.cases[0].mode).toBe('ai');
    }
    const bad = await importYaml(fx.a.developer.token, yaml('magic'));
    expect([bad.statusCode, bad.json().detail]).toEqual([400, 'cases[0].mode: must be natural_language or recorded']);
  });

  it('app_id query overrides appId; an unknown or foreign app_id is 404', async () => {
    const other = await createAppRow(fx.t, fx.a.orgId, {
      name: 'Other',
      packageName: 'com.example.other',
      platform: 'android',
    });
    const yaml = 'name: Query app\ncases: []\nappId: com.example.shop\n';
    const res = await importYaml(fx.a.developer.token, yaml, `?app_id=${other.publicId}`);
    expect(res.statusCode, res.body).toBe(200);
    const got = (
      await fx.t.app.inject({
        method: 'GET',
        url: `/api/v1/tests/suites/${res.json().public_id}`,
        headers: bearer(fx.a.viewer.token),
      })
    ).json();
    expect(got.app_public_id).toBe(other.publicId);
    expect((await importYaml(fx.a.developer.token, yaml, `?app_id=${fx.appB.publicId}`)).statusCode).toBe(404);
  });

  it('400 with the path for malformed YAML, unknown keys and schema errors; nothing is written', async () => {
    const before = (
      (
        await fx.t.app.inject({ method: 'GET', url: '/api/v1/tests/suites', headers: bearer(fx.a.viewer.token) })
      ).json() as unknown[]
    ).length;
    const cases: Array<[string, RegExp]> = [
      ['name: [unclosed\n', /^Invalid YAML/],
      ['name: a\nname: b\n', /^Invalid YAML/],
      ['- just\n- a list\n', /must be a mapping/],
      ['name: x\ncolour: red\n', /^colour: unknown key/],
      ['name: x\ncases:\n  - name: c\n    steps: [a]\n    bogus: 1\n', /^cases\[0\]\.bogus: unknown key/],
      ['name: x\ncases:\n  - name: c\n    steps: [a, b, {text: 3}]\n', /^cases\[0\]\.steps\[2\]/],
      [
        'name: x\ncases:\n  - name: c\n    steps: [a]\n    sourceRecording:\n      - {type: tap, t_ms: 0, x: 20000, y: 1}\n',
        /^cases\[0\]\.sourceRecording\[0\]\.x: must be between 0 and 10000/,
      ],
      ['name: x\ncases:\n  - name: c\n    steps: [a]\n    stepActions: [[0]]\n', /^cases\[0\]\.stepActions\[0\]/],
      [
        'name: x\ncases:\n  - name: c\n    steps: [a, b]\n    stepActions: [[0]]\n',
        /^cases\[0\]\.stepActions: must have one entry per step/,
      ],
      ['name: x\nvisualRegression: {warnPct: 40, failPct: 20}\n', /warnPct: must be below failPct/],
      ['name: x\ntags: [bad tag]\n', /tag/],
      ['cases: []\n', /^name: required/],
      ['name: !!js/function "function () {}"\n', /^Invalid YAML/],
      ['name: x\nvariables: {<<: {k: 1}}\n', /^variables\.<<: merge keys/],
    ];
    for (const [yaml, detail] of cases) {
      const res = await importYaml(fx.a.developer.token, yaml);
      const expected = yaml.startsWith('name: x\ntags') ? 422 : 400;
      expect(res.statusCode, `${yaml} → ${res.body}`).toBe(expected);
      expect(res.json().detail, yaml).toMatch(detail);
    }
    const after = (
      (
        await fx.t.app.inject({ method: 'GET', url: '/api/v1/tests/suites', headers: bearer(fx.a.viewer.token) })
      ).json() as unknown[]
    ).length;
    expect(after).toBe(before);
  });

  it('bounds aliases and file size; requires the multipart file field', async () => {
    // A billion-laughs style document: many aliases expanding each other.
    let bomb = 'name: bomb\nvariables:\n  a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n';
    for (let i = 1; i < 12; i++)
      bomb += `  a${i}: &a${i} [${Array(10)
        .fill(`*a${i - 1}`)
        .join(', ')}]\n`;
    const res = await importYaml(fx.a.developer.token, bomb);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/alias/i);

    const big = Buffer.alloc(2 * 1024 * 1024 + 10, 'a');
    expect((await importYaml(fx.a.developer.token, big)).statusCode).toBe(413);

    // Bytes the route does not keep (a part under another name) still count against the body's limit.
    const skipped = multipart(Buffer.alloc(3 * 1024 * 1024, 'a'), 'other');
    const r1 = await fx.t.app.inject({
      method: 'POST',
      url: '/api/v1/tests/suites/import-yaml',
      headers: { ...bearer(fx.a.developer.token), ...skipped.headers },
      payload: skipped.payload,
    });
    expect(r1.statusCode).toBe(413);

    const noFile = multipart('name: x\n', 'other');
    const r2 = await fx.t.app.inject({
      method: 'POST',
      url: '/api/v1/tests/suites/import-yaml',
      headers: { ...bearer(fx.a.developer.token), ...noFile.headers },
      payload: noFile.payload,
    });
    expect(r2.statusCode).toBe(400);
    expect(r2.json().detail).toBe('file: required');
    const json = await fx.t.app.inject({
      method: 'POST',
      url: '/api/v1/tests/suites/import-yaml',
      headers: bearer(fx.a.developer.token),
      payload: { name: 'x' },
    });
    expect(json.statusCode).toBe(400);
    // Malformed multipart bodies are the client's: 400 naming the problem, never 500.
    const post = (contentType: string, payload: string) =>
      fx.t.app.inject({
        method: 'POST',
        url: '/api/v1/tests/suites/import-yaml',
        headers: { ...bearer(fx.a.developer.token), 'content-type': contentType },
        payload,
      });
    const part = '--xyz\r\nContent-Disposition: form-data; name="file"; filename="s.yaml"\r\n\r\nname: cut';
    for (const [contentType, payload] of [
      ['multipart/form-data', 'name: x'],
      ['multipart/form-data; boundary=xyz', 'no boundary in here'],
      ['multipart/form-data; boundary=xyz', part],
    ] as const) {
      const res = await post(contentType, payload);
      expect(res.statusCode, `${contentType} ${payload}`).toBe(400);
      expect(res.json().detail).toMatch(/^(The multipart body is malformed: |file: required)/);
    }
  });
});

describeAuthCases(
  () => fx,
  [
    {
      method: 'GET',
      url: async () => `/api/v1/tests/suites/${(await createSuite(fx.t, fx.a.developer.token)).public_id}/export-yaml`,
      otherOrgUrl: async () =>
        `/api/v1/tests/suites/${(await createSuite(fx.t, fx.b.developer.token)).public_id}/export-yaml`,
      minRole: 'viewer',
    },
  ],
);

describe('POST /tests/suites/import-yaml roles', () => {
  it('401 without a token, 403 for a viewer', async () => {
    const body = multipart('name: x\n');
    expect(
      (
        await fx.t.app.inject({
          method: 'POST',
          url: '/api/v1/tests/suites/import-yaml',
          headers: body.headers,
          payload: body.payload,
        })
      ).statusCode,
    ).toBe(401);
    expect((await importYaml(fx.a.viewer.token, 'name: x\n')).statusCode).toBe(403);
    expect((await importYaml(fx.a.developer.token, 'name: x\n')).statusCode).toBe(200);
  });
});
