import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { createTestApp, type TestApp } from '../../../test/harness/app';
import { describeAuthCases, type AuthCaseEnv } from '../../../test/harness/auth-cases';
import { bearer, createOrgWithRoles, type OrgWithRoles } from '../../../test/harness/factories';
import type { ManualClock } from '../../clock';
import { systemContext } from '../../context';
import { recordAudit } from './audit.recorder';

let t: TestApp;
let env: AuthCaseEnv;
let org: OrgWithRoles;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  env = { t, a: await createOrgWithRoles(t, 'Org A'), b: await createOrgWithRoles(t, 'Org B') };
  org = await createOrgWithRoles(t, 'Audited');
  const clock = t.clock as ManualClock;
  const write = (
    at: string,
    email: string,
    action: string,
    resourceType: string,
    resourceId: string,
    details?: unknown,
  ) => {
    clock.set(at);
    const ctx = {
      ...systemContext({ db: t.container.db, clock, log: t.container.log }, { id: org.orgId, role: 'admin' }),
      actor: { kind: 'user' as const, userId: org.admin.userId, email },
    };
    return recordAudit(ctx, { action, resourceType, resourceId, details });
  };
  // Relative to "now" = 2026-06-01T12:00Z: 40 days, 10 days, 3 days, 5 hours and 10 minutes ago.
  await write('2026-04-22T12:00:00Z', 'old@example.test', 'session.created', 'session', 's-1');
  await write('2026-05-22T12:00:00Z', 'alice@example.test', 'app.uploaded', 'app', 'app_1', { name: 'Demo' });
  await write('2026-05-29T12:00:00Z', 'alice@example.test', 'session.deleted', 'session', 's-2');
  await write('2026-06-01T07:00:00Z', 'bob@example.test', 'api_token.created', 'api_token', '7', {
    label: '=HYPERLINK("http://evil")',
  });
  await write('2026-06-01T11:50:00Z', '+bob@example.test', 'session.created', 'session', 's-3', {
    note: 'a, "quoted"\nline',
  });
  clock.set('2026-06-01T12:00:00Z');
  await recordAudit(
    { ...systemContext({ db: t.container.db, clock, log: t.container.log }, { id: env.b.orgId, role: 'admin' }) },
    { action: 'session.created', resourceType: 'session', resourceId: 'other-org' },
  );
});
afterAll(async () => {
  await t?.close();
});

const list = (query: string, token = org.viewer.token, orgId = org.orgId) =>
  t.app.inject({ method: 'GET', url: `/api/v1/organizations/${orgId}/audit-events${query}`, headers: bearer(token) });
const ids = (body: { events: Array<{ resource_id: string }> }) => body.events.map((e) => e.resource_id);

describe('GET /organizations/{org_id}/audit-events', () => {
  it('returns {total, events} newest first with every field', async () => {
    const res = await list('');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(5);
    expect(ids(body)).toEqual(['s-3', '7', 's-2', 'app_1', 's-1']);
    expect(body.events[3]).toEqual({
      id: expect.any(Number),
      user_email: 'alice@example.test',
      action: 'app.uploaded',
      resource_type: 'app',
      resource_id: 'app_1',
      details: { name: 'Demo' },
      created_at: '2026-05-22T12:00:00.000',
    });
    expect(body.events[4].details).toBeNull();
  });

  it('filters by action substring, exact user email, resource type and time range', async () => {
    expect(ids((await list('?action=session')).json())).toEqual(['s-3', 's-2', 's-1']);
    expect(ids((await list('?action=session.created')).json())).toEqual(['s-3', 's-1']);
    expect(ids((await list('?action=%25')).json())).toEqual([]);
    expect(ids((await list('?user_email=alice@example.test')).json())).toEqual(['s-2', 'app_1']);
    expect(ids((await list('?user_email=alice')).json())).toEqual([]);
    expect(ids((await list('?resource_type=session')).json())).toEqual(['s-3', 's-2', 's-1']);
    expect(ids((await list('?time_range=last-hour')).json())).toEqual(['s-3']);
    expect(ids((await list('?time_range=last-day')).json())).toEqual(['s-3', '7']);
    expect(ids((await list('?time_range=last-week')).json())).toEqual(['s-3', '7', 's-2']);
    expect(ids((await list('?time_range=last-month')).json())).toEqual(['s-3', '7', 's-2', 'app_1']);
    const combined = (await list('?action=session&time_range=last-week&user_email=alice@example.test')).json();
    expect(combined).toMatchObject({ total: 1 });
    expect(ids(combined)).toEqual(['s-2']);
  });

  it('pages with limit and offset, total counting every match', async () => {
    const page = (await list('?limit=2&offset=1')).json();
    expect(page.total).toBe(5);
    expect(ids(page)).toEqual(['7', 's-2']);
    expect(ids((await list('?limit=2&offset=4')).json())).toEqual(['s-1']);
    expect((await list('?limit=200')).statusCode).toBe(200);
  });

  it('400 for limit above 200 or below 1, a negative offset, or an unknown time range', async () => {
    for (const q of ['?limit=201', '?limit=0', '?offset=-1', '?time_range=last-year', '?limit=abc']) {
      const res = await list(q);
      expect(res.statusCode, q).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    expect((await list('?limit=201')).json().detail).toMatch(/^limit: /);
  });
});

describe('GET /organizations/{org_id}/audit-events/csv', () => {
  it('downloads every event as CSV with the spec columns, formula-safe cells and proper quoting', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${org.orgId}/audit-events/csv`,
      headers: bearer(org.viewer.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-events-\d+\.csv"$/);
    const rows = parse(res.body) as string[][];
    expect(rows[0]).toEqual(['Date', 'User', 'Action', 'Resource Type', 'Resource ID', 'Details']);
    expect(rows.slice(1).map((r) => r[4])).toEqual(['s-3', '7', 's-2', 'app_1', 's-1']);
    expect(rows[1]).toEqual([
      '2026-06-01T11:50:00.000',
      "'+bob@example.test",
      'session.created',
      'session',
      's-3',
      JSON.stringify({ note: 'a, "quoted"\nline' }),
    ]);
    expect(rows[2]![5]).toBe(JSON.stringify({ label: '=HYPERLINK("http://evil")' }));
    expect(rows[5]![5]).toBe('');
  });

  it('takes the same filters as the list', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${org.orgId}/audit-events/csv?user_email=alice@example.test`,
      headers: bearer(org.viewer.token),
    });
    const rows = parse(res.body) as string[][];
    expect(rows.slice(1).map((r) => r[4])).toEqual(['s-2', 'app_1']);
  });
});

describeAuthCases(
  () => env,
  [
    {
      method: 'GET',
      url: (e) => `/api/v1/organizations/${e.a.orgId}/audit-events`,
      minRole: 'viewer',
      otherOrgUrl: (e) => `/api/v1/organizations/${e.b.orgId}/audit-events`,
    },
    {
      method: 'GET',
      url: (e) => `/api/v1/organizations/${e.a.orgId}/audit-events/csv`,
      minRole: 'viewer',
      otherOrgUrl: (e) => `/api/v1/organizations/${e.b.orgId}/audit-events/csv`,
    },
  ],
);
