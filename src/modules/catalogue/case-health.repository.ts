import { and, desc, eq, isNull, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { testCases, testRuns } from '../../db/schema';
import type { CaseRow } from './cases.repository';

/** A case's finished runs, newest first: each run's last attempt only (retried attempts are not outcomes). */
export async function recentCaseOutcomes(
  db: DbOrTx,
  caseId: number,
  limit: number,
): Promise<Array<{ status: string; flaky: boolean }>> {
  return db
    .select({ status: testRuns.status, flaky: testRuns.flaky })
    .from(testRuns)
    .where(
      and(
        eq(testRuns.testCaseId, caseId),
        isNull(testRuns.retriedByRunId),
        inArray(testRuns.status, ['passed', 'failed', 'error']),
      ),
    )
    .orderBy(desc(testRuns.id))
    .limit(limit);
}

export async function setCaseQuarantine(
  db: DbOrTx,
  caseId: number,
  values: { quarantinedAt: Date | null; quarantineReason: string | null; quarantinedByUserId: number | null },
): Promise<CaseRow> {
  const [row] = await db.update(testCases).set(values).where(eq(testCases.id, caseId)).returning();
  return row!;
}

export async function lockCase(db: DbOrTx, orgId: number, publicId: string): Promise<CaseRow | undefined> {
  const [row] = await db
    .select()
    .from(testCases)
    .where(and(eq(testCases.organizationId, orgId), eq(testCases.publicId, publicId)))
    .for('update');
  return row;
}
