import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newPublicId } from '../../src/db/public-id';
import { creditHolds, sessions, testCases, testRuns } from '../../src/db/schema';
import { accountOf, expectLedgerBalanced, grant, ledgerOf, orgCtx, setPlan, usd } from '../harness/credits-factories';
import {
  activeSession,
  createCase,
  createEngineFixture,
  createSuite,
  getRun,
  runCase,
  stepSummary,
  type EngineFixture,
} from '../harness/engine-fixture';

/**
 * The engine and usage credit: a platform-billed run is stopped between steps when its cost
 * reaches the credit left, and settled (or refunded) when it ends. Language models come from
 * another module: the run rows here carry a platform model and a cost as the engine will record
 * them, and run on the interpreter's steps.
 */
describe('runs billed to usage credit', () => {
  let f: EngineFixture;
  let sessionId: string;
  let suiteId: string;

  beforeAll(async () => {
    f = await createEngineFixture();
    await setPlan(f.t, f.org.orgId, 'free'); // $1 allowance
    sessionId = await activeSession(f);
    suiteId = await createSuite(f);
  });
  afterEach(async () => {
    await expectLedgerBalanced(f.t);
  });
  afterAll(async () => {
    await f?.close();
  });

  /** A pending run of a new case on the session, billed to the platform model, with its cost so far. */
  async function platformRun(steps: string[], costMicro: number, extra: Partial<typeof testRuns.$inferInsert> = {}) {
    const casePublicId = await createCase(f, suiteId, { mode: 'ai', steps });
    const [c] = await f.t.container.db.select().from(testCases).where(eq(testCases.publicId, casePublicId));
    const now = f.t.clock.now();
    const [run] = await f.t.container.db
      .insert(testRuns)
      .values({
        publicId: newPublicId('run'),
        organizationId: f.org.orgId,
        testCaseId: c!.id,
        status: 'pending',
        sessionId,
        mode: 'ai',
        provider: 'platform',
        model: 'platform/vision-1',
        modelUsed: 'platform/vision-1',
        costMicro,
        startedAt: now,
        createdAt: now,
        ...extra,
      })
      .returning();
    await f.t.container.db.update(sessions).set({ runLease: run!.publicId }).where(eq(sessions.sessionId, sessionId));
    return run!;
  }

  it('interpreter runs are free: nothing is deducted', async () => {
    const caseId = await createCase(f, suiteId, { mode: 'ai', steps: ['type demo into Username'] });
    expect((await runCase(f, caseId, sessionId)).status).toBe('passed');
    expect((await ledgerOf(f.t, f.org.orgId)).filter((e) => e.entryType === 'usage_deduction')).toEqual([]);
  });

  it('a run whose cost reaches the credit left stops before its next step with a clear error, and what credit there was is charged', async () => {
    const run = await platformRun(['type demo into Username', 'type secret into Password', 'Tap Sign in'], usd(1.2));
    await f.t.container.services.engine.runs.executeTestRun(run.id);
    const ended = await getRun(f, run.publicId);
    expect(ended.status).toBe('error');
    expect(ended.error_message).toMatch(
      /^The organization ran out of usage credit \(this run has cost \$1\.20, \$1\.00 is left\); the run stopped before its next step$/,
    );
    expect(stepSummary(ended)).toEqual([[0, 'passed', 'interpreter']]);
    expect(await accountOf(f.t, f.org.orgId)).toMatchObject({ allowanceMicro: 0, prepaidMicro: 0 });
    const charged = (await ledgerOf(f.t, f.org.orgId)).filter((e) => e.testRunId === run.id);
    expect(charged.map((e) => [e.entryType, e.balanceBucket, e.amountMicro, e.model])).toEqual([
      ['usage_deduction', 'allowance', -usd(1), 'platform/vision-1'],
    ]);
  });

  it('a run the platform failed (its control plane went away) is refunded, and the hold of the call it was in ends', async () => {
    await grant(f.t, f.org.orgId, 2);
    const stale = new Date(f.t.clock.now().getTime() - 5 * 60_000);
    const run = await platformRun(['type demo into Username'], usd(0.4), {
      status: 'running',
      startedAt: stale,
      heartbeatAt: stale,
    });
    // The process died in a model call: its hold is still there, long before it would expire.
    await f.t.container.services.credits.metering.holdCredit({
      ctx: orgCtx(f.t, f.org.orgId),
      input: { runId: run.id, model: 'platform/vision-1', amountMicro: usd(0.3), expiresInMs: 3_600_000 },
    });
    await f.t.container.services.engine.interruptions.sweepInterrupted(f.t.clock.now());
    expect(await f.t.container.db.select().from(creditHolds).where(eq(creditHolds.testRunId, run.id))).toEqual([]);
    expect(await getRun(f, run.publicId)).toMatchObject({ status: 'error', error_message: 'interrupted' });
    const entries = (await ledgerOf(f.t, f.org.orgId)).filter((e) => e.testRunId === run.id);
    expect(entries.map((e) => [e.entryType, e.balanceBucket, e.amountMicro])).toEqual([
      ['usage_deduction', 'prepaid', -usd(0.4)],
      ['refund', 'prepaid', usd(0.4)],
    ]);
    expect((await accountOf(f.t, f.org.orgId))!.prepaidMicro).toBe(usd(2));
  });
});
