import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../clock';
import { createJobHandlers } from '../../jobs/handlers';
import { domainEvents, testRuns } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness/app';
import {
  accountOf,
  expectLedgerBalanced,
  grant,
  insertBilledRun,
  ledgerOf,
  orgCtx,
  setPlan,
  usd,
} from '../../../test/harness/credits-factories';
import { createOrgWithRoles } from '../../../test/harness/factories';

let t: TestApp;
const clock = () => t.clock as ManualClock;
const metering = () => t.container.services.credits.metering;
const settle = (orgId: number, run: { id: number; costMicro: number | null }, infrastructureFailure = false) =>
  metering().settleRunCost({
    ctx: orgCtx(t, orgId),
    input: {
      runId: run.id,
      model: 'platform/vision-1',
      costMicro: run.costMicro ?? 0,
      billing: 'platform',
      infrastructureFailure,
    },
  });
/** A tick of the refill job, as pg-boss runs it (its handler reads the container's clock). */
const refillJob = () => createJobHandlers(t.container)['credits.refill_allowances']();
const eventsOf = async (orgId: number, type: string) =>
  t.container.db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.organizationId, orgId), eq(domainEvents.type, type)));
const newOrg = async () => (await createOrgWithRoles(t, 'Credit Org')).orgId;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterEach(async () => {
  await expectLedgerBalanced(t);
  clock().set('2026-06-01T12:00:00Z');
});
afterAll(async () => {
  await t?.close();
});

describe('the ledger under concurrency', () => {
  it('100 parallel deductions of one organization (each sent twice) never overdraw and never count twice', async () => {
    const orgId = await newOrg(); // free: $1 allowance
    await grant(t, orgId, 2);
    const runs = await Promise.all(
      Array.from({ length: 100 }, () => insertBilledRun(t, orgId, { costMicro: usd(0.05) })),
    );
    const results = await Promise.all(runs.flatMap((run) => [settle(orgId, run), settle(orgId, run)]));
    // $3 of credit covers 60 runs of $0.05; the other 40 cost more than was left.
    expect(results.reduce((sum, r) => sum + r.chargedMicro, 0)).toBe(usd(3));
    expect(await accountOf(t, orgId)).toMatchObject({ allowanceMicro: 0, prepaidMicro: 0 });
    const deductions = (await ledgerOf(t, orgId)).filter((e) => e.entryType === 'usage_deduction');
    const perRun = new Map<number, number>();
    for (const e of deductions) perRun.set(e.testRunId!, (perRun.get(e.testRunId!) ?? 0) - e.amountMicro);
    expect(Math.max(...perRun.values())).toBeLessThanOrEqual(usd(0.05));
    expect([...perRun.values()].reduce((a, b) => a + b, 0)).toBe(usd(3));
    expect(deductions.every((e) => e.model === 'platform/vision-1' && e.amountMicro < 0)).toBe(true);
  });

  it('100 parallel deductions within the balance take exactly their sum, the allowance first', async () => {
    const orgId = await newOrg();
    await grant(t, orgId, 10);
    const runs = await Promise.all(Array.from({ length: 100 }, () => insertBilledRun(t, orgId, { costMicro: 30_000 })));
    await Promise.all(runs.map((run) => settle(orgId, run)));
    // $3.00 in all: the $1 allowance, then $2 of prepaid.
    expect(await accountOf(t, orgId)).toMatchObject({ allowanceMicro: 0, prepaidMicro: usd(8) });
    const entries = (await ledgerOf(t, orgId)).filter((e) => e.entryType === 'usage_deduction');
    expect(entries.filter((e) => e.balanceBucket === 'allowance').reduce((s, e) => s + e.amountMicro, 0)).toBe(-usd(1));
    expect(entries.filter((e) => e.balanceBucket === 'prepaid').reduce((s, e) => s + e.amountMicro, 0)).toBe(-usd(2));
  });

  it('a run that crosses from allowance to prepaid writes one entry per bucket, with its model and run', async () => {
    const orgId = await newOrg();
    await grant(t, orgId, 5);
    const run = await insertBilledRun(t, orgId, { costMicro: usd(1.25) });
    expect(await settle(orgId, run)).toMatchObject({ chargedMicro: usd(1.25), uncoveredMicro: 0 });
    const entries = (await ledgerOf(t, orgId)).filter((e) => e.entryType === 'usage_deduction');
    expect(entries.map((e) => [e.balanceBucket, e.amountMicro, e.model, e.testRunId])).toEqual([
      ['allowance', -usd(1), 'platform/vision-1', run.id],
      ['prepaid', -usd(0.25), 'platform/vision-1', run.id],
    ]);
  });
});

