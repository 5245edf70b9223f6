import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, testCases } from '../../db/schema';
import type { ManualClock } from '../../clock';
import { describeAuthCases } from '../../../test/harness/auth-cases';
import {
  createAppRow,
  createStandaloneCase,
  createSuite,
  createSuiteCase,
  insertTestRun,
  makeReusable,
  SAMPLE_RECORDING,
  SAMPLE_STEPS,
  useCatalogueFixture,
} from '../../../test/harness/catalogue-factories';
import { createOrgWithRoles, type OrgWithRoles } from '../../../test/harness/factories';

const fx = useCatalogueFixture();
const { api } = fx;

async function auditActions(resourceId: string) {
  const rows = await fx.t.container.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.organizationId, fx.a.orgId), eq(auditEvents.resourceId, resourceId)));
  return rows.map((r) => r.action);
}

describe('POST /tests/suites/{suite_id}/cases', () => {
  it('stores the case and derives the recording fields', async () => {
    const s = await createSuite(fx.t, fx.a.developer.token, { app_public_id: fx.appA.publicId });
    const res = await api('POST', `/tests/suites/${s.public_id}/cases`, fx.a.developer.token, {
      name: 'Sign in',
      steps: SAMPLE_STEPS,
      assertions: ['Home is shown', { text: 'Badge shows 1' }],
      source_recording: SAMPLE_RECORDING,
      source_device_width: 1080,
      source_device_height: 2340,
    });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json();
    expect(c.public_id).toMatch(/^tc_/);
    expect(c).toMatchObject({
      suite_id: s.id,
      name: 'Sign in',
      mode: 'recorded',
      steps: SAMPLE_STEPS,
      assertions: ['Home is shown', { text: 'Badge shows 1' }],
      step_count: 3,
      has_source_recording: true,
      source_recording_summary: { total_actions: 5, gesture_counts: { launch_app: 1, tap: 2, type_text: 1, swipe: 1 } },
      source_gesture_list: ['launch_app', 'tap', 'type_text', 'tap', 'swipe'],
      step_gesture_groups: [[0], [1, 2, 3], []],
      source_device_width: 1080,
      source_device_height: 2340,
      context: null,
      fuzzy_match: true,
      is_reusable: false,
      sub_flow_ids: [],
    });
    expect(await auditActions(c.public_id)).toEqual(['test_case.created']);
    const suite = (await api('GET', `/tests/suites/${s.public_id}`, fx.a.viewer.token)).json();
    expect(suite.case_count).toBe(1);
  });

  it('rejects bad recordings and steps with the path of the bad element, writing nothing', async () => {
    const s = await createSuite(fx.t, fx.a.developer.token, { name: 'Validation' });
    const bad: Array<[Record<string, unknown>, string]> = [
      [
        { source_recording: [...SAMPLE_RECORDING.slice(0, 3), { type: 'tap', t_ms: 5, x: 10001, y: 3 }] },
        'source_recording[3].x: must be between 0 and 10000',
      ],
      [{ source_recording: [{ type: 'fly', t_ms: 0 }] }, 'source_recording[0].type: must be one of'],
      [{ source_recording: [{ type: 'swipe', t_ms: 0, x: 1, y: 2 }] }, 'source_recording[0].x2: required for swipe'],
      [
        { source_recording: [{ type: 'tap', t_ms: 0, x: 1, y: 2, colour: 'red' }] },
        'source_recording[0].colour: unknown key',
      ],
      [{ source_recording: [{ type: 'tap', t_ms: -1, x: 1, y: 2 }] }, 'source_recording[0].t_ms: must be 0 or more'],
      [
        { source_recording: [{ type: 'rotate', t_ms: 0, rotation: 45 }] },
        'source_recording[0].rotation: must be 0, 90, 180 or 270',
      ],
      [{ steps: ['ok', 'fine', ''] }, 'steps[2]'],
      [{ steps: ['ok', { text: 'x', action_indices: [0, 9] }] }, 'steps[1].action_indices[1]: no action 9'],
      [
        { steps: [{ text: 'x', visual: { mode: 'custom', warn_pct: 30, fail_pct: 20 } }] },
        'steps[0].visual.warn_pct: must be below fail_pct',
      ],
      [{ steps: 'not a list' }, 'steps:'],
      [{ assertions: [42] }, 'assertions[0]: must be a string or {text}'],
    ];
    for (const [override, expected] of bad) {
      const res = await api('POST', `/tests/suites/${s.public_id}/cases`, fx.a.developer.token, {
        name: 'Bad',
        steps: ['a'],
        source_recording: SAMPLE_RECORDING,
        ...override,
      });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().detail).toContain(expected);
    }
    expect((await api('GET', `/tests/suites/${s.public_id}`, fx.a.viewer.token)).json().case_count).toBe(0);
  });

  it('404 for a suite of another organization', async () => {
    const sb = await createSuite(fx.t, fx.b.developer.token);
    expect(
      (await api('POST', `/tests/suites/${sb.public_id}/cases`, fx.a.admin.token, { name: 'x', steps: ['a'] }))
        .statusCode,
    ).toBe(404);
  });
});

