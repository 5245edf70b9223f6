import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, ciRuns, multiSuiteRuns } from '../../db/schema';
import { describeAuthCases, type AuthCaseEnv } from '../../../test/harness/auth-cases';
import {
  androidPhones,
  createCase,
  createEngineFixture,
  createSuite,
  iosPhone,
  uploadSample,
  type EngineFixture,
} from '../../../test/harness/engine-fixture';
import { createOrgWithRoles, type OrgWithRoles } from '../../../test/harness/factories';
import { insertAppWithBuild } from '../../../test/harness/session-app-factories';
import { api } from '../../../test/harness/sessions-factories';

/**
 * The CI endpoints' fields, rules and errors. Background jobs are off: an accepted run stays
 * `pending`, so what is asserted is what the request checked and wrote.
 */
let f: EngineFixture;
let b: OrgWithRoles;
let suiteId: string;
let caseId: string;
let bareSuiteId: string;
let emptySuiteId: string;
let otherSuiteId: string;
let otherCaseId: string;
let otherAppBuildId: number;
let otherOrgBuildId: number;
let iosDeviceId: string;
let androidDeviceId: string;

const dev = () => f.org.developer.token;
const post = (url: string, body: unknown, token = dev()) => api(f.t, token, 'POST', url, body);
const get = (url: string, token = dev()) => api(f.t, token, 'GET', url);

beforeAll(async () => {
  const ios = iosPhone();
  const phones = androidPhones(2);
  iosDeviceId = ios.deviceId;
  androidDeviceId = phones[0]!.deviceId;
  f = await createEngineFixture({ devices: [...phones, ios], app: { jobs: false } });
  b = await createOrgWithRoles(f.t, 'CI Other');
  const fb = { t: f.t, org: b, appId: (await uploadSample(f.t, b.developer.token)).appId };
  otherSuiteId = await createSuite(fb);
  otherCaseId = await createCase(fb, otherSuiteId, { mode: 'ai', steps: ['tap Sign in'] });
  otherOrgBuildId = (await api(f.t, b.developer.token, 'GET', `/apps/${fb.appId}`)).json().builds[0].id;

  suiteId = await createSuite(f, { tags: ['smoke', 'checkout'] });
  caseId = await createCase(f, suiteId, { mode: 'ai', steps: ['tap Sign in'] });
  bareSuiteId = (await post('/tests/suites', { name: 'No app' })).json().public_id;
  await createCase(f, bareSuiteId, { mode: 'ai', steps: ['tap Sign in'] });
  emptySuiteId = await createSuite(f, { name: 'Empty', tags: ['smoke'] });
  otherAppBuildId = (
    await insertAppWithBuild(f.t, f.org.orgId, {
      platform: 'android',
      packageName: 'com.example.other',
      file: Buffer.from('PK'),
      fileName: 'other.apk',
    })
  ).build.id;
});
afterAll(async () => {
  await f?.close();
});

