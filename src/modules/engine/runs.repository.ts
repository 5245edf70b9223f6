import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { suiteRuns, testCases, testRuns, testSuites } from '../../db/schema';

export type RunRow = typeof testRuns.$inferSelect;
export type SuiteRunRow = typeof suiteRuns.$inferSelect;

export async function insertRun(db: DbOrTx, values: typeof testRuns.$inferInsert): Promise<RunRow> {
  const [row] = await db.insert(testRuns).values(values).returning();
  return row!;
}

export interface RunWithCase {
  run: RunRow;
  casePublicId: string;
}

export async function findRunByPublicId(db: DbOrTx, orgId: number, publicId: string, opts: { forUpdate?: boolean } = {}): Promise<RunWithCase | undefined> {
  const q = db
    .select({ run: testRuns, casePublicId: testCases.publicId })
    .from(testRuns)
    .innerJoin(testCases, eq(testCases.id, testRuns.testCaseId))
    .where(and(eq(testRuns.organizationId, orgId), eq(testRuns.publicId, publicId)));
  const [row] = opts.forUpdate ? await q.for('update', { of: testRuns }) : await q;
  return row;
}

export async function listCaseRuns(db: DbOrTx, caseId: number): Promise<RunRow[]> {
  return db.select().from(testRuns).where(eq(testRuns.testCaseId, caseId)).orderBy(desc(testRuns.id));
}

export async function updateRun(db: DbOrTx, id: number, values: Partial<typeof testRuns.$inferInsert>): Promise<RunRow> {
  const [row] = await db.update(testRuns).set(values).where(eq(testRuns.id, id)).returning();
  return row!;
}

export async function findSuiteRunByPublicId(db: DbOrTx, orgId: number, publicId: string): Promise<{ sr: SuiteRunRow; suitePublicId: string } | undefined> {
  const [row] = await db
    .select({ sr: suiteRuns, suitePublicId: testSuites.publicId })
    .from(suiteRuns)
    .innerJoin(testSuites, eq(testSuites.id, suiteRuns.suiteId))
    .where(and(eq(suiteRuns.organizationId, orgId), eq(suiteRuns.publicId, publicId)));
  return row;
}

export async function listSuiteRunTestRuns(db: DbOrTx, suiteRunId: number) {
  return db
    .select({ run: testRuns, casePublicId: testCases.publicId })
    .from(testRuns)
    .innerJoin(testCases, eq(testCases.id, testRuns.testCaseId))
    .where(eq(testRuns.suiteRunId, suiteRunId))
    .orderBy(asc(testRuns.id));
}

export async function insertSuiteRun(db: DbOrTx, values: typeof suiteRuns.$inferInsert): Promise<SuiteRunRow> {
  const [row] = await db.insert(suiteRuns).values(values).returning();
  return row!;
}
