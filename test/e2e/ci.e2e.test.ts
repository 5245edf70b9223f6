import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock';
import type { CiRunPayload, MultiSuiteRun } from '../../src/modules/ci/ci.schemas';
import { createVirtualDriver } from '../../src/worker/drivers/virtual-driver';
import type { WorkerClient } from '../../src/worker/worker-client';
import { androidPhones, sampleModel, uploadSample } from '../harness/engine-fixture';
import { signup } from '../harness/factories';
import { FakeGithub } from '../harness/fake-github';
import { api, connectWorker, createLiveApp, waitFor, type LiveApp } from '../harness/sessions-factories';
import { verifySignature, WebhookReceiver, webhooksIdle, type ReceivedDelivery } from '../harness/webhook-receiver';

/**
 * CI from a pipeline's point of view, on a live server with one virtual Android phone and the
 * sample app: runs started over the API and polled to their end, a webhook receiver on loopback
 * that checks every signature, and a fake GitHub API on loopback that records commit statuses.
 */
const SIGN_IN = ['type demo into Username', 'type secret into Password', 'Tap Sign in', 'verify "Items" is visible'];
const TERMINAL = ['passed', 'failed', 'cancelled', 'error'];
const sha = () => randomUUID().replace(/-/g, '').padEnd(40, '0');

