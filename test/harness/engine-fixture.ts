import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { buildSampleApk, SAMPLE_MODEL_PATH } from '../../examples/build-sample-app';
import type { DeviceSpec } from '../../src/worker/driver';
import { createVirtualDriver } from '../../src/worker/drivers/virtual-driver';
import type { WorkerClient } from '../../src/worker/worker-client';
import { multipartBody } from './app-packages';
import type { TestAppOptions } from './app';
import { createOrgWithRoles, type OrgWithRoles } from './factories';
import { api, connectWorker, createAndStart, createLiveApp, waitFor, waitForStatus, type LiveApp } from './sessions-factories';

export const TERMINAL_RUN = ['passed', 'failed', 'error'];

/** Android phones of the virtual fleet, for engine tests. */
export function androidPhones(n: number, name = 'Pixel 8'): DeviceSpec[] {
  return Array.from({ length: n }, (_, i) => ({ deviceId: randomUUID(), name: `${name} (${i + 1})`, model: name, type: 'android' as const, category: 'phone' as const, osVersion: '14' }));
}

export interface EngineFixture {
  t: LiveApp;
  org: OrgWithRoles;
  worker: WorkerClient;
  driver: ReturnType<typeof createVirtualDriver>;
  /** Public id of the uploaded sample app. */
  appId: string;
  close(): Promise<void>;
}

/**
 * A live server with a virtual worker, an organization, and the sample app (or a variant of its
 * model) uploaded through the API.
 */
export async function createEngineFixture(opts: { devices?: DeviceSpec[]; model?: unknown; app?: TestAppOptions } = {}): Promise<EngineFixture> {
  const t = await createLiveApp({ env: { DEFAULT_PLAN: 'enterprise' }, ...opts.app });
  const org = await createOrgWithRoles(t, 'Engine Org');
  const driver = createVirtualDriver({ devices: opts.devices ?? androidPhones(2), dataDir: t.dataDir });
  const worker = await connectWorker(t, driver, `engine-worker-${randomUUID().slice(0, 6)}`);
  const appId = await uploadSampleApp(t, org.developer.token, opts.model);
  return {
    t,
    org,
    worker,
    driver,
    appId,
    async close() {
      await worker.close();
      await t.close();
    },
  };
}

/** Builds the sample APK (optionally with another app model) and uploads it; returns the app's public id. */
export async function uploadSampleApp(t: LiveApp, token: string, model?: unknown, apiPath = '/api/v1/apps/upload'): Promise<string> {
  const file = path.join(t.dataDir, `sample-${randomUUID().slice(0, 6)}.apk`);
  await buildSampleApk(file, model === undefined ? fs.readFileSync(SAMPLE_MODEL_PATH) : Buffer.from(JSON.stringify(model)));
  const body = multipartBody({ name: 'sample.apk', data: fs.readFileSync(file) });
  const res = await t.app.inject({ method: 'POST', url: apiPath, headers: { authorization: `Bearer ${token}`, ...body.headers }, payload: body.payload });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().public_id ?? res.json().id;
}

/** The sample app's model, parsed, for tests that plant changes in it. */
export function sampleModel(): any {
  return JSON.parse(fs.readFileSync(SAMPLE_MODEL_PATH, 'utf8'));
}

/** An active Android phone session with nothing pinned. */
export async function activeSession(f: Pick<EngineFixture, 't' | 'org'>, body: Record<string, unknown> = { device_type: 'android', device_category: 'phone' }): Promise<string> {
  const { sessionId } = await createAndStart(f.t, f.org.developer.token, body);
  await waitForStatus(f.t, f.org.developer.token, sessionId, 'active');
  return sessionId;
}

export async function createSuite(f: EngineFixture, body: Record<string, unknown> = {}): Promise<string> {
  const res = await api(f.t, f.org.developer.token, 'POST', '/tests/suites', { name: `Suite ${randomUUID().slice(0, 6)}`, app_public_id: f.appId, ...body });
  if (res.statusCode !== 200) throw new Error(`suite failed: ${res.statusCode} ${res.body}`);
  return res.json().public_id;
}

export async function createCase(f: EngineFixture, suiteId: string, body: Record<string, unknown>): Promise<string> {
  const res = await api(f.t, f.org.developer.token, 'POST', `/tests/suites/${suiteId}/cases`, { name: `Case ${randomUUID().slice(0, 6)}`, ...body });
  if (res.statusCode !== 200) throw new Error(`case failed: ${res.statusCode} ${res.body}`);
  return res.json().public_id;
}

/** Starts a test run and waits for its end; returns the finished run. */
export async function runCase(f: EngineFixture, caseId: string, sessionId: string, extra: Record<string, unknown> = {}, timeoutMs = 30_000) {
  const started = await api(f.t, f.org.developer.token, 'POST', '/ai/test/run', { test_case_public_id: caseId, session_id: sessionId, ...extra });
  if (started.statusCode !== 200) throw new Error(`run failed to start: ${started.statusCode} ${started.body}`);
  return waitForRun(f, started.json().run_public_id, timeoutMs);
}

export async function waitForRun(f: Pick<EngineFixture, 't' | 'org'>, runId: string, timeoutMs = 30_000) {
  return waitFor(async () => {
    const r = (await api(f.t, f.org.developer.token, 'GET', `/tests/runs/${runId}`)).json();
    return TERMINAL_RUN.includes(r.status) ? r : undefined;
  }, `run ${runId} to finish`, timeoutMs) as Promise<any>;
}
