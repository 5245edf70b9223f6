import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { systemContext, type Ctx } from '../../src/context';
import { apps, suiteRuns, testRuns, type Platform, type SuiteRunStatus, type TestRunStatus } from '../../src/db/schema';
import { newPublicId } from '../../src/db/public-id';
import { createTestApp, type TestApp } from './app';
import { bearer, createOrgWithRoles, type OrgWithRoles } from './factories';

type AppRow = typeof apps.$inferSelect;

/** An app row written straight to the database (the apps upload API lives in another module). */
export async function createAppRow(
  t: TestApp,
  orgId: number,
  opts: { name?: string; packageName?: string; platform?: Platform } = {},
) {
  const now = t.clock.now();
  const [row] = await t.container.db
    .insert(apps)
    .values({
      publicId: newPublicId('app'),
      organizationId: orgId,
      name: opts.name ?? 'Shop',
      packageName: opts.packageName ?? `com.example.shop${randomBytes(3).toString('hex')}`,
      platform: opts.platform ?? 'android',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

async function call(t: TestApp, token: string, method: 'POST' | 'PATCH', url: string, payload: unknown) {
  const res = await t.app.inject({ method, url, headers: bearer(token), payload: payload as object });
  if (res.statusCode !== 200) throw new Error(`${method} ${url} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A suite through the API. */
export async function createSuite(t: TestApp, token: string, body: Record<string, unknown> = {}) {
  return call(t, token, 'POST', '/api/v1/tests/suites', { name: 'Checkout', ...body }) as Promise<{
    id: number;
    public_id: string;
    name: string;
    tags: Array<{ name: string; display_name: string }>;
  }>;
}

export const SAMPLE_RECORDING = [
  { type: 'launch_app', t_ms: 0, package_name: 'com.example.shop' },
  { type: 'tap', t_ms: 800, x: 120, y: 640, selector: { text: 'Sign in' } },
  { type: 'type_text', t_ms: 1500, text: 'ada@example.test' },
  { type: 'tap', t_ms: 2100, x: 540, y: 1800 },
  { type: 'swipe', t_ms: 3000, x: 540, y: 1600, x2: 540, y2: 400, duration_ms: 300 },
];

export const SAMPLE_STEPS = [
  { text: 'Open the app', action_indices: [0] },
  { text: 'Sign in as ada', action_indices: [1, 2, 3] },
  'Scroll to the offers',
];

/** A recorded case in a suite through the API. */
export async function createSuiteCase(
  t: TestApp,
  token: string,
  suitePublicId: string,
  body: Record<string, unknown> = {},
) {
  return call(t, token, 'POST', `/api/v1/tests/suites/${suitePublicId}/cases`, {
    name: 'Sign in',
    steps: SAMPLE_STEPS,
    assertions: ['The home screen shows "Hello Ada"'],
    source_recording: SAMPLE_RECORDING,
    source_device_width: 1080,
    source_device_height: 2340,
    ...body,
  }) as Promise<{ id: number; public_id: string; name: string }>;
}

/** A standalone case through the API. */
export async function createStandaloneCase(
  t: TestApp,
  token: string,
  appPublicId: string,
  body: Record<string, unknown> = {},
) {
  return call(t, token, 'POST', '/api/v1/tests/cases', {
    name: 'Login',
    app_id: appPublicId,
    steps: ['Tap "Sign in"'],
    ...body,
  }) as Promise<{ id: number; public_id: string; name: string }>;
}

export async function makeReusable(t: TestApp, token: string, casePublicId: string) {
  return call(t, token, 'PATCH', `/api/v1/tests/cases/${casePublicId}`, { is_reusable: true });
}

/** A suite run row, as the execution engine will write it. */
export async function insertSuiteRun(
  t: TestApp,
  orgId: number,
  suiteId: number,
  status: SuiteRunStatus,
  startedAt = t.clock.now(),
) {
  const [row] = await t.container.db
    .insert(suiteRuns)
    .values({
      publicId: newPublicId('srun'),
      organizationId: orgId,
      suiteId,
      status,
      resetStrategy: 'relaunch',
      sessionId: '6f1c2b8e-8a8f-4f7a-9a57-6d3c1d1f0b11',
      startedAt,
      createdAt: startedAt,
    })
    .returning();
  return row!;
}

export async function insertTestRun(
  t: TestApp,
  orgId: number,
  caseId: number,
  status: TestRunStatus,
  suiteRunId: number | null = null,
) {
  const now = t.clock.now();
  const [row] = await t.container.db
    .insert(testRuns)
    .values({
      publicId: newPublicId('run'),
      organizationId: orgId,
      testCaseId: caseId,
      suiteRunId,
      status,
      startedAt: now,
      createdAt: now,
    })
    .returning();
  return row!;
}

/** `api('GET', '/tests/suites', token)` against /api/v1 of the test app `getT()` returns. */
export function apiClient(getT: () => TestApp) {
  return (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) =>
    getT().app.inject({
      method,
      url: `/api/v1${url}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

export interface CatalogueFixture {
  t: TestApp;
  /** The caller's organization, with an admin, a developer and a viewer. */
  a: OrgWithRoles;
  /** Another organization, whose suites, cases and runs must look absent to `a`. */
  b: OrgWithRoles;
  /** Org A's Android app 'Shop A', package `com.example.shop`. */
  appA: AppRow;
  /** Org A's iOS app 'Other A'. */
  appA2: AppRow;
  /** Org B's Android app 'Shop B' with the same package as appA. */
  appB: AppRow;
  /** `api('GET', '/tests/suites', token)` against /api/v1. */
  api: ReturnType<typeof apiClient>;
  /** A system context acting in the organization as admin, as the engine calls services. */
  systemCtx(orgId: number): Ctx;
}

/**
 * The setup every catalogue and run test file shares, registered as the file's beforeAll and
 * afterAll: one test app (no job workers), two organizations and three apps. The fields are set
 * once beforeAll has run.
 */
export function useCatalogueFixture(): CatalogueFixture {
  const fx = {
    api: apiClient(() => fx.t),
    systemCtx: (orgId) =>
      systemContext(
        { db: fx.t.container.db, clock: fx.t.clock, log: fx.t.container.log },
        { id: orgId, role: 'admin' },
      ),
  } as CatalogueFixture;
  beforeAll(async () => {
    fx.t = await createTestApp({ jobs: false });
    [fx.a, fx.b] = await Promise.all([createOrgWithRoles(fx.t, 'Org A'), createOrgWithRoles(fx.t, 'Org B')]);
    [fx.appA, fx.appA2, fx.appB] = await Promise.all([
      createAppRow(fx.t, fx.a.orgId, { name: 'Shop A', packageName: 'com.example.shop', platform: 'android' }),
      createAppRow(fx.t, fx.a.orgId, { name: 'Other A', platform: 'ios' }),
      createAppRow(fx.t, fx.b.orgId, { name: 'Shop B', packageName: 'com.example.shop', platform: 'android' }),
    ]);
  });
  afterAll(async () => fx.t?.close());
  return fx;
}