describe('AI usage', () => {
  it('refunds a run that failed for infrastructure reasons, to the buckets it was taken from', async () => {
    const orgId = await newOrg();
    await grant(t, orgId, 1);
    const run = await insertBilledRun(t, orgId, { costMicro: usd(1.5) });
    expect(await settle(orgId, run, true)).toMatchObject({ chargedMicro: usd(1.5), refundedMicro: usd(1.5) });
    expect(await accountOf(t, orgId)).toMatchObject({ allowanceMicro: usd(1), prepaidMicro: usd(1) });
    const entries = (await ledgerOf(t, orgId)).filter((e) => e.testRunId === run.id);
    expect(entries.map((e) => [e.entryType, e.balanceBucket, e.amountMicro])).toEqual([
      ['usage_deduction', 'allowance', -usd(1)],
      ['usage_deduction', 'prepaid', -usd(0.5)],
      ['refund', 'allowance', usd(1)],
      ['refund', 'prepaid', usd(0.5)],
    ]);
    // Settling again (a retried end) changes nothing.
    await settle(orgId, run, true);
    expect((await ledgerOf(t, orgId)).filter((e) => e.testRunId === run.id)).toHaveLength(4);
  });

  it('BYOK and interpreter runs deduct nothing', async () => {
    const orgId = await newOrg();
    await grant(t, orgId, 1);
    const byok = await insertBilledRun(t, orgId, { provider: 'provider_a', model: 'gpt-4o:byok', costMicro: usd(0.4) });
    for (const billing of ['byok', 'free'] as const) {
      await metering().settleRunCost({
        ctx: orgCtx(t, orgId),
        input: { runId: byok.id, model: byok.modelUsed, costMicro: usd(0.4), billing },
      });
    }
    expect((await ledgerOf(t, orgId)).filter((e) => e.entryType === 'usage_deduction')).toEqual([]);
    expect(await accountOf(t, orgId)).toMatchObject({ allowanceMicro: usd(1), prepaidMicro: usd(1) });
  });

  it('a platform-billed run with no credit left is refused with 402 before it starts; BYOK still starts', async () => {
    const orgId = await newOrg();
    const check = (billing: 'platform' | 'byok') =>
      metering().requireRunCredit({ ctx: orgCtx(t, orgId), input: { model: 'platform/vision-1', billing } });
    await expect(check('platform')).resolves.toBeUndefined();
    await settle(orgId, await insertBilledRun(t, orgId, { costMicro: usd(1) }));
    await expect(check('platform')).rejects.toMatchObject({
      status: 402,
      detail: expect.stringMatching(/no usage credit left/),
    });
    await expect(check('byok')).resolves.toBeUndefined();
  });

  it('between steps, a run whose cost so far reaches the credit left must stop', async () => {
    const orgId = await newOrg();
    const run = await insertBilledRun(t, orgId, { costMicro: usd(0.4), status: 'running' });
    const check = () =>
      metering().requireCreditToContinue({ ctx: orgCtx(t, orgId), input: { runId: run.id, billing: 'platform' } });
    await expect(check()).resolves.toBeUndefined();
    await t.container.db
      .update(testRuns)
      .set({ costMicro: usd(1) })
      .where(eq(testRuns.id, run.id));
    await expect(check()).rejects.toMatchObject({
      status: 402,
      detail: expect.stringMatching(/ran out of usage credit.*stopped before its next step/),
    });
  });

  it('sends billing.credit_low once per crossing into low balance', async () => {
    const orgId = await newOrg(); // $1: not low yet
    const spend = async (dollars: number) =>
      settle(orgId, await insertBilledRun(t, orgId, { costMicro: usd(dollars) }));
    await spend(0.01);
    await spend(0.01);
    expect(await eventsOf(orgId, 'billing.credit_low')).toHaveLength(1);
    await grant(t, orgId, 5);
    await spend(0.5);
    expect(await eventsOf(orgId, 'billing.credit_low')).toHaveLength(1);
    await spend(4.6);
    expect(await eventsOf(orgId, 'billing.credit_low')).toHaveLength(2);
  });
});