describe('POST /ci/run-suite', () => {
  it('accepts a run: pending, with the CI row, its job and an audit row', async () => {
    const res = await post('/ci/run-suite', {
      suite_id: suiteId,
      commit_sha: 'a'.repeat(40),
      metadata: { pipeline: 7, branch: 'main' },
      build_id: f.buildId,
      mode: 'replay',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      run_id: expect.stringMatching(/^ci_[A-Za-z0-9]{20}$/),
      status: 'pending',
      status_url: `/api/v1/ci/runs/${body.run_id}`,
    });
    const [row] = await f.t.container.db.select().from(ciRuns).where(eq(ciRuns.publicId, body.run_id));
    expect(row).toMatchObject({
      organizationId: f.org.orgId,
      type: 'suite_run',
      targetPublicId: suiteId,
      status: 'pending',
      phase: 'allocating',
      commitSha: 'a'.repeat(40),
      metadata: { pipeline: 7, branch: 'main' },
      mode: 'replay',
      model: 'platform/interpreter',
      deviceType: 'android',
      deviceCategory: 'phone',
      pinnedDeviceId: null,
      buildId: f.buildId,
      actor: { kind: 'user', userId: f.org.developer.userId, email: f.org.developer.email },
      sessionId: null,
    });
    const jobs = await f.t.container.db.execute(sql`SELECT data FROM pgboss.job WHERE name = 'ci.execute_run'`);
    expect(jobs.rows.map((r) => r.data)).toContainEqual({ ciRunId: row!.id });
    const audit = await f.t.container.db.select().from(auditEvents).where(eq(auditEvents.resourceId, body.run_id));
    expect(audit.map((x) => x.action)).toEqual(['ci_run.created']);
  });

  it('the poll payload of a run not yet picked up', async () => {
    const { run_id } = (await post('/ci/run-suite', { suite_id: suiteId, metadata: { a: [1, { b: null }] } })).json();
    const res = await get(`/ci/runs/${run_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      run_id,
      type: 'suite_run',
      status: 'pending',
      run_url: `http://simdeck.test/ci/runs/${run_id}`,
      commit_sha: null,
      metadata: { a: [1, { b: null }] },
      created_at: '2026-06-01T12:00:00.000',
      started_at: null,
      finished_at: null,
      duration_ms: null,
      error_message: null,
      queue: null,
      progress: [{ at: '2026-06-01T12:00:00.000', message: 'Accepted' }],
      results: null,
      shards: null,
      targets: null,
      matrix_run_id: null,
      phase: 'allocating',
      suite_id: suiteId,
      test_id: null,
      name: expect.stringMatching(/^Suite /),
      session_id: null,
      engine_run_id: null,
      visual_regression_status: null,
      multi_suite_run_id: null,
    });
  });

  it('a pinned device fixes the device; a suite without an app runs on the platform of its pinned device', async () => {
    const pinned = (await post('/ci/run-suite', { suite_id: suiteId, device_id: androidDeviceId })).json();
    const [row] = await f.t.container.db.select().from(ciRuns).where(eq(ciRuns.publicId, pinned.run_id));
    expect(row).toMatchObject({ pinnedDeviceId: androidDeviceId, deviceCategory: null, deviceType: 'android' });
    const bare = await post('/ci/run-suite', { suite_id: bareSuiteId, device_id: iosDeviceId });
    expect(bare.statusCode, bare.body).toBe(200);
    const [bareRow] = await f.t.container.db.select().from(ciRuns).where(eq(ciRuns.publicId, bare.json().run_id));
    expect(bareRow).toMatchObject({ deviceType: 'ios', pinnedDeviceId: iosDeviceId });
    const tablet = (await post('/ci/run-suite', { suite_id: suiteId, device_category: 'tablet' })).json();
    expect((await f.t.container.db.select().from(ciRuns).where(eq(ciRuns.publicId, tablet.run_id)))[0]).toMatchObject({
      deviceCategory: 'tablet',
      pinnedDeviceId: null,
    });
  });

  const refusals: Array<[string, () => Record<string, unknown>, number, string | RegExp]> = [
    [
      'device_id with device_category',
      () => ({ suite_id: suiteId, device_id: androidDeviceId, device_category: 'phone' }),
      400,
      'device_id: give device_id or device_category, not both',
    ],
    ['no suite_id', () => ({}), 400, 'suite_id: required'],
    ['an unknown suite', () => ({ suite_id: 'ste_doesnotexist' }), 404, 'Test suite not found'],
    ["another organization's suite", () => ({ suite_id: otherSuiteId }), 404, 'Test suite not found'],
    ['a suite without cases', () => ({ suite_id: emptySuiteId }), 400, 'suite_id: the suite has no test cases'],
    [
      'a suite without app or platform and no device',
      () => ({ suite_id: bareSuiteId }),
      400,
      'The suite has no app or platform to choose a device by; give device_id',
    ],
    [
      'build_id on a suite without app',
      () => ({ suite_id: bareSuiteId, device_id: iosDeviceId, build_id: f.buildId }),
      400,
      'build_id: the suite has no app',
    ],
    ['an unknown build', () => ({ suite_id: suiteId, build_id: 999999 }), 404, 'Build not found'],
    [
      'a build of another app',
      () => ({ suite_id: suiteId, build_id: otherAppBuildId }),
      403,
      'The build belongs to another app',
    ],
    [
      'a build of another organization',
      () => ({ suite_id: suiteId, build_id: otherOrgBuildId }),
      403,
      'The build belongs to another organization',
    ],
    [
      'an unknown device',
      () => ({ suite_id: suiteId, device_id: '00000000-0000-4000-8000-000000000000' }),
      404,
      'Device not found',
    ],
    [
      'a device of the other platform',
      () => ({ suite_id: suiteId, device_id: iosDeviceId }),
      400,
      "device_id: the device runs ios, the suite's app is for android",
    ],
    ['an unknown mode', () => ({ suite_id: suiteId, mode: 'magic' }), 400, /^mode: /],
    ['an unknown model', () => ({ suite_id: suiteId, model: 'gpt-99' }), 400, /^model: unknown model gpt-99/],
    [
      'a commit_sha that is not a hash',
      () => ({ suite_id: suiteId, commit_sha: 'main' }),
      400,
      'commit_sha: must be a hexadecimal commit hash',
    ],
    ['metadata that is not an object', () => ({ suite_id: suiteId, metadata: ['x'] }), 400, /^metadata: /],
    [
      'metadata over 16 KB',
      () => ({ suite_id: suiteId, metadata: { blob: 'x'.repeat(17_000) } }),
      400,
      'metadata: at most 16 KB of JSON',
    ],
  ];
  for (const [what, body, status, detail] of refusals) {
    it(`${status} for ${what}, writing nothing`, async () => {
      const before = (await f.t.container.db.select().from(ciRuns)).length;
      const res = await post('/ci/run-suite', body());
      expect(res.statusCode, res.body).toBe(status);
      if (typeof detail === 'string') expect(res.json()).toEqual({ detail });
      else expect(res.json().detail).toMatch(detail);
      expect(await f.t.container.db.select().from(ciRuns)).toHaveLength(before);
    });
  }
});

