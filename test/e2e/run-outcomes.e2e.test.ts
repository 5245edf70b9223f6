import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ciRuns, testBaselines, testCases } from '../../src/db/schema';
import type { CiRunPayload } from '../../src/modules/ci/ci.schemas';
import { createApiToken } from '../harness/accounts-factories';
import { grant } from '../harness/credits-factories';
import {
  activeSession,
  androidPhones,
  createCase,
  createEngineFixture,
  createSuite,
  getRun,
  waitForSuiteRun,
  type EngineFixture,
} from '../harness/engine-fixture';
import { FakeGithub } from '../harness/fake-github';
import { startFakeLlm, type FakeLlmServer } from '../harness/fake-llm';
import { api, waitFor } from '../harness/sessions-factories';

/**
 * Who decides a run's outcome: only the engine ends a run it executes. A viewer (or anyone) who
 * PATCHes a CI run's failing test to `passed` while it runs gets 409, and the CI run and its
 * commit status still end as the test did; cancelling someone else's run needs the developer role.
 */
const PLATFORM_MODEL = 'vision-1';
const sha = () => randomUUID().replace(/-/g, '').padEnd(40, '0');

describe('run outcomes are the engine’s', () => {
  let f: EngineFixture;
  let fake: FakeLlmServer;
  let github: FakeGithub;
  let viewerToken: string;

  beforeAll(async () => {
    fake = await startFakeLlm();
    github = await FakeGithub.start();
    f = await createEngineFixture({
      devices: androidPhones(2),
      app: {
        env: {
          ...fake.env(),
          PLATFORM_AI_MODEL: PLATFORM_MODEL,
          PLATFORM_AI_API_KEY: 'platform-operator-key',
          GITHUB_API_URL: github.url,
        },
      },
    });
    await grant(f.t, f.org.orgId, 20);
    viewerToken = (await createApiToken(f.t, f.org.admin.token, f.org.orgId, { label: 'dashboard', role: 'viewer' }))
      .token;
    const gh = await api(f.t, f.org.admin.token, 'PUT', '/integrations/github', {
      repository: 'acme/mobile',
      token: 'ghp_outcome_token_abcd',
    });
    expect(gh.statusCode, gh.body).toBe(200);
  });
  afterAll(async () => {
    await f?.close();
    await fake?.close();
    await github?.close();
  });

  it('a CI run’s failing test cannot be PATCHed green by a viewer (nor anyone): 409 naming the engine; the CI run fails, and so does its commit status', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    fake.script([{ held, then: { tool: 'step_failed', input: { reasoning: 'there is no such screen' } } }]);
    const suiteId = await createSuite(f);
    const caseId = await createCase(f, suiteId, { mode: 'ai', steps: ['Open the secret admin screen'] });
    const commit = sha();
    const started = await api(f.t, f.org.developer.token, 'POST', '/ci/run-test', {
      test_id: caseId,
      commit_sha: commit,
      model: PLATFORM_MODEL,
    });
    expect(started.statusCode, started.body).toBe(200);
    const ciRunId = started.json().run_id as string;
    const calls = fake.calls.length;
    // The engine run is executing: its model call is in flight, held by the fake provider.
    await waitFor(() => fake.calls.length > calls, 'the engine run to call the model', 30_000);
    const [ci] = await f.t.container.db.select().from(ciRuns).where(eq(ciRuns.publicId, ciRunId));
    const runId = ci!.engineRunPublicId!;
    expect((await getRun(f, runId)).status).toBe('running');

    const detail = `${runId} is executed by the engine; its outcome is set when it finishes`;
    for (const token of [viewerToken, f.org.viewer.token, f.org.developer.token, f.org.admin.token]) {
      const patched = await api(f.t, token, 'PATCH', `/tests/runs/${runId}?status=passed&result_json=%7B%7D`);
      expect(patched.statusCode, patched.body).toBe(409);
      expect(patched.json()).toEqual({ detail });
    }
    // A viewer cannot end it another way either: cancelling someone else's run needs the developer role.
    for (const token of [viewerToken, f.org.viewer.token]) {
      const cancel = await api(f.t, token, 'POST', `/tests/runs/${runId}/cancel`);
      expect(cancel.statusCode, cancel.body).toBe(403);
      expect(cancel.json().detail).toBe(
        'Only the member who started the run, or the developer role or above, may do this',
      );
    }
    expect((await getRun(f, runId)).status).toBe('running');

    release();
    const done = await waitFor(
      async () => {
        const p = (await api(f.t, f.org.developer.token, 'GET', `/ci/runs/${ciRunId}`)).json() as CiRunPayload;
        return ['passed', 'failed', 'cancelled', 'error'].includes(p.status) ? p : undefined;
      },
      'the CI run to end',
      30_000,
    );
    expect(done.status).toBe('failed');
    expect((await getRun(f, runId)).status).toBe('failed');
    const states = await waitFor(() => {
      const s = github.statuses.filter((x) => x.sha === commit).map((x) => x.state);
      return s.at(-1) === 'pending' ? undefined : s;
    }, 'the final commit status');
    expect(states.at(-1)).toBe('failure');
    expect(states).not.toContain('success');
  });

  it('a record-only run is still set by PATCH from any role (the spec’s client-reported runs)', async () => {
    const suiteId = await createSuite(f);
    const caseId = await createCase(f, suiteId, { mode: 'ai', steps: ['tap Sign in'] });
    const recorded = await api(f.t, viewerToken, 'POST', `/tests/cases/${caseId}/run`);
    expect(recorded.statusCode, recorded.body).toBe(200);
    const patched = await api(
      f.t,
      viewerToken,
      'PATCH',
      `/tests/runs/${recorded.json().public_id}?status=passed&duration_ms=1200`,
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ status: 'passed', duration_ms: 1200 });
  });

  it('a suite run a viewer starts on their own session compares with baselines but never writes one; a developer’s run writes them', async () => {
    const suiteId = await createSuite(f);
    const caseId = await createCase(f, suiteId, { mode: 'ai', steps: ['type demo into Username'] });
    const [c] = await f.t.container.db.select().from(testCases).where(eq(testCases.publicId, caseId));
    const baselines = () => f.t.container.db.select().from(testBaselines).where(eq(testBaselines.testCaseId, c!.id));

    const viewerSession = await activeSession(f, undefined, f.org.viewer.token);
    const byViewer = await api(f.t, f.org.viewer.token, 'POST', '/ai/suite/run', {
      suite_public_id: suiteId,
      session_id: viewerSession,
    });
    expect(byViewer.statusCode, byViewer.body).toBe(200);
    const viewerRun = await waitForSuiteRun(f, byViewer.json().suite_run_public_id);
    expect(viewerRun.status).toBe('passed');
    expect(await baselines()).toEqual([]);
    const viewerCase = await getRun(f, viewerRun.test_runs[0]!.public_id);
    expect(viewerCase.result.steps[0]!.visual).toBeNull();
    await api(f.t, f.org.viewer.token, 'DELETE', `/sessions/${viewerSession}`);

    const devSession = await activeSession(f);
    const byDeveloper = await api(f.t, f.org.developer.token, 'POST', '/ai/suite/run', {
      suite_public_id: suiteId,
      session_id: devSession,
    });
    expect(byDeveloper.statusCode, byDeveloper.body).toBe(200);
    expect((await waitForSuiteRun(f, byDeveloper.json().suite_run_public_id)).status).toBe('passed');
    expect((await baselines()).map((b) => b.stepIndex)).toEqual([0]);
    await api(f.t, f.org.developer.token, 'DELETE', `/sessions/${devSession}`);
  });
});
