import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apps, auditEvents } from '../../db/schema';
import { describeAuthCases } from '../../../test/harness/auth-cases';
import {
  createAppRow,
  createSuite,
  createSuiteCase,
  insertSuiteRun,
  useCatalogueFixture,
} from '../../../test/harness/catalogue-factories';
import { createOrgWithRoles } from '../../../test/harness/factories';
import type { ManualClock } from '../../clock';

const fx = useCatalogueFixture();
const { api } = fx;

async function auditActions(orgId: number, resourceId: string) {
  const rows = await fx.t.container.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.organizationId, orgId), eq(auditEvents.resourceId, resourceId)));
  return rows.map((r) => r.action);
}

describe('POST /tests/suites', () => {
  it('creates a suite linked to an app by public id, with tags, and audits it', async () => {
    const res = await api('POST', '/tests/suites', fx.a.developer.token, {
      name: 'Checkout',
      description: 'Happy path',
      app_public_id: fx.appA.publicId,
      tags: ['smoke', 'Nightly'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    expect(s.public_id).toMatch(/^ste_[A-Za-z0-9]{20}$/);
    expect(s).toMatchObject({
      name: 'Checkout',
      description: 'Happy path',
      app_id: fx.appA.id,
      app_public_id: fx.appA.publicId,
      app_name: 'Shop A',
      platform: 'android',
      case_count: 0,
      reset_strategy: 'relaunch',
      context: null,
      variables: {},
      last_run_status: null,
      last_run_at: null,
      created_at: '2026-06-01T12:00:00.000',
      visual_regression_warn_pct: 10,
      visual_regression_fail_pct: 25,
    });
    expect(s.tags).toEqual([
      { name: 'nightly', display_name: 'Nightly' },
      { name: 'smoke', display_name: 'smoke' },
    ]);
    expect(await auditActions(fx.a.orgId, s.public_id)).toEqual(['test_suite.created']);
  });

  it('accepts the legacy numeric app_id', async () => {
    const res = await api('POST', '/tests/suites', fx.a.developer.token, { name: 'Legacy', app_id: fx.appA.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().app_public_id).toBe(fx.appA.publicId);
  });

  it('404 for an app of another organization (public or numeric id)', async () => {
    expect(
      (await api('POST', '/tests/suites', fx.a.developer.token, { name: 'X', app_public_id: fx.appB.publicId }))
        .statusCode,
    ).toBe(404);
    expect(
      (await api('POST', '/tests/suites', fx.a.developer.token, { name: 'X', app_id: fx.appB.id })).statusCode,
    ).toBe(404);
  });

  it('400 when platform contradicts the app; 400 without a name', async () => {
    const res = await api('POST', '/tests/suites', fx.a.developer.token, {
      name: 'X',
      app_public_id: fx.appA.publicId,
      platform: 'ios',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/platform/);
    // description is a string in every response, the empty one when none was given.
    const bare = await api('POST', '/tests/suites', fx.a.developer.token, { name: 'No description' });
    expect(bare.json().description).toBe('');
    const cleared = await api('PATCH', `/tests/suites/${bare.json().public_id}`, fx.a.developer.token, {
      description: null,
    });
    expect(cleared.json().description).toBe('');
    const noName = await api('POST', '/tests/suites', fx.a.developer.token, { description: 'x' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().detail).toBe('name: required');
  });

  it('422 for an invalid tag name and writes nothing', async () => {
    for (const bad of ['has space', 'dots.not.allowed', '', 'x'.repeat(51), 'x'.repeat(101), 'ümlaut']) {
      const res = await api('POST', '/tests/suites', fx.a.developer.token, { name: 'Bad tags', tags: ['ok', bad] });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().detail).toMatch(/tag/i);
    }
    const list = await api('GET', '/tests/suites', fx.a.viewer.token);
    expect(list.json().some((s: { name: string }) => s.name === 'Bad tags')).toBe(false);
  });
});

describe('tags', () => {
  it('are case-insensitively unique per org; the first-seen casing is the display name', async () => {
    const org = await createOrgWithRoles(fx.t, 'Tag org');
    const s1 = await createSuite(fx.t, org.developer.token, { name: 'S1', tags: ['Regression', 'smoke'] });
    const s2 = await createSuite(fx.t, org.developer.token, { name: 'S2', tags: ['REGRESSION', 'Smoke', 'smoke'] });
    expect(s1.tags).toEqual([
      { name: 'regression', display_name: 'Regression' },
      { name: 'smoke', display_name: 'smoke' },
    ]);
    expect(s2.tags).toEqual(s1.tags);
    // A third suite gets a zero-suite tag after PATCH removes it.
    const s3 = await createSuite(fx.t, org.developer.token, { name: 'S3', tags: ['alpha', 'Regression'] });
    const patched = await api('PATCH', `/tests/suites/${s3.public_id}`, org.developer.token, { tags: ['zeta'] });
    expect(patched.statusCode, patched.body).toBe(200);
    const res = await api('GET', '/tests/tags', org.viewer.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { name: 'regression', display_name: 'Regression', suite_count: 2 },
      { name: 'smoke', display_name: 'smoke', suite_count: 2 },
      { name: 'zeta', display_name: 'zeta', suite_count: 1 },
      { name: 'alpha', display_name: 'alpha', suite_count: 0 },
    ]);
    // Other organizations never see these tags.
    const other = await api('GET', '/tests/tags', fx.b.viewer.token);
    expect(other.json().map((x: { name: string }) => x.name)).not.toContain('zeta');
  });
});

describe('GET /tests/suites', () => {
  it('filters by app and by tags with any/all semantics, and reports counts and the last run', async () => {
    const org = await createOrgWithRoles(fx.t, 'List org');
    const app1 = await createAppRow(fx.t, org.orgId, { name: 'One', platform: 'ios' });
    const app2 = await createAppRow(fx.t, org.orgId, { name: 'Two' });
    const both = await createSuite(fx.t, org.developer.token, {
      name: 'both',
      app_public_id: app1.publicId,
      tags: ['smoke', 'login'],
    });
    const smoke = await createSuite(fx.t, org.developer.token, {
      name: 'smoke only',
      app_public_id: app2.publicId,
      tags: ['smoke'],
    });
    const none = await createSuite(fx.t, org.developer.token, { name: 'untagged' });
    await createSuiteCase(fx.t, org.developer.token, both.public_id);
    await createSuiteCase(fx.t, org.developer.token, both.public_id, { name: 'second' });
    await insertSuiteRun(fx.t, org.orgId, both.id, 'failed', new Date('2026-05-30T10:00:00Z'));
    await insertSuiteRun(fx.t, org.orgId, both.id, 'passed', new Date('2026-05-31T10:00:00Z'));

    const names = async (q: string) => {
      const res = await api('GET', `/tests/suites${q}`, org.viewer.token);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Array<{ name: string }>).map((s) => s.name).sort();
    };
    expect(await names('')).toEqual(['both', 'smoke only', 'untagged']);
    expect(await names('?tags=smoke')).toEqual(['both', 'smoke only']);
    expect(await names('?tags=login,smoke')).toEqual(['both', 'smoke only']);
    expect(await names('?tags=login,smoke&match=any')).toEqual(['both', 'smoke only']);
    expect(await names('?tags=login,SMOKE&match=all')).toEqual(['both']);
    expect(await names('?tags=nope')).toEqual([]);
    expect(await names(`?app_id=${app2.publicId}`)).toEqual(['smoke only']);
    expect(await names(`?app_id=${fx.appB.publicId}`)).toEqual([]);

    const list = (await api('GET', '/tests/suites', org.viewer.token)).json() as Array<Record<string, unknown>>;
    const entry = list.find((s) => s.public_id === both.public_id)!;
    expect(entry).toMatchObject({
      case_count: 2,
      last_run_status: 'passed',
      last_run_at: '2026-05-31T10:00:00.000',
      app_name: 'One',
      app_public_id: app1.publicId,
      platform: 'ios',
    });
    expect(list.find((s) => s.public_id === smoke.public_id)).toMatchObject({ case_count: 0, last_run_status: null });
    expect(list.find((s) => s.public_id === none.public_id)).toMatchObject({ tags: [], app_id: null, app_name: null });
  });

  it('422 for an invalid tag in the filter; 400 for a bad match value', async () => {
    expect((await api('GET', '/tests/suites?tags=bad%20tag', fx.a.viewer.token)).statusCode).toBe(422);
    expect((await api('GET', '/tests/suites?tags=smoke&match=some', fx.a.viewer.token)).statusCode).toBe(400);
  });

  it("never lists another organization's suites", async () => {
    const sb = await createSuite(fx.t, fx.b.developer.token, { name: 'B secret' });
    const list = (await api('GET', '/tests/suites', fx.a.admin.token)).json() as Array<{ public_id: string }>;
    expect(list.some((s) => s.public_id === sb.public_id)).toBe(false);
  });
});

describe('GET /tests/suites/{suite_id}', () => {
  it('returns the suite with its cases in creation order', async () => {
    const s = await createSuite(fx.t, fx.a.developer.token, { name: 'With cases', app_public_id: fx.appA.publicId });
    const c1 = await createSuiteCase(fx.t, fx.a.developer.token, s.public_id, { name: 'first' });
    const c2 = await createSuiteCase(fx.t, fx.a.developer.token, s.public_id, {
      name: 'second',
      mode: 'ai',
      steps: ['Buy the first item'],
      source_recording: null,
    });
    const res = await api('GET', `/tests/suites/${s.public_id}`, fx.a.viewer.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.case_count).toBe(2);
    expect(body.cases.map((c: { public_id: string }) => c.public_id)).toEqual([c1.public_id, c2.public_id]);
    expect(body.cases[0]).toMatchObject({
      suite_id: s.id,
      suite_public_id: s.public_id,
      app_id: fx.appA.id,
      app_public_id: fx.appA.publicId,
      source_platform: 'android',
    });
    expect(body.cases[1]).toMatchObject({ mode: 'ai', has_source_recording: false, step_count: 1 });
  });

  it('404 for an unknown id', async () => {
    const res = await api('GET', '/tests/suites/ste_doesnotexist', fx.a.viewer.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Test suite not found' });
  });
});

describe('PATCH /tests/suites/{suite_id}', () => {
  it('updates each field; omitted fields stay; audits', async () => {
    const s = await createSuite(fx.t, fx.a.developer.token, { name: 'Patch me', tags: ['keep'] });
    (fx.t.clock as ManualClock).advance(60_000);
    const res = await api('PATCH', `/tests/suites/${s.public_id}`, fx.a.developer.token, {
      name: 'Patched',
      description: 'new',
      reset_strategy: 'clear_data',
      context: 'Use the staging account',
      variables: { user: 'ada', retries: 2 },
      visual_regression_warn_pct: 5,
      visual_regression_fail_pct: 50,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Patched',
      description: 'new',
      reset_strategy: 'clear_data',
      context: 'Use the staging account',
      variables: { user: 'ada', retries: 2 },
      visual_regression_warn_pct: 5,
      visual_regression_fail_pct: 50,
      tags: [{ name: 'keep', display_name: 'keep' }],
      updated_at: '2026-06-01T12:01:00.000',
    });
    const get = (await api('GET', `/tests/suites/${s.public_id}`, fx.a.viewer.token)).json();
    expect(get).toMatchObject({ name: 'Patched', reset_strategy: 'clear_data', visual_regression_warn_pct: 5 });
    expect(await auditActions(fx.a.orgId, s.public_id)).toEqual(['test_suite.created', 'test_suite.updated']);
  });

  it('tags: replace, [] clears, omitted leaves', async () => {
    const s = await createSuite(fx.t, fx.a.developer.token, { name: 'Tagged', tags: ['one', 'two'] });
    const replaced = await api('PATCH', `/tests/suites/${s.public_id}`, fx.a.developer.token, { tags: ['Three'] });
    expect(replaced.json().tags).toEqual([{ name: 'three', display_name: 'Three' }]);
    const untouched = await api('PATCH', `/tests/suites/${s.public_id}`, fx.a.developer.token, { name: 'Tagged 2' });
    expect(untouched.json().tags).toEqual([{ name: 'three', display_name: 'Three' }]);
    const cleared = await api('PATCH', `/tests/suites/${s.public_id}`, fx.a.developer.token, { tags: [] });
    expect(cleared.json().tags).toEqual([]);
    expect(
      (await api('PATCH', `/tests/suites/${s.public_id}`, fx.a.developer.token, { tags: ['no way'] })).statusCode,
    ).toBe(422);
  });

  it('visual thresholds: null disables a tier; warn must stay below fail; range 0..100', async () => {
    const s = await createSuite(fx.t, fx.a.developer.token, { name: 'Visual' });
    const url = `/tests/suites/${s.public_id}`;
    const nullWarn = await api('PATCH', url, fx.a.developer.token, { visual_regression_warn_pct: null });
    expect(nullWarn.statusCode).toBe(200);
    expect(nullWarn.json()).toMatchObject({ visual_regression_warn_pct: null, visual_regression_fail_pct: 25 });
    // warn 30 against the stored fail 25 is rejected, even though only warn is sent.
    const tooHigh = await api('PATCH', url, fx.a.developer.token, { visual_regression_warn_pct: 30 });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().detail).toMatch(/warn_pct: must be below/);
    expect(
      (
        await api('PATCH', url, fx.a.developer.token, {
          visual_regression_warn_pct: 25,
          visual_regression_fail_pct: 25,
        })
      ).statusCode,
    ).toBe(400);
    const both = await api('PATCH', url, fx.a.developer.token, {
      visual_regression_warn_pct: 30,
      visual_regression_fail_pct: null,
    });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toMatchObject({ visual_regression_warn_pct: 30, visual_regression_fail_pct: null });
    expect((await api('PATCH', url, fx.a.developer.token, { visual_regression_fail_pct: 101 })).statusCode).toBe(400);
    expect((await api('PATCH', url, fx.a.developer.token, { visual_regression_fail_pct: -1 })).statusCode).toBe(400);
    expect((await api('PATCH', url, fx.a.developer.token, { visual_regression_fail_pct: 40.5 })).statusCode).toBe(400);
  });

  it('400 for a bad reset strategy or non-object variables', async () => {
    const s = await createSuite(fx.t, fx.a.developer.token, { name: 'Bad patch' });
    const bad = await api('PATCH', `/tests/suites/${s.public_id}`, fx.a.developer.token, { reset_strategy: 'wipe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^reset_strategy:/);
    expect(
      (await api('PATCH', `/tests/suites/${s.public_id}`, fx.a.developer.token, { variables: ['x'] })).statusCode,
    ).toBe(400);
  });
});

describe('DELETE /tests/suites/{suite_id}', () => {
  it('deletes the suite and its cases', async () => {
    const s = await createSuite(fx.t, fx.a.developer.token, { name: 'Doomed' });
    const c = await createSuiteCase(fx.t, fx.a.developer.token, s.public_id);
    const res = await api('DELETE', `/tests/suites/${s.public_id}`, fx.a.developer.token);
    expect(res.statusCode).toBe(200);
    expect((await api('GET', `/tests/suites/${s.public_id}`, fx.a.viewer.token)).statusCode).toBe(404);
    expect((await api('GET', `/tests/cases/${c.public_id}`, fx.a.viewer.token)).statusCode).toBe(404);
    expect(await auditActions(fx.a.orgId, s.public_id)).toEqual(['test_suite.created', 'test_suite.deleted']);
  });

  it('deleting the app keeps the suite and its cases but drops the link', async () => {
    const app = await createAppRow(fx.t, fx.a.orgId, { name: 'Temp' });
    const s = await createSuite(fx.t, fx.a.developer.token, { name: 'Survivor', app_public_id: app.publicId });
    await createSuiteCase(fx.t, fx.a.developer.token, s.public_id);
    await fx.t.container.db.delete(apps).where(eq(apps.id, app.id));
    const res = (await api('GET', `/tests/suites/${s.public_id}`, fx.a.viewer.token)).json();
    expect(res).toMatchObject({ app_id: null, app_public_id: null, case_count: 1, platform: 'android' });
  });
});

describeAuthCases(
  () => fx,
  [
    { method: 'GET', url: () => '/api/v1/tests/suites', minRole: 'viewer' },
    { method: 'POST', url: () => '/api/v1/tests/suites', body: () => ({ name: 'Auth' }), minRole: 'developer' },
    { method: 'GET', url: () => '/api/v1/tests/tags', minRole: 'viewer' },
    {
      method: 'GET',
      url: async () => `/api/v1/tests/suites/${(await createSuite(fx.t, fx.a.developer.token)).public_id}`,
      otherOrgUrl: async () => `/api/v1/tests/suites/${(await createSuite(fx.t, fx.b.developer.token)).public_id}`,
      minRole: 'viewer',
    },
    {
      method: 'PATCH',
      url: async () => `/api/v1/tests/suites/${(await createSuite(fx.t, fx.a.developer.token)).public_id}`,
      otherOrgUrl: async () => `/api/v1/tests/suites/${(await createSuite(fx.t, fx.b.developer.token)).public_id}`,
      body: () => ({ name: 'Renamed' }),
      minRole: 'developer',
    },
    {
      method: 'DELETE',
      url: async () => `/api/v1/tests/suites/${(await createSuite(fx.t, fx.a.developer.token)).public_id}`,
      otherOrgUrl: async () => `/api/v1/tests/suites/${(await createSuite(fx.t, fx.b.developer.token)).public_id}`,
      minRole: 'developer',
    },
  ],
);