describe('POST /ci/run-test', () => {
  it('accepts a case: a test_run CI run', async () => {
    const res = await post('/ci/run-test', { test_id: caseId, build_id: f.buildId });
    expect(res.statusCode, res.body).toBe(200);
    const payload = (await get(`/ci/runs/${res.json().run_id}`)).json();
    expect(payload).toMatchObject({ type: 'test_run', status: 'pending', test_id: caseId, suite_id: null });
  });

  it('refuses like run-suite, with the case in the messages', async () => {
    expect((await post('/ci/run-test', { test_id: otherCaseId })).statusCode).toBe(404);
    expect((await post('/ci/run-test', { test_id: 'tc_nope' })).json()).toEqual({ detail: 'Test case not found' });
    expect((await post('/ci/run-test', { test_id: caseId, build_id: otherAppBuildId })).statusCode).toBe(403);
    expect((await post('/ci/run-test', { test_id: caseId, device_id: iosDeviceId })).json()).toEqual({
      detail: "device_id: the device runs ios, the case's app is for android",
    });
  });
});

describe('POST /ci/runs/{run_id}/cancel', () => {
  it('a run that has no session yet ends cancelled at once; a second cancel is 400', async () => {
    const { run_id } = (await post('/ci/run-suite', { suite_id: suiteId })).json();
    expect((await post(`/ci/runs/${run_id}/cancel`, undefined)).json()).toEqual({ status: 'cancellation_requested' });
    expect((await get(`/ci/runs/${run_id}`)).json()).toMatchObject({
      status: 'cancelled',
      phase: 'finished',
      error_message: 'Cancelled',
      finished_at: expect.any(String),
      results: [],
    });
    expect((await post(`/ci/runs/${run_id}/cancel`, undefined)).json()).toEqual({
      detail: 'The CI run is not active (status cancelled)',
    });
  });
});

