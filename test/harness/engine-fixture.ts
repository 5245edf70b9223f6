import type { RunLogsSummary } from '../../src/modules/engine/execution/run-logs';
import type { RunVideo } from '../../src/modules/engine/execution/run-video';
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { buildSampleApk, SAMPLE_MODEL_PATH } from '../../examples/build-sample-app';
import { domainEvents, sessions, type VisualVerdict } from '../../src/db/schema';
import type { AssertionEntry, StepEntry, SubFlowEntry } from '../../src/modules/engine/execution/case-outcome';
import type { RunResponse, SuiteRunResponse } from '../../src/modules/engine/runs.schemas';
import type { TraceEntry } from '../../src/modules/engine/steps/step-agent';
import type { DeviceSpec } from '../../src/worker/driver';
import { createVirtualDriver } from '../../src/worker/drivers/virtual-driver';
import type { WorkerClient } from '../../src/worker/worker-client';
import { multipartBody } from './app-packages';
import type { TestApp, TestAppOptions } from './app';
import { createOrgWithRoles, type OrgWithRoles } from './factories';
import {
  api,
  connectWorker,
  createAndStart,
  createLiveApp,
  waitFor,
  waitForStatus,
  type LiveApp,
} from './sessions-factories';

export const TERMINAL_RUN = ['passed', 'failed', 'error'];
export const TERMINAL_SUITE_RUN = ['passed', 'failed', 'error', 'cancelled'];
export const SAMPLE_PACKAGE = 'dev.simdeck.sample';

/** Android phones of the virtual fleet, for engine tests. */
export function androidPhones(n: number, name = 'Pixel 8'): DeviceSpec[] {
  return Array.from({ length: n }, (_, i) => ({
    deviceId: randomUUID(),
    name: `${name} (${i + 1})`,
    model: name,
    type: 'android' as const,
    category: 'phone' as const,
    osVersion: '14',
  }));
}

export function androidTablet(name = 'Pixel Tablet'): DeviceSpec {
  return { deviceId: randomUUID(), name, model: name, type: 'android', category: 'tablet', osVersion: '14' };
}

export function iosPhone(name = 'iPhone 15 Pro'): DeviceSpec {
  return { deviceId: randomUUID(), name, model: name, type: 'ios', category: 'phone', osVersion: '17.5' };
}

/** A test run as GET /tests/runs/{id} returns it, with the engine's result shape. */
export type RunJson = Omit<RunResponse, 'result' | 'reasoning_log'> & {
  result: {
    steps: StepEntry[];
    assertions: AssertionEntry[];
    visual_regression_status: VisualVerdict | null;
    sub_flows?: SubFlowEntry[];
    video?: RunVideo | null;
    logs?: RunLogsSummary | null;
  };
  reasoning_log: TraceEntry[];
};

export interface EngineFixture {
  t: LiveApp;
  org: OrgWithRoles;
  worker: WorkerClient;
  driver: ReturnType<typeof createVirtualDriver>;
  /** Public id of the uploaded sample app. */
  appId: string;
  /** Its first build. */
  buildId: number;
  close(): Promise<void>;
}

/**
 * A live server with a virtual worker, an organization, and the sample app (or a variant of its
 * model) uploaded through the API.
 */
export async function createEngineFixture(
  opts: { devices?: DeviceSpec[]; model?: unknown; app?: TestAppOptions } = {},
): Promise<EngineFixture> {
  const t = await createLiveApp({ ...opts.app, env: { DEFAULT_PLAN: 'enterprise', ...opts.app?.env } });
  const org = await createOrgWithRoles(t, 'Engine Org');
  const driver = createVirtualDriver({ devices: opts.devices ?? androidPhones(2), dataDir: t.dataDir });
  const worker = await connectWorker(t, driver, `engine-worker-${randomUUID().slice(0, 6)}`);
  const { appId, buildId } = await uploadSample(t, org.developer.token, opts.model);
  return {
    t,
    org,
    worker,
    driver,
    appId,
    buildId,
    async close() {
      await worker.close();
      await t.close();
    },
  };
}

/**
 * Builds the sample APK (optionally with another app model) and uploads it: a new app, or a new
 * build of the organization's sample app. Returns the app's public id and the build's id.
 */
export async function uploadSample(
  t: TestApp,
  token: string,
  model?: unknown,
): Promise<{ appId: string; buildId: number }> {
  const file = path.join(t.dataDir, `sample-${randomUUID().slice(0, 6)}.apk`);
  await buildSampleApk(
    file,
    model === undefined ? fs.readFileSync(SAMPLE_MODEL_PATH) : Buffer.from(JSON.stringify(model)),
  );
  const body = multipartBody({ name: 'sample.apk', data: fs.readFileSync(file) });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/apps/upload',
    headers: { authorization: `Bearer ${token}`, ...body.headers },
    payload: body.payload,
  });
  fs.rmSync(file, { force: true });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return { appId: res.json().public_id, buildId: res.json().build_id };
}

/** The sample app's model, parsed, for tests that plant changes in it. */
// biome-ignore lint/suspicious/noExplicitAny: tests reach anywhere into the app model to plant a change
export function sampleModel(): any {
  return JSON.parse(fs.readFileSync(SAMPLE_MODEL_PATH, 'utf8'));
}

/** An active session (an Android phone unless the body says otherwise). */
export async function activeSession(
  f: Pick<EngineFixture, 't' | 'org'>,
  body: Record<string, unknown> = { device_type: 'android', device_category: 'phone' },
  token = f.org.developer.token,
): Promise<string> {
  const { sessionId } = await createAndStart(f.t, token, body);
  await waitForStatus(f.t, token, sessionId, 'active');
  return sessionId;
}

