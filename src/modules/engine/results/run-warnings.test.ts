import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../../context';
import { domainEvents, testRuns, type TestRunStatus } from '../../../db/schema';
import { createStandaloneCase, insertTestRun, useCatalogueFixture } from '../../../../test/harness/catalogue-factories';
import { emitRunWarnings } from './run-warnings';

/** The warnings a run's end writes to the outbox, from the case's earlier runs on the database. */
const fx = useCatalogueFixture();

async function history(caseId: number, runs: Array<[TestRunStatus, number]>) {
  const rows = [];
  for (const [status, durationMs] of runs) {
    const row = await insertTestRun(fx.t, fx.a.orgId, caseId, status);
    const [updated] = await fx.t.container.db
      .update(testRuns)
      .set({ mode: 'hybrid', durationMs, metadata: { build: 7 } })
      .where(eq(testRuns.id, row.id))
      .returning();
    rows.push(updated!);
  }
  return rows;
}

async function warningsAfter(caseId: number, casePublicId: string, runs: Array<[TestRunStatus, number]>) {
  const rows = await history(caseId, runs);
  await withTransaction(fx.systemCtx(fx.a.orgId), (tx) => emitRunWarnings(tx, rows.at(-1)!, casePublicId));
  const events = await fx.t.container.db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.organizationId, fx.a.orgId)));
  return events
    .filter((e) => (e.data as { run_id: number }).run_id === rows.at(-1)!.id)
    .map((e) => ({ type: e.type, data: e.data, metadata: e.metadata }));
}

describe('run warnings', () => {
  it('run.warning.flaky when the case keeps switching between passed and failed', async () => {
    const c = await createStandaloneCase(fx.t, fx.a.developer.token, fx.appA.publicId, { name: 'Flaky' });
    const events = await warningsAfter(c.id, c.public_id, [
      ['passed', 1000],
      ['failed', 1000],
      ['passed', 1000],
    ]);
    expect(events).toEqual([
      {
        type: 'run.warning.flaky',
        data: expect.objectContaining({
          test_case_id: c.public_id,
          status: 'passed',
          recent_statuses: ['passed', 'failed', 'passed'],
          flips: 2,
        }),
        metadata: { build: 7 },
      },
    ]);
  });

  it('run.warning.slow when the run took over twice the usual time', async () => {
    const c = await createStandaloneCase(fx.t, fx.a.developer.token, fx.appA.publicId, { name: 'Slow' });
    const events = await warningsAfter(c.id, c.public_id, [
      ['passed', 3000],
      ['passed', 4000],
      ['passed', 3500],
      ['passed', 12_000],
    ]);
    expect(events).toEqual([
      {
        type: 'run.warning.slow',
        data: expect.objectContaining({ duration_ms: 12_000, median_ms: 3500 }),
        metadata: { build: 7 },
      },
    ]);
  });

  it('nothing for a steady case, nor for a run that ended in error', async () => {
    const c = await createStandaloneCase(fx.t, fx.a.developer.token, fx.appA.publicId, { name: 'Steady' });
    expect(
      await warningsAfter(c.id, c.public_id, [
        ['passed', 3000],
        ['passed', 3100],
        ['passed', 2900],
        ['passed', 3000],
      ]),
    ).toEqual([]);
    expect(
      await warningsAfter(c.id, c.public_id, [
        ['failed', 3000],
        ['error', 60_000],
      ]),
    ).toEqual([]);
  });
});