describe('GET /ci/list-suites', () => {
  it('lists suites with id, name, platform, case_count, description and tags', async () => {
    const res = await get('/ci/list-suites');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ id: string; tags: unknown[] }>;
    expect(list.find((s) => s.id === suiteId)).toEqual({
      id: suiteId,
      name: expect.any(String),
      platform: 'android',
      case_count: 1,
      description: null,
      tags: [
        { name: 'checkout', display_name: 'checkout' },
        { name: 'smoke', display_name: 'smoke' },
      ],
    });
    expect(list.find((s) => s.id === bareSuiteId)?.tags).toEqual([]);
    expect(list.map((s) => s.id)).not.toContain(otherSuiteId);
  });

  it('filters by tags, any (default) or all', async () => {
    const any = (await get('/ci/list-suites?tags=smoke,nightly')).json() as Array<{ id: string }>;
    expect(any.map((s) => s.id).sort()).toEqual([suiteId, emptySuiteId].sort());
    const all = (await get('/ci/list-suites?tags=smoke,checkout&match=all')).json() as Array<{ id: string }>;
    expect(all.map((s) => s.id)).toEqual([suiteId]);
    expect((await get('/ci/list-suites?tags=Bad%20Tag!')).statusCode).toBe(422);
  });
});

describe('POST /ci/run-suites and GET /ci/multi-suite-runs/{id}', () => {
  let nightlyA: string;
  let nightlyB: string;
  beforeAll(async () => {
    nightlyA = await createSuite(f, { name: 'Nightly A', tags: ['nightly'] });
    await createCase(f, nightlyA, { mode: 'ai', steps: ['tap Sign in'] });
    nightlyB = await createSuite(f, { name: 'Nightly B', tags: ['nightly', 'slow'] });
    await createCase(f, nightlyB, { mode: 'ai', steps: ['tap Sign in'] });
  });

  it('starts the matching suites with cases, oldest first, as one aggregate', async () => {
    const res = await post('/ci/run-suites', { tags: ['nightly'], commit_sha: 'b'.repeat(40), metadata: { run: 1 } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      aggregate_id: expect.stringMatching(/^msr_/),
      matched_suite_ids: [nightlyA, nightlyB],
      status_url: `/api/v1/ci/multi-suite-runs/${body.aggregate_id}`,
    });
    const m = (await get(`/ci/multi-suite-runs/${body.aggregate_id}`)).json();
    expect(m).toEqual({
      id: body.aggregate_id,
      status: 'pending',
      visual_regression_status: null,
      suite_runs: [
        {
          suite_id: nightlyA,
          suite_name: 'Nightly A',
          run_id: expect.stringMatching(/^ci_/),
          status: 'pending',
          passed: 0,
          failed: 0,
          visual_regression_status: null,
          case_runs: [],
          suite_run_id: null,
          error_message: null,
        },
        {
          suite_id: nightlyB,
          suite_name: 'Nightly B',
          run_id: expect.stringMatching(/^ci_/),
          status: 'pending',
          passed: 0,
          failed: 0,
          visual_regression_status: null,
          case_runs: [],
          suite_run_id: null,
          error_message: null,
        },
      ],
      started_at: '2026-06-01T12:00:00.000',
      completed_at: null,
      commit_sha: 'b'.repeat(40),
      tags: ['nightly'],
      match: 'any',
      metadata: { run: 1 },
    });
    // Only the first suite has its turn; each child carries the commit and metadata.
    const children = await f.t.container.db.select().from(ciRuns).where(eq(ciRuns.targetPublicId, nightlyB));
    expect(children.at(-1)).toMatchObject({ phase: 'waiting_turn', commitSha: 'b'.repeat(40), metadata: { run: 1 } });
    const first = (await get(`/ci/runs/${m.suite_runs[0].run_id}`)).json();
    expect(first).toMatchObject({ phase: 'allocating', multi_suite_run_id: body.aggregate_id });
  });

  it('match all narrows to suites with every tag', async () => {
    expect(
      (await post('/ci/run-suites', { tags: ['nightly', 'slow'], match: 'all' })).json().matched_suite_ids,
    ).toEqual([nightlyB]);
  });

  it('400 for 0 or more than 20 tags; 422 for an invalid tag name; 404 when nothing matches', async () => {
    expect((await post('/ci/run-suites', { tags: [] })).json()).toEqual({ detail: 'tags: give 1 to 20 tags' });
    expect((await post('/ci/run-suites', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) })).statusCode).toBe(
      400,
    );
    const bad = await post('/ci/run-suites', { tags: ['nightly', 'Bad Tag!'] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toMatch(/^Invalid tag name 'Bad Tag!'/);
    expect((await post('/ci/run-suites', { tags: ['nothing-has-this'] })).statusCode).toBe(404);
    // A suite without cases does not count as a match.
    await createSuite(f, { name: 'Only empty', tags: ['hollow'] });
    expect((await post('/ci/run-suites', { tags: ['hollow'] })).statusCode).toBe(404);
  });

  it('400 listing every suite a build_id cannot run, and nothing is started', async () => {
    const otherApp = await post('/tests/suites', {
      name: 'Other app',
      tags: ['mixed'],
      app_public_id: (await api(f.t, dev(), 'GET', '/apps/'))
        .json()
        .find((x: { package_name: string }) => x.package_name === 'com.example.other').public_id,
    });
    const otherAppSuite = otherApp.json().public_id;
    await createCase(f, otherAppSuite, { mode: 'ai', steps: ['tap Sign in'] });
    const mine = await createSuite(f, { name: 'Mine', tags: ['mixed'] });
    await createCase(f, mine, { mode: 'ai', steps: ['tap Sign in'] });
    const before = (await f.t.container.db.select().from(multiSuiteRuns)).length;
    const res = await post('/ci/run-suites', { tags: ['mixed'], build_id: f.buildId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: `1 of 2 matched suites cannot run as asked: ${otherAppSuite} (The build belongs to another app)`,
      suite_ids: [otherAppSuite],
    });
    expect(await f.t.container.db.select().from(multiSuiteRuns)).toHaveLength(before);
  });

  it('device_id and device_category are exclusive here too', async () => {
    expect(
      (await post('/ci/run-suites', { tags: ['nightly'], device_id: androidDeviceId, device_category: 'tv' }))
        .statusCode,
    ).toBe(400);
  });
});

