import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditHolds, testRuns } from '../../src/db/schema';
import { accountOf, expectLedgerBalanced, ledgerOf, setPlan, usd } from '../harness/credits-factories';
import {
  activeSession,
  androidPhones,
  createCase,
  createEngineFixture,
  createSuite,
  startRun,
  waitForRun,
  type EngineFixture,
} from '../harness/engine-fixture';
import { startFakeLlm, type FakeLlmServer, type FakeTurn } from '../harness/fake-llm';
import { waitFor } from '../harness/sessions-factories';

/**
 * Parallel runs on the platform model and one organization's credit: every model call holds
 * credit before it is made, so runs in flight together never spend more than the balance, and
 * the ledger records exactly what they spent. The fake provider answers with the token counts a
 * provider would (its estimate of the prompt), and the platform markup makes each call cost
 * about seven cents: one run alone would spend about $0.54, the three together $1.63.
 */
const PLATFORM_MODEL = 'vision-1';
/** Steps the interpreter cannot settle: each is one model call that answers step_done. */
const STEPS = Array.from({ length: 8 }, (_, i) => `Admire the screen for the ${i + 1}th time`);

describe('parallel platform runs share one balance', () => {
  let f: EngineFixture;
  let fake: FakeLlmServer;
  let sessions: string[];
  let caseId: string;

  beforeAll(async () => {
    fake = await startFakeLlm();
    f = await createEngineFixture({
      devices: androidPhones(3),
      app: {
        env: {
          ...fake.env(),
          PLATFORM_AI_MODEL: PLATFORM_MODEL,
          PLATFORM_AI_API_KEY: 'platform-operator-key',
          PLATFORM_AI_MARKUP: '20',
          // A short reply cap keeps each call's hold near what it costs, so three runs start together.
          AI_MAX_OUTPUT_TOKENS: '64',
        },
      },
    });
    // $1.00 left: this month's allowance, nothing prepaid.
    await setPlan(f.t, f.org.orgId, 'enterprise', 1);
    sessions = [];
    for (let i = 0; i < 3; i++) sessions.push(await activeSession(f));
    const suiteId = await createSuite(f);
    caseId = await createCase(f, suiteId, { mode: 'ai', steps: STEPS });
  }, 120_000);
  afterAll(async () => {
    await f?.close();
    await fake?.close();
  });

  it('three runs started at once spend at most the $1.00 left between them, and the ledger records what they spent', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const done: FakeTurn = { tool: 'step_done', input: { reasoning: 'admired' } };
    // The first call of each run waits until every run is in flight (or one could not start a call).
    fake.script((_call, n) => (n < sessions.length ? { held, then: done } : done));
    const runIds = await Promise.all(
      sessions.map((session) => startRun(f, caseId, session, { mode: 'ai', model: PLATFORM_MODEL })),
    );
    const rows = () => f.t.container.db.select().from(testRuns).where(inArray(testRuns.publicId, runIds));
    await waitFor(
      async () => fake.calls.length >= sessions.length || (await rows()).some((r) => r.status !== 'running'),
      'every run to be in its first model call',
      30_000,
    );
    release();
    const ended = await Promise.all(runIds.map((id) => waitForRun(f, id, 60_000)));

    const spent = ended.map((r) => r.cost_micro ?? 0);
    const total = spent.reduce((a, b) => a + b, 0);
    // Each call costs about $0.07: without holds, these runs would have spent about $1.63.
    expect(Math.min(...spent.filter((s) => s > 0))).toBeGreaterThan(usd(0.05));
    // Holds bound every call before it is made: the runs in flight never spend more than the balance.
    expect(total, JSON.stringify(ended.map((r) => [r.status, r.cost_micro, r.error_message]))).toBeLessThanOrEqual(
      usd(1),
    );
    // The balance ran out: some run stopped for want of credit, with the reason.
    expect(ended.map((r) => r.error_message)).toContainEqual(expect.stringMatching(/ran out of usage credit/));
    // The ledger records exactly what was spent, run by run, and nothing more.
    const ids = (await rows()).map((r) => r.id);
    const deductions = (await ledgerOf(f.t, f.org.orgId)).filter(
      (e) => e.entryType === 'usage_deduction' && ids.includes(e.testRunId ?? -1),
    );
    expect(-deductions.reduce((sum, e) => sum + e.amountMicro, 0)).toBe(total);
    for (const run of await rows())
      expect(-deductions.filter((e) => e.testRunId === run.id).reduce((s, e) => s + e.amountMicro, 0)).toBe(
        run.costMicro ?? 0,
      );
    expect((await accountOf(f.t, f.org.orgId))!.allowanceMicro).toBe(usd(1) - total);
    await expectLedgerBalanced(f.t);
    // Every hold ended with its call or its run.
    expect(
      await f.t.container.db.select().from(creditHolds).where(eq(creditHolds.organizationId, f.org.orgId)),
    ).toEqual([]);
  });
});
