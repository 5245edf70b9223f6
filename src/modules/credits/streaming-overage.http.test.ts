import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../clock';
import { organizations, sessions } from '../../db/schema';
import type { DeviceSpec } from '../../worker/driver';
import { createVirtualDriver } from '../../worker/drivers/virtual-driver';
import type { WorkerClient } from '../../worker/worker-client';
import {
  accountOf,
  expectLedgerBalanced,
  insertBilledRun,
  ledgerOf,
  orgCtx,
  setPlan,
} from '../../../test/harness/credits-factories';
import { createOrgWithRoles } from '../../../test/harness/factories';
import {
  api,
  connectWorker,
  createAndStart,
  createLiveApp,
  waitForStatus,
  WsPeer,
  wsUrl,
  type LiveApp,
} from '../../../test/harness/sessions-factories';

const phones = (n: number): DeviceSpec[] =>
  Array.from({ length: n }, (_, i) => ({
    deviceId: randomUUID(),
    name: `iPhone 15 Pro (${i + 1})`,
    model: 'iPhone 15 Pro',
    type: 'ios' as const,
    category: 'phone' as const,
    osVersion: '17.5',
  }));

describe('streaming overage', () => {
  let t: LiveApp;
  let worker: WorkerClient;
  const clock = () => t.clock as ManualClock;
  const sweep = () => t.container.services.lifetime.sweepLifetimes(clock().now());
  const streamingEntries = async (orgId: number) => (await ledgerOf(t, orgId)).filter((e) => e.isStreaming);

  beforeAll(async () => {
    t = await createLiveApp({ env: { DEFAULT_PLAN: 'enterprise' } });
    worker = await connectWorker(t, createVirtualDriver({ devices: phones(2), dataDir: t.dataDir }), 'overage-worker');
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
  });

  it('with overage allowed, each started minute past the plan is charged once ($0.06, per session and minute); out of credit, the session is warned and ends credit_exhausted', async () => {
    const org = await createOrgWithRoles(t, 'Streaming Org');
    await setPlan(t, org.orgId, 'starter'); // 500 minutes, $15 allowance
    await t.container.db
      .update(organizations)
      .set({ allowStreamingOverage: true })
      .where(eq(organizations.id, org.orgId));
    const now = clock().now().getTime();
    // 499 minutes streamed earlier this month.
    await t.container.db.insert(sessions).values({
      sessionId: randomUUID(),
      organizationId: org.orgId,
      deviceType: 'ios',
      status: 'stopped',
      startTime: new Date(now - 600 * 60_000),
      endTime: new Date(now - 101 * 60_000),
      createdAt: new Date(now - 600 * 60_000),
    });
    const { sessionId } = await createAndStart(t, org.developer.token);
    await waitForStatus(t, org.developer.token, sessionId, 'active');
    await api(t, org.developer.token, 'POST', `/sessions/${sessionId}/control`, { action: 'tap', x: 1, y: 1 });
    expect((await sweep()).ended).toEqual([]);
    expect(await streamingEntries(org.orgId)).toEqual([]);

    // The plan's minutes run out 60 s in; 30 s later the first overage minute has started.
    clock().advance(90_000);
    await Promise.all([sweep(), sweep()]);
    await sweep();
    let charged = await streamingEntries(org.orgId);
    expect(
      charged.map((e) => [e.entryType, e.balanceBucket, e.amountMicro, e.sessionId, e.streamingMinute, e.model]),
    ).toEqual([['usage_deduction', 'allowance', -60_000, sessionId, 1, null]]);

    clock().advance(60_000);
    await sweep();
    charged = await streamingEntries(org.orgId);
    expect(charged.map((e) => e.streamingMinute)).toEqual([1, 2]);
    const dashboard = (await api(t, org.developer.token, 'GET', '/usage/dashboard')).json();
    expect(dashboard).toMatchObject({ streaming_overage_minutes: 2, streaming_overage_micro: 120_000 });
    const ledger = (await api(t, org.developer.token, 'GET', '/credits/ledger?limit=1')).json();
    expect(ledger.entries[0]).toMatchObject({ is_streaming: true, session_id: sessionId, amount_micro: -60_000 });

    // Spend all but $0.05: the next minute cannot be paid.
    const left = (await accountOf(t, org.orgId))!.allowanceMicro;
    const run = await insertBilledRun(t, org.orgId, { costMicro: left - 50_000 });
    await t.container.services.credits.metering.settleRunCost({
      ctx: orgCtx(t, org.orgId),
      input: { runId: run.id, model: run.modelUsed, costMicro: run.costMicro!, billing: 'platform' },
    });
    const ws = await WsPeer.open(wsUrl(t, `/api/v1/ws?token=${org.developer.token}`));
    ws.send({ type: 'subscribe', session_id: sessionId });
    await ws.next((m) => m.text?.type === 'subscribed');
    clock().advance(60_000);
    expect((await sweep()).ended).toEqual([]);
    expect(await ws.next((m) => m.text?.type === 'session.ending')).toMatchObject({
      session_id: sessionId,
      reason: 'credit_exhausted',
      in_seconds: 60,
    });
    expect((await streamingEntries(org.orgId)).map((e) => e.streamingMinute)).toEqual([1, 2]);
    expect((await accountOf(t, org.orgId))!.allowanceMicro).toBe(50_000);
    clock().advance(60_000);
    expect((await sweep()).ended).toEqual([{ sessionId, reason: 'credit_exhausted' }]);
    expect((await api(t, org.developer.token, 'GET', `/sessions/${sessionId}`)).json()).toMatchObject({
      status: 'stopped',
      end_reason: 'credit_exhausted',
    });
    await ws.close();
    await expectLedgerBalanced(t);
  });

  it('without overage, nothing is charged and the session ends plan_limit as before', async () => {
    const org = await createOrgWithRoles(t, 'Capped Org');
    await setPlan(t, org.orgId, 'starter');
    const now = clock().now().getTime();
    await t.container.db.insert(sessions).values({
      sessionId: randomUUID(),
      organizationId: org.orgId,
      deviceType: 'ios',
      status: 'stopped',
      startTime: new Date(now - 600 * 60_000),
      endTime: new Date(now - 100 * 60_000),
      createdAt: new Date(now - 600 * 60_000),
    });
    const { sessionId } = await createAndStart(t, org.developer.token);
    await waitForStatus(t, org.developer.token, sessionId, 'active');
    await api(t, org.developer.token, 'POST', `/sessions/${sessionId}/control`, { action: 'tap', x: 1, y: 1 });
    await sweep();
    clock().advance(61_000);
    expect((await sweep()).ended).toEqual([{ sessionId, reason: 'plan_limit' }]);
    expect(await streamingEntries(org.orgId)).toEqual([]);
  });
});
