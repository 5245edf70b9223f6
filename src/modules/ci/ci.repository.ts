import { and, asc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ciRuns, multiSuiteRuns, suiteRuns, testCases, testRuns, type CiProgressEntry } from '../../db/schema';

export type CiRunRow = typeof ciRuns.$inferSelect;
export type MultiSuiteRunRow = typeof multiSuiteRuns.$inferSelect;
export type EngineSuiteRunRow = typeof suiteRuns.$inferSelect;
export type EngineTestRunRow = typeof testRuns.$inferSelect;
export interface EngineCaseRun {
  run: EngineTestRunRow;
  casePublicId: string;
  caseName: string;
}

const UNFINISHED = ['pending', 'running'] as const;

export async function insertCiRuns(db: DbOrTx, values: Array<typeof ciRuns.$inferInsert>): Promise<CiRunRow[]> {
  return db.insert(ciRuns).values(values).returning();
}

export async function findCiRun(
  db: DbOrTx,
  orgId: number,
  publicId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<CiRunRow | undefined> {
  const q = db
    .select()
    .from(ciRuns)
    .where(and(eq(ciRuns.organizationId, orgId), eq(ciRuns.publicId, publicId)));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

/** By internal id, for the orchestration (jobs carry only the id). */
export async function findCiRunById(
  db: DbOrTx,
  id: number,
  opts: { forUpdate?: boolean } = {},
): Promise<CiRunRow | undefined> {
  const q = db.select().from(ciRuns).where(eq(ciRuns.id, id));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

export async function updateCiRun(
  db: DbOrTx,
  id: number,
  values: Partial<typeof ciRuns.$inferInsert>,
  progress: CiProgressEntry[] = [],
): Promise<CiRunRow> {
  const [row] = await db
    .update(ciRuns)
    .set({
      ...values,
      ...(progress.length ? { progress: sql`${ciRuns.progress} || ${JSON.stringify(progress)}::jsonb` } : {}),
    })
    .where(eq(ciRuns.id, id))
    .returning();
  return row!;
}

/**
 * Makes `token` the executor of an unfinished CI run whose turn has come, unless another
 * executor has said it holds it since `staleBefore`.
 */
export async function claimCiRun(
  db: DbOrTx,
  id: number,
  token: string,
  now: Date,
  staleBefore: Date,
): Promise<CiRunRow | undefined> {
  const [row] = await db
    .update(ciRuns)
    .set({ executorToken: token, heartbeatAt: now })
    .where(
      and(
        eq(ciRuns.id, id),
        inArray(ciRuns.status, [...UNFINISHED]),
        ne(ciRuns.phase, 'waiting_turn'),
        or(isNull(ciRuns.executorToken), isNull(ciRuns.heartbeatAt), lt(ciRuns.heartbeatAt, staleBefore)),
      ),
    )
    .returning();
  return row;
}

/** The executor's heartbeat; false when another executor has taken the run (or it ended). */
export async function touchCiRun(db: DbOrTx, id: number, token: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(ciRuns)
    .set({ heartbeatAt: now })
    .where(and(eq(ciRuns.id, id), eq(ciRuns.executorToken, token)))
    .returning({ id: ciRuns.id });
  return rows.length > 0;
}

/** An executor that stops (shutdown) lets the run go, so that the next sweep hands it on at once. */
export async function releaseCiRun(db: DbOrTx, id: number, token: string): Promise<void> {
  await db
    .update(ciRuns)
    .set({ executorToken: null, heartbeatAt: null })
    .where(and(eq(ciRuns.id, id), eq(ciRuns.executorToken, token)));
}

/**
 * Unfinished runs whose turn has come and that no executor holds: released by a replica that
 * stopped, or silent since `staleBefore` (a replica that died, or a start job that was lost).
 */
export async function listOrphanedCiRuns(db: DbOrTx, staleBefore: Date): Promise<number[]> {
  const rows = await db
    .select({ id: ciRuns.id })
    .from(ciRuns)
    .where(
      and(
        inArray(ciRuns.status, [...UNFINISHED]),
        ne(ciRuns.phase, 'waiting_turn'),
        or(
          and(isNull(ciRuns.executorToken), sql`${ciRuns.startedAt} IS NOT NULL`),
          sql`coalesce(${ciRuns.heartbeatAt}, ${ciRuns.createdAt}) < ${staleBefore}`,
        ),
      ),
    )
    .orderBy(asc(ciRuns.id))
    .limit(500);
  return rows.map((r) => r.id);
}

export async function insertMultiSuiteRun(
  db: DbOrTx,
  values: typeof multiSuiteRuns.$inferInsert,
): Promise<MultiSuiteRunRow> {
  const [row] = await db.insert(multiSuiteRuns).values(values).returning();
  return row!;
}

export async function findMultiSuiteRun(
  db: DbOrTx,
  orgId: number,
  publicId: string,
): Promise<MultiSuiteRunRow | undefined> {
  const [row] = await db
    .select()
    .from(multiSuiteRuns)
    .where(and(eq(multiSuiteRuns.organizationId, orgId), eq(multiSuiteRuns.publicId, publicId)));
  return row;
}

export async function findMultiSuiteRunById(db: DbOrTx, id: number): Promise<MultiSuiteRunRow | undefined> {
  const [row] = await db.select().from(multiSuiteRuns).where(eq(multiSuiteRuns.id, id));
  return row;
}

export async function listMultiSuiteChildren(db: DbOrTx, multiSuiteRunId: number): Promise<CiRunRow[]> {
  return db.select().from(ciRuns).where(eq(ciRuns.multiSuiteRunId, multiSuiteRunId)).orderBy(asc(ciRuns.position));
}

/** The CI runs of a device matrix, one per target, in the targets' order. */
export async function listMatrixChildren(db: DbOrTx, parentIds: number[]): Promise<CiRunRow[]> {
  if (parentIds.length === 0) return [];
  return db
    .select()
    .from(ciRuns)
    .where(inArray(ciRuns.matrixParentId, parentIds))
    .orderBy(asc(ciRuns.matrixParentId), asc(ciRuns.matrixIndex));
}

/** The next child of a multi-suite run waiting for its turn, locked. */
export async function lockNextWaitingChild(db: DbOrTx, multiSuiteRunId: number): Promise<CiRunRow | undefined> {
  const [row] = await db
    .select()
    .from(ciRuns)
    .where(and(eq(ciRuns.multiSuiteRunId, multiSuiteRunId), eq(ciRuns.phase, 'waiting_turn')))
    .orderBy(asc(ciRuns.position))
    .limit(1)
    .for('update');
  return row;
}

export async function findEngineSuiteRuns(db: DbOrTx, ids: number[]): Promise<EngineSuiteRunRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(suiteRuns).where(inArray(suiteRuns.id, ids));
}

export async function findEngineTestRun(db: DbOrTx, id: number): Promise<EngineTestRunRow | undefined> {
  const [row] = await db.select().from(testRuns).where(eq(testRuns.id, id));
  return row;
}

/** The case results of suite runs (each case's last attempt so far), in the order they ran. */
export async function listEngineCaseRuns(db: DbOrTx, suiteRunIds: number[]): Promise<EngineCaseRun[]> {
  if (suiteRunIds.length === 0) return [];
  return db
    .select({ run: testRuns, casePublicId: testCases.publicId, caseName: testCases.name })
    .from(testRuns)
    .innerJoin(testCases, eq(testCases.id, testRuns.testCaseId))
    .where(and(inArray(testRuns.suiteRunId, suiteRunIds), isNull(testRuns.retriedByRunId)))
    .orderBy(asc(testRuns.id));
}

/** Every attempt of the suite runs' cases, retried ones included, in the order they ran. */
export async function listEngineAttempts(db: DbOrTx, suiteRunIds: number[]): Promise<EngineCaseRun[]> {
  if (suiteRunIds.length === 0) return [];
  return db
    .select({ run: testRuns, casePublicId: testCases.publicId, caseName: testCases.name })
    .from(testRuns)
    .innerJoin(testCases, eq(testCases.id, testRuns.testCaseId))
    .where(inArray(testRuns.suiteRunId, suiteRunIds))
    .orderBy(asc(testRuns.id));
}
