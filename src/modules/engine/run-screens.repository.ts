import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { testRunScreens, testRuns } from '../../db/schema';
import type { RunScreens } from './steps/recorded-screens';

/** Keeps the screens a finished run read its case's lines on. */
export async function insertRunScreens(
  db: DbOrTx,
  values: { runId: number; organizationId: number; testCaseId: number; screens: RunScreens; sizeBytes: number },
): Promise<void> {
  await db.insert(testRunScreens).values(values).onConflictDoNothing();
}

/** The screens of the organization's case's most recent finished run that kept any, or null. */
export async function latestCaseScreens(db: DbOrTx, orgId: number, caseId: number): Promise<RunScreens | null> {
  const [row] = await db
    .select({ screens: testRunScreens.screens })
    .from(testRunScreens)
    .innerJoin(testRuns, eq(testRuns.id, testRunScreens.runId))
    .where(
      and(
        eq(testRunScreens.organizationId, orgId),
        eq(testRunScreens.testCaseId, caseId),
        eq(testRuns.organizationId, orgId),
        inArray(testRuns.status, ['passed', 'failed']),
      ),
    )
    .orderBy(desc(testRunScreens.runId))
    .limit(1);
  return (row?.screens as RunScreens | undefined) ?? null;
}