describe('allowance periods', () => {
  it('the refill job: the allowance refills at the period start (the rest lapses), once however often it runs, and catches up after downtime', async () => {
    const orgId = await newOrg();
    await refillJob();
    expect(await accountOf(t, orgId)).toMatchObject({
      allowanceMicro: usd(1),
      periodStart: new Date('2026-06-01T00:00:00Z'),
      periodEnd: new Date('2026-07-01T00:00:00Z'),
    });
    await grant(t, orgId, 2);
    await settle(orgId, await insertBilledRun(t, orgId, { costMicro: usd(0.6) }));

    clock().set('2026-06-30T23:59:00Z');
    await refillJob();
    expect((await accountOf(t, orgId))!.allowanceMicro).toBe(usd(0.4));

    clock().set('2026-07-01T00:00:30Z');
    await Promise.all([refillJob(), refillJob()]);
    await refillJob();
    expect(await accountOf(t, orgId)).toMatchObject({
      allowanceMicro: usd(1),
      prepaidMicro: usd(2),
      periodEnd: new Date('2026-08-01T00:00:00Z'),
    });
    const refills = (await ledgerOf(t, orgId)).filter((e) => e.entryType === 'subscription_refill');
    expect(refills.map((e) => [e.amountMicro, e.lapsedMicro, e.createdAt.toISOString()])).toEqual([
      [usd(1), 0, '2026-06-01T12:00:00.000Z'],
      [usd(0.6), usd(0.4), '2026-07-01T00:00:30.000Z'],
    ]);

    // Down from mid-July to mid-September: one refill, for September.
    await settle(orgId, await insertBilledRun(t, orgId, { costMicro: usd(0.25) }));
    clock().set('2026-09-15T08:00:00Z');
    await Promise.all([refillJob(), refillJob()]);
    expect(await accountOf(t, orgId)).toMatchObject({
      allowanceMicro: usd(1),
      prepaidMicro: usd(2),
      periodStart: new Date('2026-09-01T00:00:00Z'),
      periodEnd: new Date('2026-10-01T00:00:00Z'),
    });
    expect((await ledgerOf(t, orgId)).filter((e) => e.entryType === 'subscription_refill')).toHaveLength(3);
    const events = await eventsOf(orgId, 'billing.allowance_refilled');
    expect(events.map((e) => (e.data as { period_start: string }).period_start)).toEqual([
      '2026-06-01T00:00:00.000Z',
      '2026-07-01T00:00:00.000Z',
      '2026-09-01T00:00:00.000Z',
    ]);
  });

  it('a deduction after the period ended refills first, so last period’s allowance is not spent', async () => {
    const orgId = await newOrg();
    await refillJob();
    await settle(orgId, await insertBilledRun(t, orgId, { costMicro: usd(0.9) }));
    clock().set('2026-07-02T00:00:00Z');
    await settle(orgId, await insertBilledRun(t, orgId, { costMicro: usd(0.3) }));
    expect((await accountOf(t, orgId))!.allowanceMicro).toBe(usd(0.7));
  });

  it('the operator sets plans (enterprise with its own allowance) and grants credit', async () => {
    const orgId = await newOrg();
    await grant(t, orgId, 3);
    expect(await setPlan(t, orgId, 'professional')).toMatchObject({
      plan_id: 'professional',
      allowance_micro: usd(75),
      prepaid_micro: usd(3),
      plan_allowance_micro: usd(75),
    });
    expect(await setPlan(t, orgId, 'enterprise', 500)).toMatchObject({
      plan_id: 'enterprise',
      allowance_micro: usd(500),
      plan_allowance_micro: usd(500),
    });
    await expect(setPlan(t, orgId, 'starter', 10)).rejects.toMatchObject({ status: 400 });
    await expect(setPlan(t, orgId, 'platinum')).rejects.toMatchObject({ status: 400 });
    await expect(setPlan(t, 999_999, 'starter')).rejects.toMatchObject({ status: 404 });
    await expect(grant(t, orgId, 0)).rejects.toMatchObject({ status: 400 });
    const entries = await ledgerOf(t, orgId);
    expect(entries.map((e) => e.entryType)).toEqual([
      'subscription_refill',
      'grant',
      'subscription_refill',
      'subscription_refill',
    ]);
  });
});
