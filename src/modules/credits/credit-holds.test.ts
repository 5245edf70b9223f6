import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../clock';
import { creditHolds, testRuns } from '../../db/schema';
import { createJobHandlers } from '../../jobs/handlers';
import { createTestApp, type TestApp } from '../../../test/harness/app';
import {
  accountOf,
  expectLedgerBalanced,
  insertBilledRun,
  ledgerOf,
  orgCtx,
  usd,
} from '../../../test/harness/credits-factories';
import { createOrgWithRoles } from '../../../test/harness/factories';

/**
 * Holds on usage credit (docs/billing.md, "Holds"): what calls in flight hold and what runs in
 * flight have spent is taken from what a new call may hold, under the account's lock.
 */
let t: TestApp;
const clock = () => t.clock as ManualClock;
const metering = () => t.container.services.credits.metering;
const MINUTE = 60_000;
const hold = (orgId: number, amountMicro: number, runId: number | null = null, expiresInMs = 5 * MINUTE) =>
  metering().holdCredit({
    ctx: orgCtx(t, orgId),
    input: { runId, model: 'platform/vision-1', amountMicro, expiresInMs },
  });
const holdsOf = (orgId: number) =>
  t.container.db.select().from(creditHolds).where(eq(creditHolds.organizationId, orgId));
const newOrg = async () => (await createOrgWithRoles(t, 'Hold Org')).orgId; // free: $1.00 allowance

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

describe('credit holds', () => {
  it('30 holds of $0.05 at once on $1.00: exactly 20 are granted, the rest get 402 saying why', async () => {
    const orgId = await newOrg();
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => hold(orgId, usd(0.05))));
    const granted = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(granted).toHaveLength(20);
    for (const r of refused)
      expect(r.reason).toMatchObject({
        status: 402,
        detail:
          'The organization ran out of usage credit: this model call may cost up to $0.05 and $0.00 is left once the runs in progress are paid for ($1.00 left, $1.00 of it held for them)',
      });
    expect((await holdsOf(orgId)).reduce((s, h) => s + h.amountMicro, 0)).toBe(usd(1));
    // A hold takes nothing from the buckets: the ledger is untouched until a cost is settled.
    expect(await ledgerOf(t, orgId)).toHaveLength(1);
  });

  it('what runs in flight have spent counts as held until their end settles it; the end drops their holds', async () => {
    const orgId = await newOrg();
    const running = await insertBilledRun(t, orgId, { costMicro: usd(0.7), status: 'running' });
    await expect(hold(orgId, usd(0.4))).rejects.toMatchObject({ status: 402 });
    const { holdId } = await hold(orgId, usd(0.29), running.id);
    // Between steps the run sees the other spending too.
    const other = await insertBilledRun(t, orgId, { costMicro: usd(0.01), status: 'running' });
    await expect(
      metering().requireCreditToContinue({ ctx: orgCtx(t, orgId), input: { runId: other.id, billing: 'platform' } }),
    ).rejects.toMatchObject({
      status: 402,
      detail:
        'The organization ran out of usage credit (this run has cost $0.01, runs in progress hold $0.99, $1.00 is left); the run stopped before its next step',
    });
    // Starting a new platform run is refused while everything is held.
    await t.container.db
      .update(testRuns)
      .set({ costMicro: usd(0.05) })
      .where(eq(testRuns.id, other.id));
    await expect(
      metering().requireRunCredit({
        ctx: orgCtx(t, orgId),
        input: { model: 'platform/vision-1', billing: 'platform' },
      }),
    ).rejects.toMatchObject({
      status: 402,
      detail:
        "The organization's usage credit ($1.00) is all held by runs in progress; wait for them to end, top up credit, or run with your own provider key",
    });
    // The run ends: its cost is deducted and its hold goes, in one transaction.
    await t.container.db.update(testRuns).set({ status: 'failed' }).where(eq(testRuns.id, running.id));
    await metering().settleRunCost({
      ctx: orgCtx(t, orgId),
      input: { runId: running.id, model: 'platform/vision-1', costMicro: usd(0.7), billing: 'platform' },
    });
    expect((await holdsOf(orgId)).map((h) => h.id)).not.toContain(holdId);
    expect((await accountOf(t, orgId))!.allowanceMicro).toBe(usd(0.3));
    // $0.30 left, $0.05 of it spent by the other run still in flight.
    await expect(hold(orgId, usd(0.26))).rejects.toMatchObject({ status: 402 });
    await expect(hold(orgId, usd(0.25))).resolves.toEqual({ holdId: expect.any(Number) });
  });

  it('a hold a crashed process left counts for nothing once expired, and the refill tick drops it', async () => {
    const orgId = await newOrg();
    await hold(orgId, usd(0.9), null, 7 * MINUTE);
    await expect(hold(orgId, usd(0.2))).rejects.toMatchObject({ status: 402 });
    clock().advance(7 * MINUTE);
    await expect(hold(orgId, usd(0.2))).resolves.toEqual({ holdId: expect.any(Number) });
    const left = await hold(orgId, usd(0.1), null, MINUTE);
    clock().advance(MINUTE);
    await createJobHandlers(t.container)['credits.refill_allowances']();
    expect((await holdsOf(orgId)).map((h) => h.id)).not.toContain(left.holdId);
  });

  it('a call outside runs (generate-test) is charged at once from its hold: one deduction, the hold gone', async () => {
    const orgId = await newOrg();
    const { holdId } = await hold(orgId, usd(0.1));
    const charged = await metering().chargeCall({
      ctx: orgCtx(t, orgId),
      input: { holdId, model: 'platform/vision-1', costMicro: usd(0.03) },
    });
    expect(charged).toEqual({ chargedMicro: usd(0.03), uncoveredMicro: 0 });
    expect(await holdsOf(orgId)).toEqual([]);
    const entries = (await ledgerOf(t, orgId)).filter((e) => e.entryType === 'usage_deduction');
    expect(entries.map((e) => [e.balanceBucket, e.amountMicro, e.model, e.reference])).toEqual([
      ['allowance', -usd(0.03), 'platform/vision-1', `call:${holdId}`],
    ]);
  });
});