let otherRunId = '';
let otherAggregateId = '';
describeAuthCases(
  (): AuthCaseEnv => ({ t: f.t, a: f.org, b }),
  [
    { method: 'POST', url: () => '/api/v1/ci/run-suite', body: () => ({ suite_id: suiteId }), minRole: 'developer' },
    { method: 'POST', url: () => '/api/v1/ci/run-test', body: () => ({ test_id: caseId }), minRole: 'developer' },
    {
      method: 'GET',
      url: async () => `/api/v1/ci/runs/${(await post('/ci/run-suite', { suite_id: suiteId })).json().run_id}`,
      minRole: 'developer',
      otherOrgUrl: async () => {
        otherRunId ||= (await post('/ci/run-suite', { suite_id: otherSuiteId }, b.developer.token)).json().run_id;
        return `/api/v1/ci/runs/${otherRunId}`;
      },
    },
    {
      method: 'POST',
      url: async () => `/api/v1/ci/runs/${(await post('/ci/run-suite', { suite_id: suiteId })).json().run_id}/cancel`,
      minRole: 'developer',
      otherOrgUrl: async () => {
        otherRunId ||= (await post('/ci/run-suite', { suite_id: otherSuiteId }, b.developer.token)).json().run_id;
        return `/api/v1/ci/runs/${otherRunId}/cancel`;
      },
    },
    { method: 'GET', url: () => '/api/v1/ci/list-suites', minRole: 'developer' },
    { method: 'POST', url: () => '/api/v1/ci/run-suites', body: () => ({ tags: ['smoke'] }), minRole: 'developer' },
    {
      method: 'GET',
      url: async () =>
        `/api/v1/ci/multi-suite-runs/${(await post('/ci/run-suites', { tags: ['checkout'] })).json().aggregate_id}`,
      minRole: 'developer',
      otherOrgUrl: async () => {
        if (!otherAggregateId) {
          await api(f.t, b.developer.token, 'PATCH', `/tests/suites/${otherSuiteId}`, { tags: ['theirs'] });
          otherAggregateId = (await post('/ci/run-suites', { tags: ['theirs'] }, b.developer.token)).json()
            .aggregate_id;
        }
        return `/api/v1/ci/multi-suite-runs/${otherAggregateId}`;
      },
    },
  ],
);