describe('CI runs, webhooks and commit statuses', () => {
  let t: LiveApp;
  let worker: WorkerClient;
  let receiver: WebhookReceiver;
  let github: FakeGithub;
  let token: string;
  let orgId: number;
  let buildId: number;
  let secret: string;
  let webhookId: number;
  let passing: string;
  let failing: string;
  let passingCase: string;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    api(t, token, method, url, body);
  async function post(url: string, body: unknown) {
    const res = await call('POST', url, body);
    if (res.statusCode !== 200) throw new Error(`POST ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  }
  async function suite(name: string, steps: string[], tags: string[] = []) {
    const s = await post('/tests/suites', { name, app_public_id: appId, tags });
    await call('PATCH', `/tests/suites/${s.public_id}`, { reset_strategy: 'clear_data' });
    const c = await post(`/tests/suites/${s.public_id}/cases`, { name: `${name} case`, mode: 'ai', steps });
    return { suiteId: s.public_id as string, caseId: c.public_id as string };
  }
  /** Polls the run to its end; returns every payload seen. */
  async function pollToEnd(runId: string, timeoutMs = 60_000): Promise<CiRunPayload[]> {
    const seen: CiRunPayload[] = [];
    await waitFor(
      async () => {
        const p = (await call('GET', `/ci/runs/${runId}`)).json() as CiRunPayload;
        seen.push(p);
        return TERMINAL.includes(p.status);
      },
      `CI run ${runId} to end`,
      timeoutMs,
    );
    return seen;
  }
  /** A run's deliveries in event order (deliveries run in parallel, so they may arrive in any order). */
  const deliveriesFor = (pipeline: string) =>
    receiver.received
      .filter((d) => d.json?.metadata?.pipeline === pipeline)
      .sort((x, y) => Number(x.json.id.slice(4)) - Number(y.json.id.slice(4)));
  const statusesOf = (commit: string) => github.statuses.filter((s) => s.sha === commit);
  let appId: string;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    github = await FakeGithub.start();
    // The real clock: the order of runs is asserted from their timestamps.
    t = await createLiveApp({ clock: systemClock, env: { WEBHOOK_ALLOW_PRIVATE: 'true', GITHUB_API_URL: github.url } });
    worker = await connectWorker(
      t,
      createVirtualDriver({ devices: androidPhones(1), dataDir: t.dataDir }),
      `ci-worker-${randomUUID().slice(0, 6)}`,
    );
    // A fresh organization, as a team signing up would have.
    ({ token, orgId } = await signup(t, { organizationName: 'Pipeline Team' }));
    ({ appId, buildId } = await uploadSample(t, token));
    ({ suiteId: passing, caseId: passingCase } = await suite('Sign in', SIGN_IN, ['smoke']));
    ({ suiteId: failing } = await suite(
      'Broken welcome',
      [...SIGN_IN.slice(0, 3), 'verify "Welcome back, nobody" is visible'],
      ['smoke'],
    ));
    const hook = await post('/integrations/webhooks', {
      url: receiver.url('/simdeck'),
      event_types: [
        'run.started',
        'run.passed',
        'run.failed',
        'run.cancelled',
        'case.failed',
        'session.started',
        'session.ended',
        'visual.run_completed_with_regressions',
      ],
    });
    ({ secret, id: webhookId } = hook);
    expect(
      (await call('PUT', '/integrations/github', { repository: 'acme/mobile', token: 'ghp_ci_token_abcd' })).statusCode,
    ).toBe(200);
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await receiver?.close();
    await github?.close();
  });

  it('run-suite: a device is allocated, the suite passes, the session is cleaned up; the receiver sees started → passed with the metadata, GitHub pending → success', async () => {
    const commit = sha();
    const metadata = { pipeline: 'gh-run-1', pr: 42, labels: ['mobile'] };
    const started = await post('/ci/run-suite', { suite_id: passing, commit_sha: commit, metadata, build_id: buildId });
    const seen = await pollToEnd(started.run_id);
    const done = seen.at(-1)!;
    expect(done, JSON.stringify(done.progress)).toMatchObject({
      run_id: started.run_id,
      type: 'suite_run',
      status: 'passed',
      commit_sha: commit,
      metadata,
      error_message: null,
      queue: null,
      visual_regression_status: 'ok',
      run_url: `http://simdeck.test/ci/runs/${started.run_id}`,
    });
    expect(done.duration_ms).toBe(new Date(done.finished_at!).getTime() - new Date(done.started_at!).getTime());
    expect(done.results).toEqual([
      {
        case_id: passingCase,
        case_name: 'Sign in case',
        run_id: expect.stringMatching(/^run_/),
        status: 'passed',
        duration_ms: expect.any(Number),
        error_message: null,
        visual_regression_status: 'ok',
        url: expect.stringMatching(/^http:\/\/simdeck\.test\/runs\/run_/),
        flaky: false,
        quarantined: false,
        attempts: [
          {
            attempt: 1,
            run_id: expect.stringMatching(/^run_/),
            status: 'passed',
            duration_ms: expect.any(Number),
            error_message: null,
          },
        ],
        shard: 0,
        device_id: expect.any(String),
        device_name: 'Pixel 8 (1)',
        target: null,
      },
    ]);
    // Results only once terminal; the statuses seen only move forward.
    expect(seen.filter((p) => p.status !== 'passed').every((p) => p.results === null)).toBe(true);
    const order = ['pending', 'running', 'passed'];
    expect(seen.map((p) => order.indexOf(p.status))).toEqual([...seen.map((p) => order.indexOf(p.status))].sort());
    const messages = done.progress.map((p) => p.message);
    expect(messages[0]).toBe('Accepted');
    for (const m of [
      /^Started$/,
      /^Device Pixel 8 \(1\) assigned; booting$/,
      /^Session .* is active on Pixel 8 \(1\)/,
      /^Suite run srun_\w+ started$/,
      /^Case "Sign in case" started$/,
      /^Case "Sign in case", step 3 passed: Tap Sign in$/,
      /^Case "Sign in case" passed$/,
      /^Session .* ended \(ci_cleanup\)$/,
      /^Suite run passed$/,
    ]) {
      expect(
        messages.some((x) => m.test(x)),
        `${m} in ${JSON.stringify(messages)}`,
      ).toBe(true);
    }
    const session = (await call('GET', `/sessions/${done.session_id}`)).json();
    expect(session).toMatchObject({ status: 'stopped', end_reason: 'ci_cleanup' });

    const delivered = await receiver.waitFor(() => deliveriesFor('gh-run-1').length >= 3, 'the run deliveries');
    for (const d of delivered) expect(verifySignature(d, secret).valid, d.body).toBe(true);
    const runEvents = deliveriesFor('gh-run-1').map((d) => [d.json.type, d.json.data.kind]);
    expect(runEvents).toEqual([
      ['run.started', 'suite_run'],
      ['run.passed', 'test_run'],
      ['run.passed', 'suite_run'],
    ]);
    for (const d of deliveriesFor('gh-run-1')) expect(d.json).toMatchObject({ organization_id: orgId, metadata });
    // The session's own events, the end with the CI cleanup reason.
    await receiver.waitFor(
      (r) => r.some((d) => d.json.type === 'session.ended' && d.json.data.session_id === done.session_id),
      'session.ended',
    );
    const sessionEvents = receiver.received.filter(
      (d) => d.json.type.startsWith('session.') && d.json.data.session_id === done.session_id,
    );
    expect(sessionEvents.map((d) => [d.json.type, d.json.data.end_reason ?? null])).toEqual([
      ['session.started', null],
      ['session.ended', 'ci_cleanup'],
    ]);

    await waitFor(
      () => statusesOf(commit).length >= 2 && statusesOf(commit).at(-1)!.state === 'success',
      'the success status',
    );
    expect(statusesOf(commit).map((s) => s.state)[0]).toBe('pending');
    expect(statusesOf(commit).at(-1)).toMatchObject({
      owner: 'acme',
      repo: 'mobile',
      state: 'success',
      description: 'Passed (1 of 1 cases passed)',
      context: 'simdeck/Sign in',
      target_url: done.run_url,
      authorization: 'token ghp_ci_token_abcd',
    });
  });

  it('a failing suite fails the CI run: the receiver gets case.failed and run.failed, GitHub a failure', async () => {
    const commit = sha();
    const started = await post('/ci/run-suite', {
      suite_id: failing,
      commit_sha: commit,
      metadata: { pipeline: 'gh-run-2' },
    });
    const done = (await pollToEnd(started.run_id)).at(-1)!;
    expect(done).toMatchObject({ status: 'failed' });
    expect(done.results).toEqual([
      expect.objectContaining({
        status: 'failed',
        error_message: 'Step 4 failed: Check failed: no element matches "Welcome back, nobody" on this screen',
      }),
    ]);
    await receiver.waitFor(() => deliveriesFor('gh-run-2').length >= 4, 'the run deliveries');
    expect(deliveriesFor('gh-run-2').map((d) => [d.json.type, d.json.data.kind])).toEqual([
      ['run.started', 'suite_run'],
      ['run.failed', 'test_run'],
      ['case.failed', 'test_run'],
      ['run.failed', 'suite_run'],
    ]);
    expect(deliveriesFor('gh-run-2').find((d) => d.json.type === 'case.failed')!.json.data).toMatchObject({
      failed_step_index: 3,
      failed_step: 'verify "Welcome back, nobody" is visible',
    });
    await waitFor(() => statusesOf(commit).at(-1)?.state === 'failure', 'the failure status');
    expect(statusesOf(commit).at(-1)!.description).toBe('Failed (0 of 1 cases passed)');
    expect((await call('GET', `/sessions/${done.session_id}`)).json().end_reason).toBe('ci_cleanup');
  });

  it('a past delivery is redelivered through the API', async () => {
    const [hookDeliveries] = [
      (await call('GET', `/integrations/webhooks/${webhookId}/deliveries?limit=200`)).json().deliveries as Array<{
        id: number;
        event_type: string;
        payload_excerpt: string;
        status: string;
      }>,
    ];
    const past = hookDeliveries.find((d) => d.event_type === 'case.failed')!;
    expect(past.status).toBe('succeeded');
    const redelivery = await call('POST', `/integrations/webhooks/${webhookId}/deliveries/${past.id}/redeliver`);
    expect(redelivery.statusCode).toBe(200);
    const isIt = (d: ReceivedDelivery) => d.headers['x-webhook-delivery'] === String(redelivery.json().id);
    const again = (await receiver.waitFor((r) => r.some(isIt), 'the redelivery')).find(isIt)!;
    expect(again.body).toBe(past.payload_excerpt);
    expect(verifySignature(again, secret).valid).toBe(true);
  });

  it('run-test: the results are the per-step list', async () => {
    const started = await post('/ci/run-test', { test_id: passingCase });
    const done = (await pollToEnd(started.run_id)).at(-1)!;
    expect(done).toMatchObject({ type: 'test_run', status: 'passed', test_id: passingCase });
    expect(
      (done.results as Array<{ index: number; text: string; status: string; resolved_by: string }>).map((s) => [
        s.index,
        s.text,
        s.status,
        s.resolved_by,
      ]),
    ).toEqual(SIGN_IN.map((text, i) => [i, text, 'passed', 'interpreter']));
  });

  it('a second run waits in the device queue, showing its position, and runs when the device frees up', async () => {
    const slow = await suite('Slow', ['type demo into Username', 'wait 3 s']);
    const first = await post('/ci/run-suite', { suite_id: slow.suiteId });
    await waitFor(
      async () => (await call('GET', `/ci/runs/${first.run_id}`)).json().status === 'running',
      'the first run to run',
    );
    const second = await post('/ci/run-suite', { suite_id: passing });
    const queued = await waitFor(async () => {
      const p = (await call('GET', `/ci/runs/${second.run_id}`)).json() as CiRunPayload;
      return p.queue ? p : undefined;
    }, 'the second run to queue');
    expect(queued).toMatchObject({ status: 'pending', phase: 'queued', queue: { position: 1 } });
    expect(queued.progress.map((p) => p.message)).toContain(
      'Waiting for a free Android phone (position 1 in the queue)',
    );
    // The device goes to the second run in the transaction that ends the first.
    await waitFor(
      async () => (await call('GET', `/ci/runs/${second.run_id}`)).json().phase !== 'queued',
      'the second run to get the device',
    );
    expect((await call('GET', `/ci/runs/${first.run_id}`)).json().status).toBe('passed');
    const [a, b] = await Promise.all([pollToEnd(first.run_id), pollToEnd(second.run_id)]);
    expect([a.at(-1)!.status, b.at(-1)!.status]).toEqual(['passed', 'passed']);
    expect(
      new Date(b.at(-1)!.progress.find((p) => p.message.startsWith('Device'))!.at).getTime(),
    ).toBeGreaterThanOrEqual(new Date(a.at(-1)!.finished_at!).getTime());
  });

  it('a cancelled CI run ends cancelled, its session cleaned up, and GitHub shows an error', async () => {
    const commit = sha();
    const slow = await suite('Cancelled', ['type demo into Username', 'wait 10 s', 'Tap Sign in']);
    const started = await post('/ci/run-suite', { suite_id: slow.suiteId, commit_sha: commit });
    const running = await waitFor(async () => {
      const p = (await call('GET', `/ci/runs/${started.run_id}`)).json() as CiRunPayload;
      return p.progress.some((x) => /step 1 passed/.test(x.message)) ? p : undefined;
    }, 'the first step');
    expect(running.status).toBe('running');
    expect(await post(`/ci/runs/${started.run_id}/cancel`, undefined)).toEqual({ status: 'cancellation_requested' });
    const done = (await pollToEnd(started.run_id, 10_000)).at(-1)!;
    expect(done).toMatchObject({ status: 'cancelled' });
    expect((await call('GET', `/sessions/${done.session_id}`)).json()).toMatchObject({
      status: 'stopped',
      end_reason: 'ci_cleanup',
    });
    await waitFor(() => statusesOf(commit).at(-1)?.state === 'error', 'the error status');
    expect(statusesOf(commit).at(-1)!.description).toBe('Cancelled');
  });

  it('run-suites runs the matching suites one after another, each with its own session, and rolls the statuses up', async () => {
    const commit = sha();
    const started = await post('/ci/run-suites', {
      tags: ['smoke'],
      commit_sha: commit,
      metadata: { pipeline: 'gh-run-3' },
    });
    expect(started.matched_suite_ids).toEqual([passing, failing]);
    let m: MultiSuiteRun | undefined;
    const statuses = new Set<string>();
    await waitFor(
      async () => {
        m = (await call('GET', `/ci/multi-suite-runs/${started.aggregate_id}`)).json();
        statuses.add(m!.status);
        return TERMINAL.includes(m!.status);
      },
      'the multi-suite run to end',
      90_000,
    );
    expect(statuses.has('running')).toBe(true);
    expect(m).toMatchObject({
      id: started.aggregate_id,
      status: 'failed',
      visual_regression_status: 'ok',
      commit_sha: commit,
      completed_at: expect.any(String),
    });
    expect(
      m!.suite_runs.map((s) => [
        s.suite_id,
        s.suite_name,
        s.status,
        s.passed,
        s.failed,
        s.case_runs.map((c) => c.status),
      ]),
    ).toEqual([
      [passing, 'Sign in', 'passed', 1, 0, ['passed']],
      [failing, 'Broken welcome', 'failed', 0, 1, ['failed']],
    ]);
    expect(m!.suite_runs[0]!.case_runs[0]).toEqual({
      case_name: 'Sign in case',
      run_id: expect.stringMatching(/^run_/),
      status: 'passed',
      visual_regression_status: 'ok',
      duration_ms: expect.any(Number),
      url: expect.stringMatching(/^http:\/\/simdeck\.test\/runs\/run_/),
    });
    const [one, two] = await Promise.all(
      m!.suite_runs.map(async (s) => (await call('GET', `/ci/runs/${s.run_id}`)).json() as Promise<CiRunPayload>),
    );
    expect(one!.session_id).not.toBe(two!.session_id);
    expect(new Date(two!.started_at!).getTime()).toBeGreaterThanOrEqual(new Date(one!.finished_at!).getTime());
    await waitFor(() => statusesOf(commit).filter((s) => s.state !== 'pending').length === 2, 'both suites statuses');
    expect(Object.fromEntries(statusesOf(commit).map((s) => [s.context, s.state]))).toEqual({
      'simdeck/Sign in': 'success',
      'simdeck/Broken welcome': 'failure',
    });
    await receiver.waitFor(
      () => deliveriesFor('gh-run-3').filter((d) => d.json.data.kind === 'suite_run').length >= 4,
      'the suite runs deliveries',
    );
    expect(
      deliveriesFor('gh-run-3')
        .filter((d) => d.json.data.kind === 'suite_run')
        .map((d) => d.json.type),
    ).toEqual(['run.started', 'run.passed', 'run.started', 'run.failed']);
  });

  it('a commit status GitHub refuses is retried, and the run is not affected', async () => {
    const commit = sha();
    github.failNext = [500, 502];
    const started = await post('/ci/run-suite', { suite_id: passing, commit_sha: commit });
    const done = (await pollToEnd(started.run_id)).at(-1)!;
    expect(done.status).toBe('passed');
    await waitFor(() => statusesOf(commit).at(-1)?.state === 'success', 'the success status after retries', 30_000);
  }, 60_000);

  it('a run that passes with a visual warning posts success with a warning description', async () => {
    const commit = sha();
    // The first run writes the baselines; the second runs a build with banners that cover ~10 % of the items screen.
    expect((await pollToEnd((await post('/ci/run-suite', { suite_id: passing })).run_id)).at(-1)!.status).toBe(
      'passed',
    );
    const model = sampleModel();
    model.screens.items.elements.splice(
      1,
      0,
      ...[0, 1].map((i) => ({ type: 'button', id: `promo-${i}`, label: `Offer ${i + 1}`, action: [] })),
    );
    const banners = await uploadSample(t, token, model);
    const done = (
      await pollToEnd(
        (
          await post('/ci/run-suite', {
            suite_id: passing,
            build_id: banners.buildId,
            commit_sha: commit,
            metadata: { pipeline: 'gh-run-4' },
          })
        ).run_id,
      )
    ).at(-1)!;
    expect(done).toMatchObject({ status: 'passed', visual_regression_status: 'warn' });
    await waitFor(() => statusesOf(commit).at(-1)?.state === 'success', 'the success status');
    expect(statusesOf(commit).at(-1)!.description).toBe(
      'Passed with a visual regression warning (warn) (1 of 1 cases passed)',
    );
    await receiver.waitFor(() =>
      deliveriesFor('gh-run-4').some((d) => d.json.type === 'visual.run_completed_with_regressions'),
    );
  });

  it('a deleted webhook receives nothing from later runs', async () => {
    // What the earlier runs emitted is delivered first, so the count below is only of later runs.
    await t.container.services.webhooks.dispatcher.dispatchPending();
    await webhooksIdle(t);
    expect((await call('DELETE', `/integrations/webhooks/${webhookId}`)).statusCode).toBe(200);
    const count = receiver.received.length;
    const done = (
      await pollToEnd((await post('/ci/run-suite', { suite_id: passing, metadata: { pipeline: 'gh-run-5' } })).run_id)
    ).at(-1)!;
    expect(done.status).toBe('passed');
    await t.container.services.webhooks.dispatcher.dispatchPending();
    await webhooksIdle(t);
    expect(receiver.received.length).toBe(count);
  });
});