describe('POST /tests/cases (standalone upsert)', () => {
  it('creates, then updates in place by name and app', async () => {
    const first = await api('POST', '/tests/cases', fx.a.developer.token, {
      name: 'Checkout guest',
      app_id: fx.appA.publicId,
      steps: ['one'],
    });
    expect(first.statusCode, first.body).toBe(200);
    const c1 = first.json();
    expect(c1).toMatchObject({
      suite_id: null,
      app_id: fx.appA.id,
      app_public_id: fx.appA.publicId,
      source_platform: 'android',
      fuzzy_match: true,
    });
    (fx.t.clock as ManualClock).advance(1000);
    const second = await api('POST', '/tests/cases', fx.a.developer.token, {
      name: 'Checkout guest',
      app_id: fx.appA.publicId,
      steps: ['one', 'two'],
      fuzzy_match: false,
      source_platform: 'androidtv',
    });
    const c2 = second.json();
    expect(c2.public_id).toBe(c1.public_id);
    expect(c2).toMatchObject({
      steps: ['one', 'two'],
      fuzzy_match: false,
      source_platform: 'androidtv',
      created_at: c1.created_at,
    });
    expect(c2.updated_at).not.toBe(c1.updated_at);
    expect(await auditActions(c1.public_id)).toEqual(['test_case.created', 'test_case.updated']);
    // Same name for another app is a different case.
    const other = await createStandaloneCase(fx.t, fx.a.developer.token, fx.appA2.publicId, { name: 'Checkout guest' });
    expect(other.public_id).not.toBe(c1.public_id);
    // Concurrent creates of one new name end with exactly one row.
    await Promise.all(
      [1, 2, 3].map(() => createStandaloneCase(fx.t, fx.a.developer.token, fx.appA.publicId, { name: 'Racy' })),
    );
    const rows = await fx.t.container.db
      .select()
      .from(testCases)
      .where(and(eq(testCases.organizationId, fx.a.orgId), eq(testCases.name, 'Racy')));
    expect(rows).toHaveLength(1);
  });

  it('404 when the app is not in the organization; 400 without app_id', async () => {
    const res = await api('POST', '/tests/cases', fx.a.developer.token, {
      name: 'x',
      app_id: fx.appB.publicId,
      steps: ['a'],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('App not found');
    const missing = await api('POST', '/tests/cases', fx.a.developer.token, { name: 'x', steps: ['a'] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe('app_id: required');
  });
});

describe('GET /tests/cases', () => {
  it('lists standalone cases most recent first with the reusable filter and the last 10 run statuses', async () => {
    const org = await createOrgWithRoles(fx.t, 'Case list org');
    const app = await createAppRow(fx.t, org.orgId);
    const clock = fx.t.clock as ManualClock;
    const older = await createStandaloneCase(fx.t, org.developer.token, app.publicId, { name: 'older' });
    clock.advance(1000);
    const reusable = await createStandaloneCase(fx.t, org.developer.token, app.publicId, { name: 'login flow' });
    clock.advance(1000);
    await makeReusable(fx.t, org.developer.token, reusable.public_id);
    const suite = await createSuite(fx.t, org.developer.token);
    await createSuiteCase(fx.t, org.developer.token, suite.public_id, { name: 'in a suite' });
    for (let i = 0; i < 12; i++) await insertTestRun(fx.t, org.orgId, older.id, i % 2 === 0 ? 'passed' : 'failed');
    await insertTestRun(fx.t, org.orgId, older.id, 'running');

    const all = (await api('GET', '/tests/cases', org.viewer.token)).json() as Array<{
      name: string;
      recent_run_statuses: string[];
    }>;
    expect(all.map((c) => c.name)).toEqual(['login flow', 'older']);
    expect(all[1]!.recent_run_statuses).toEqual([
      'running',
      'failed',
      'passed',
      'failed',
      'passed',
      'failed',
      'passed',
      'failed',
      'passed',
      'failed',
    ]);
    expect(all[0]!.recent_run_statuses).toEqual([]);
    const onlyReusable = (await api('GET', '/tests/cases?reusable=true', org.viewer.token)).json();
    expect(onlyReusable.map((c: { name: string }) => c.name)).toEqual(['login flow']);
    const notReusable = (await api('GET', '/tests/cases?reusable=false', org.viewer.token)).json();
    expect(notReusable.map((c: { name: string }) => c.name)).toEqual(['older']);
    expect((await api('GET', '/tests/cases?reusable=maybe', org.viewer.token)).statusCode).toBe(400);
  });
});

describe('GET /tests/cases/{case_id}', () => {
  it('returns suite-attached and standalone cases; 404 otherwise', async () => {
    const s = await createSuite(fx.t, fx.a.developer.token);
    const sc = await createSuiteCase(fx.t, fx.a.developer.token, s.public_id);
    const st = await createStandaloneCase(fx.t, fx.a.developer.token, fx.appA.publicId, { name: 'get me' });
    expect((await api('GET', `/tests/cases/${sc.public_id}`, fx.a.viewer.token)).json()).toMatchObject({
      suite_public_id: s.public_id,
      has_source_recording: true,
    });
    expect((await api('GET', `/tests/cases/${st.public_id}`, fx.a.viewer.token)).json()).toMatchObject({
      suite_id: null,
      app_public_id: fx.appA.publicId,
    });
    expect((await api('GET', '/tests/cases/tc_nope', fx.a.viewer.token)).statusCode).toBe(404);
  });
});

describe('PATCH /tests/cases/{case_id}', () => {
  it('updates content fields and re-derives the recording fields', async () => {
    const s = await createSuite(fx.t, fx.a.developer.token);
    const c = await createSuiteCase(fx.t, fx.a.developer.token, s.public_id);
    const res = await api('PATCH', `/tests/cases/${c.public_id}`, fx.a.developer.token, {
      name: 'Renamed',
      steps: [{ text: 'Tap', action_indices: [0] }],
      assertions: [],
      context: 'ctx',
      source_recording: [{ type: 'tap', t_ms: 0, x: 1, y: 1 }],
      fuzzy_match: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Renamed',
      context: 'ctx',
      fuzzy_match: false,
      step_count: 1,
      source_recording_summary: { total_actions: 1, gesture_counts: { tap: 1 } },
      step_gesture_groups: [[0]],
    });
    // Shrinking the recording below what the stored steps point at is refused.
    const shrink = await api('PATCH', `/tests/cases/${c.public_id}`, fx.a.developer.token, { source_recording: null });
    expect(shrink.statusCode).toBe(400);
    expect(shrink.json().detail).toMatch(/^steps\[0\]\.action_indices\[0\]/);
    expect(await auditActions(c.public_id)).toEqual(['test_case.created', 'test_case.updated']);
  });

  it('app_id: only on standalone cases (400 on a suite case); 404 for an app of another org', async () => {
    const s = await createSuite(fx.t, fx.a.developer.token);
    const sc = await createSuiteCase(fx.t, fx.a.developer.token, s.public_id);
    const res = await api('PATCH', `/tests/cases/${sc.public_id}`, fx.a.developer.token, { app_id: fx.appA.publicId });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^app_id:/);
    const st = await createStandaloneCase(fx.t, fx.a.developer.token, fx.appA.publicId, { name: 'movable' });
    const moved = await api('PATCH', `/tests/cases/${st.public_id}`, fx.a.developer.token, {
      app_id: fx.appA2.publicId,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().app_public_id).toBe(fx.appA2.publicId);
    expect(
      (await api('PATCH', `/tests/cases/${st.public_id}`, fx.a.developer.token, { app_id: fx.appB.publicId }))
        .statusCode,
    ).toBe(404);
  });

  it('is_reusable: true only without a parent suite', async () => {
    const s = await createSuite(fx.t, fx.a.developer.token);
    const sc = await createSuiteCase(fx.t, fx.a.developer.token, s.public_id);
    const res = await api('PATCH', `/tests/cases/${sc.public_id}`, fx.a.developer.token, { is_reusable: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^is_reusable:/);
    expect(
      (await api('PATCH', `/tests/cases/${sc.public_id}`, fx.a.developer.token, { is_reusable: false })).statusCode,
    ).toBe(200);
    const st = await createStandaloneCase(fx.t, fx.a.developer.token, fx.appA.publicId, { name: 'reusable ok' });
    expect((await makeReusable(fx.t, fx.a.developer.token, st.public_id)).is_reusable).toBe(true);
  });

  it('sub_flow_ids: reusable cases of the same org and app, order kept, no cycles', async () => {
    const login = await createStandaloneCase(fx.t, fx.a.developer.token, fx.appA.publicId, { name: 'sf login' });
    const onboarding = await createStandaloneCase(fx.t, fx.a.developer.token, fx.appA.publicId, {
      name: 'sf onboarding',
    });
    const notReusable = await createStandaloneCase(fx.t, fx.a.developer.token, fx.appA.publicId, { name: 'sf plain' });
    const otherApp = await createStandaloneCase(fx.t, fx.a.developer.token, fx.appA2.publicId, {
      name: 'sf other app',
    });
    const foreign = await createStandaloneCase(fx.t, fx.b.developer.token, fx.appB.publicId, { name: 'sf foreign' });
    for (const c of [login, onboarding, otherApp]) await makeReusable(fx.t, fx.a.developer.token, c.public_id);
    await makeReusable(fx.t, fx.b.developer.token, foreign.public_id);
    const main = await createStandaloneCase(fx.t, fx.a.developer.token, fx.appA.publicId, { name: 'sf main' });
    const url = `/tests/cases/${main.public_id}`;

    const ok = await api('PATCH', url, fx.a.developer.token, { sub_flow_ids: [onboarding.public_id, login.public_id] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().sub_flow_ids).toEqual([onboarding.public_id, login.public_id]);

    const cases: Array<[string[], number, RegExp]> = [
      [[notReusable.public_id], 400, /not reusable/],
      [[otherApp.public_id], 400, /different app/],
      [[foreign.public_id], 404, /not found/],
      [[main.public_id], 400, /own sub-flow/],
    ];
    for (const [ids, status, detail] of cases) {
      const res = await api('PATCH', url, fx.a.developer.token, { sub_flow_ids: ids });
      expect(res.statusCode, ids.join()).toBe(status);
      expect(res.json().detail).toMatch(detail);
    }
    // Cycle: login → onboarding, then onboarding → login.
    expect(
      (
        await api('PATCH', `/tests/cases/${login.public_id}`, fx.a.developer.token, {
          sub_flow_ids: [onboarding.public_id],
        })
      ).statusCode,
    ).toBe(200);
    const cycle = await api('PATCH', `/tests/cases/${onboarding.public_id}`, fx.a.developer.token, {
      sub_flow_ids: [login.public_id],
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().detail).toMatch(/cycle/);
    // A case still used as a sub-flow cannot stop being reusable.
    const unreuse = await api('PATCH', `/tests/cases/${onboarding.public_id}`, fx.a.developer.token, {
      is_reusable: false,
    });
    expect(unreuse.statusCode).toBe(400);
    // Deleting a sub-flow removes it from the lists that named it, keeping the rest in order.
    expect((await api('DELETE', `/tests/cases/${onboarding.public_id}`, fx.a.developer.token)).statusCode).toBe(200);
    expect((await api('GET', url, fx.a.viewer.token)).json().sub_flow_ids).toEqual([login.public_id]);
    expect((await api('PATCH', url, fx.a.developer.token, { sub_flow_ids: [] })).json().sub_flow_ids).toEqual([]);
  });
});

describe('DELETE /tests/cases/{case_id}', () => {
  it('deletes and audits', async () => {
    const st = await createStandaloneCase(fx.t, fx.a.developer.token, fx.appA.publicId, { name: 'delete me' });
    expect((await api('DELETE', `/tests/cases/${st.public_id}`, fx.a.developer.token)).statusCode).toBe(200);
    expect((await api('GET', `/tests/cases/${st.public_id}`, fx.a.viewer.token)).statusCode).toBe(404);
    expect((await api('DELETE', `/tests/cases/${st.public_id}`, fx.a.developer.token)).statusCode).toBe(404);
    expect(await auditActions(st.public_id)).toEqual(['test_case.created', 'test_case.deleted']);
  });
});

describe('POST /tests/suites/{suite_id}/cases/{case_id}/copy', () => {
  it('copies the case into the target suite as a new case', async () => {
    const from = await createSuite(fx.t, fx.a.developer.token, { name: 'from' });
    const to = await createSuite(fx.t, fx.a.developer.token, { name: 'to' });
    const c = await createSuiteCase(fx.t, fx.a.developer.token, from.public_id, { context: 'copied ctx' });
    const res = await api('POST', `/tests/suites/${from.public_id}/cases/${c.public_id}/copy`, fx.a.developer.token, {
      target_suite_id: to.public_id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const copy = res.json();
    expect(copy.public_id).not.toBe(c.public_id);
    expect(copy).toMatchObject({
      suite_public_id: to.public_id,
      name: 'Sign in',
      context: 'copied ctx',
      steps: SAMPLE_STEPS,
      source_recording: SAMPLE_RECORDING,
    });
    expect((await api('GET', `/tests/suites/${to.public_id}`, fx.a.viewer.token)).json().case_count).toBe(1);
    expect((await api('GET', `/tests/suites/${from.public_id}`, fx.a.viewer.token)).json().case_count).toBe(1);
    expect(await auditActions(copy.public_id)).toEqual(['test_case.copied']);
  });

  it('404 when the case is not in the source suite, or the target is unknown or foreign; 400 without target', async () => {
    const from = await createSuite(fx.t, fx.a.developer.token);
    const elsewhere = await createSuite(fx.t, fx.a.developer.token);
    const c = await createSuiteCase(fx.t, fx.a.developer.token, elsewhere.public_id);
    const foreign = await createSuite(fx.t, fx.b.developer.token);
    expect(
      (
        await api('POST', `/tests/suites/${from.public_id}/cases/${c.public_id}/copy`, fx.a.developer.token, {
          target_suite_id: from.public_id,
        })
      ).statusCode,
    ).toBe(404);
    const r = await api(
      'POST',
      `/tests/suites/${elsewhere.public_id}/cases/${c.public_id}/copy`,
      fx.a.developer.token,
      { target_suite_id: foreign.public_id },
    );
    expect(r.statusCode).toBe(404);
    expect(r.json().detail).toMatch(/target_suite_id/);
    expect(
      (await api('POST', `/tests/suites/${elsewhere.public_id}/cases/${c.public_id}/copy`, fx.a.developer.token, {}))
        .statusCode,
    ).toBe(400);
  });
});

const suiteCaseOf = async (token: string) => {
  const s = await createSuite(fx.t, token);
  const c = await createSuiteCase(fx.t, token, s.public_id);
  return { s, c };
};
const standaloneOf = async (org: OrgWithRoles, appPublicId: string) =>
  createStandaloneCase(fx.t, org.developer.token, appPublicId, { name: `auth ${Math.random()}` });

describeAuthCases(
  () => fx,
  [
    {
      method: 'POST',
      url: async () => `/api/v1/tests/suites/${(await createSuite(fx.t, fx.a.developer.token)).public_id}/cases`,
      otherOrgUrl: async () =>
        `/api/v1/tests/suites/${(await createSuite(fx.t, fx.b.developer.token)).public_id}/cases`,
      body: () => ({ name: 'x', steps: ['a'] }),
      minRole: 'developer',
    },
    {
      method: 'POST',
      url: () => '/api/v1/tests/cases',
      body: () => ({ name: 'auth', app_id: fx.appA.publicId, steps: ['a'] }),
      minRole: 'developer',
    },
    { method: 'GET', url: () => '/api/v1/tests/cases', minRole: 'viewer' },
    {
      method: 'GET',
      url: async () => `/api/v1/tests/cases/${(await standaloneOf(fx.a, fx.appA.publicId)).public_id}`,
      otherOrgUrl: async () => `/api/v1/tests/cases/${(await standaloneOf(fx.b, fx.appB.publicId)).public_id}`,
      minRole: 'viewer',
    },
    {
      method: 'PATCH',
      url: async () => `/api/v1/tests/cases/${(await standaloneOf(fx.a, fx.appA.publicId)).public_id}`,
      otherOrgUrl: async () => `/api/v1/tests/cases/${(await standaloneOf(fx.b, fx.appB.publicId)).public_id}`,
      body: () => ({ context: 'x' }),
      minRole: 'developer',
    },
    {
      method: 'DELETE',
      url: async () => `/api/v1/tests/cases/${(await standaloneOf(fx.a, fx.appA.publicId)).public_id}`,
      otherOrgUrl: async () => `/api/v1/tests/cases/${(await standaloneOf(fx.b, fx.appB.publicId)).public_id}`,
      minRole: 'developer',
    },
    {
      method: 'POST',
      url: async () => {
        const { s, c } = await suiteCaseOf(fx.a.developer.token);
        return `/api/v1/tests/suites/${s.public_id}/cases/${c.public_id}/copy`;
      },
      otherOrgUrl: async () => {
        const { s, c } = await suiteCaseOf(fx.b.developer.token);
        return `/api/v1/tests/suites/${s.public_id}/cases/${c.public_id}/copy`;
      },
      body: () => ({ target_suite_id: 'ste_whatever' }),
      minRole: 'developer',
    },
  ],
);