/** A suite of the fixture's app; `settings` go through PATCH (reset_strategy, variables, visual tiers). */
export async function createSuite(
  f: Pick<EngineFixture, 't' | 'org' | 'appId'>,
  body: Record<string, unknown> = {},
  settings?: Record<string, unknown>,
): Promise<string> {
  const res = await api(f.t, f.org.developer.token, 'POST', '/tests/suites', {
    name: `Suite ${randomUUID().slice(0, 6)}`,
    app_public_id: f.appId,
    ...body,
  });
  if (res.statusCode !== 200) throw new Error(`suite failed: ${res.statusCode} ${res.body}`);
  const id = res.json().public_id as string;
  if (settings) await patch(f, `/tests/suites/${id}`, settings);
  return id;
}

export async function createCase(
  f: Pick<EngineFixture, 't' | 'org'>,
  suiteId: string,
  body: Record<string, unknown>,
): Promise<string> {
  const res = await api(f.t, f.org.developer.token, 'POST', `/tests/suites/${suiteId}/cases`, {
    name: `Case ${randomUUID().slice(0, 6)}`,
    ...body,
  });
  if (res.statusCode !== 200) throw new Error(`case failed: ${res.statusCode} ${res.body}`);
  return res.json().public_id;
}

/** A standalone case of the fixture's app (reusable ones serve as sub-flows). */
export async function createStandalone(
  f: Pick<EngineFixture, 't' | 'org' | 'appId'>,
  body: Record<string, unknown>,
): Promise<string> {
  const res = await api(f.t, f.org.developer.token, 'POST', '/tests/cases', {
    name: `Case ${randomUUID().slice(0, 6)}`,
    app_id: f.appId,
    ...body,
  });
  if (res.statusCode !== 200) throw new Error(`case failed: ${res.statusCode} ${res.body}`);
  return res.json().public_id;
}

export async function patch(
  f: Pick<EngineFixture, 't' | 'org'>,
  url: string,
  body: Record<string, unknown>,
): Promise<unknown> {
  const res = await api(f.t, f.org.developer.token, 'PATCH', url, body);
  if (res.statusCode !== 200) throw new Error(`PATCH ${url} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Starts a test run; returns its public id. */
export async function startRun(
  f: Pick<EngineFixture, 't' | 'org'>,
  caseId: string,
  sessionId: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const started = await api(f.t, f.org.developer.token, 'POST', '/ai/test/run', {
    test_case_public_id: caseId,
    session_id: sessionId,
    ...extra,
  });
  if (started.statusCode !== 200) throw new Error(`run failed to start: ${started.statusCode} ${started.body}`);
  return started.json().run_public_id;
}

/** Starts a test run and waits for its end; returns the finished run. */
export async function runCase(
  f: Pick<EngineFixture, 't' | 'org'>,
  caseId: string,
  sessionId: string,
  extra: Record<string, unknown> = {},
  timeoutMs = 30_000,
) {
  return waitForRun(f, await startRun(f, caseId, sessionId, extra), timeoutMs);
}

export async function getRun(f: Pick<EngineFixture, 't' | 'org'>, runId: string): Promise<RunJson> {
  return (await api(f.t, f.org.developer.token, 'GET', `/tests/runs/${runId}`)).json();
}

export async function waitForRun(f: Pick<EngineFixture, 't' | 'org'>, runId: string, timeoutMs = 30_000) {
  return waitFor(
    async () => {
      const r = await getRun(f, runId);
      return TERMINAL_RUN.includes(r.status) ? r : undefined;
    },
    `run ${runId} to finish`,
    timeoutMs,
  );
}

/** Waits until a running run has persisted `steps` finished steps; returns the run as read then. */
export async function waitForSteps(
  f: Pick<EngineFixture, 't' | 'org'>,
  runId: string,
  steps: number,
  timeoutMs = 20_000,
) {
  return waitFor(
    async () => {
      const r = await getRun(f, runId);
      if (TERMINAL_RUN.includes(r.status)) throw new Error(`run ended ${r.status}: ${r.error_message}`);
      return r.status === 'running' && (r.result?.steps?.length ?? 0) >= steps ? r : undefined;
    },
    `run ${runId} to persist ${steps} step(s)`,
    timeoutMs,
  );
}

export async function waitForSuiteRun(f: Pick<EngineFixture, 't' | 'org'>, suiteRunId: string, timeoutMs = 45_000) {
  return waitFor(
    async () => {
      const r = (
        await api(f.t, f.org.developer.token, 'GET', `/tests/suite-runs/${suiteRunId}`)
      ).json() as SuiteRunResponse;
      return TERMINAL_SUITE_RUN.includes(r.status) ? r : undefined;
    },
    `suite run ${suiteRunId} to finish`,
    timeoutMs,
  );
}

/** The `domain_events` rows of an organization, oldest first. */
export async function eventsOf(
  t: TestApp,
  orgId: number,
): Promise<Array<{ type: string; data: Record<string, unknown> }>> {
  const rows = await t.container.db
    .select()
    .from(domainEvents)
    .where(eq(domainEvents.organizationId, orgId))
    .orderBy(domainEvents.id);
  return rows.map((r) => ({ type: r.type, data: r.data as Record<string, unknown> }));
}

/** The run holding a session, straight from the session row (null when free). */
export async function runLeaseOf(t: TestApp, sessionId: string): Promise<string | null> {
  const [row] = await t.container.db
    .select({ lease: sessions.runLease })
    .from(sessions)
    .where(eq(sessions.sessionId, sessionId));
  return row?.lease ?? null;
}

/** A run's steps as `[index, status, resolved_by]`, for compact assertions. */
export const stepSummary = (run: Pick<RunJson, 'result'>): Array<[number, string, string | null]> =>
  (run.result?.steps ?? []).map((s) => [s.index, s.status, s.resolved_by]);
