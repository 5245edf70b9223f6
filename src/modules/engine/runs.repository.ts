import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
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

export async function findRunByPublicId(
  db: DbOrTx,
  orgId: number,
  publicId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<RunWithCase | undefined> {
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

export async function updateRun(
  db: DbOrTx,
  id: number,
  values: Partial<typeof testRuns.$inferInsert>,
): Promise<RunRow> {
  const [row] = await db.update(testRuns).set(values).where(eq(testRuns.id, id)).returning();
  return row!;
}

/** A running run's progress; false when the run is no longer running (ended elsewhere: a sweep, a cancel). */
export async function recordRunProgress(
  db: DbOrTx,
  id: number,
  values: Pick<typeof testRuns.$inferInsert, 'result' | 'reasoningLog' | 'heartbeatAt'>,
): Promise<boolean> {
  const rows = await db
    .update(testRuns)
    .set(values)
    .where(and(eq(testRuns.id, id), eq(testRuns.status, 'running')))
    .returning({ id: testRuns.id });
  return rows.length > 0;
}

export async function findSuiteRunByPublicId(
  db: DbOrTx,
  orgId: number,
  publicId: string,
): Promise<{ sr: SuiteRunRow; suitePublicId: string } | undefined> {
  const [row] = await db
    .select({ sr: suiteRuns, suitePublicId: testSuites.publicId })
    .from(suiteRuns)
    .innerJoin(testSuites, eq(testSuites.id, suiteRuns.suiteId))
    .where(and(eq(suiteRuns.organizationId, orgId), eq(suiteRuns.publicId, publicId)));
  return row;
}

/** The suite run's case results: each case's last attempt (earlier attempts were retried). */
export async function listSuiteRunTestRuns(db: DbOrTx, suiteRunId: number) {
  return db
    .select({ run: testRuns, casePublicId: testCases.publicId })
    .from(testRuns)
    .innerJoin(testCases, eq(testCases.id, testRuns.testCaseId))
    .where(and(eq(testRuns.suiteRunId, suiteRunId), isNull(testRuns.retriedByRunId)))
    .orderBy(asc(testRuns.id));
}

/** Every attempt of the suite run's cases, retried ones included, in the order they ran. */
export async function listSuiteRunAttempts(db: DbOrTx, suiteRunIds: number[]): Promise<RunRow[]> {
  if (suiteRunIds.length === 0) return [];
  return db.select().from(testRuns).where(inArray(testRuns.suiteRunId, suiteRunIds)).orderBy(asc(testRuns.id));
}

export async function insertSuiteRun(db: DbOrTx, values: typeof suiteRuns.$inferInsert): Promise<SuiteRunRow> {
  const [row] = await db.insert(suiteRuns).values(values).returning();
  return row!;
}

export async function lockSuiteRun(db: DbOrTx, orgId: number, id: number): Promise<SuiteRunRow | undefined> {
  const [row] = await db
    .select()
    .from(suiteRuns)
    .where(and(eq(suiteRuns.organizationId, orgId), eq(suiteRuns.id, id)))
    .for('update');
  return row;
}

export async function updateSuiteRun(
  db: DbOrTx,
  id: number,
  values: Partial<typeof suiteRuns.$inferInsert>,
): Promise<SuiteRunRow> {
  const [row] = await db.update(suiteRuns).set(values).where(eq(suiteRuns.id, id)).returning();
  return row!;
}

/** A run by internal id, locked, for the executor (any organization: jobs carry only the id). */
export async function lockRunById(db: DbOrTx, id: number): Promise<RunRow | undefined> {
  const [row] = await db.select().from(testRuns).where(eq(testRuns.id, id)).for('update');
  return row;
}

export async function lockSuiteRunById(db: DbOrTx, id: number): Promise<SuiteRunRow | undefined> {
  const [row] = await db.select().from(suiteRuns).where(eq(suiteRuns.id, id)).for('update');
  return row;
}

export async function findRunById(db: DbOrTx, id: number): Promise<RunRow | undefined> {
  const [row] = await db.select().from(testRuns).where(eq(testRuns.id, id));
  return row;
}

export async function touchRunHeartbeat(
  db: DbOrTx,
  which: { runId: number } | { suiteRunId: number },
  now: Date,
): Promise<{ cancelRequested: boolean }> {
  if ('runId' in which) {
    const [row] = await db
      .update(testRuns)
      .set({ heartbeatAt: now })
      .where(eq(testRuns.id, which.runId))
      .returning({ cancel: testRuns.cancelRequestedAt });
    return { cancelRequested: !!row?.cancel };
  }
  const [row] = await db
    .update(suiteRuns)
    .set({ heartbeatAt: now })
    .where(eq(suiteRuns.id, which.suiteRunId))
    .returning({ cancel: suiteRuns.cancelRequestedAt });
  return { cancelRequested: !!row?.cancel };
}

/** Running runs and suite runs whose executor has been silent since `before`. */
export async function listStaleExecutions(
  db: DbOrTx,
  before: Date,
): Promise<{ runs: RunRow[]; suiteRuns: SuiteRunRow[] }> {
  const stale = (
    hb: typeof testRuns.heartbeatAt | typeof suiteRuns.heartbeatAt,
    started: typeof testRuns.startedAt | typeof suiteRuns.startedAt,
  ) => sql`coalesce(${hb}, ${started}) < ${before}`;
  const runs = await db
    .select()
    .from(testRuns)
    .where(
      and(eq(testRuns.status, 'running'), isNull(testRuns.suiteRunId), stale(testRuns.heartbeatAt, testRuns.startedAt)),
    );
  const suites = await db
    .select()
    .from(suiteRuns)
    .where(and(eq(suiteRuns.status, 'running'), stale(suiteRuns.heartbeatAt, suiteRuns.startedAt)));
  return { runs, suiteRuns: suites };
}

/** Runs and suite runs the engine was asked to execute (mode set) that are still pending since before `before`. */
export async function listPendingExecutions(
  db: DbOrTx,
  before: Date,
): Promise<{ runs: RunRow[]; suiteRuns: SuiteRunRow[] }> {
  const runs = await db
    .select()
    .from(testRuns)
    .where(
      and(
        eq(testRuns.status, 'pending'),
        isNull(testRuns.suiteRunId),
        sql`${testRuns.mode} IS NOT NULL`,
        lt(testRuns.createdAt, before),
      ),
    );
  const suites = await db
    .select()
    .from(suiteRuns)
    .where(and(eq(suiteRuns.status, 'pending'), sql`${suiteRuns.mode} IS NOT NULL`, lt(suiteRuns.createdAt, before)));
  return { runs, suiteRuns: suites };
}

export async function listRunningRunsOfSuiteRun(db: DbOrTx, suiteRunId: number): Promise<RunRow[]> {
  return db
    .select()
    .from(testRuns)
    .where(and(eq(testRuns.suiteRunId, suiteRunId), eq(testRuns.status, 'running')));
}

/** Public ids of every executed run of an organization (screenshots live under `runs/<public id>/`). */
export async function runPublicIdsOfOrg(db: DbOrTx, orgId: number): Promise<string[]> {
  return (
    await db
      .select({ id: testRuns.publicId })
      .from(testRuns)
      .where(and(eq(testRuns.organizationId, orgId), sql`${testRuns.mode} IS NOT NULL`))
  ).map((r) => r.id);
}

/** Adds a model call's tokens and billed cost to the run's totals (0 + nothing starts them). */
export async function addRunUsage(db: DbOrTx, id: number, add: { tokens: number; costMicro: number }): Promise<void> {
  await db
    .update(testRuns)
    .set({
      tokensUsed: sql`coalesce(${testRuns.tokensUsed}, 0) + ${add.tokens}`,
      costMicro: sql`coalesce(${testRuns.costMicro}, 0) + ${add.costMicro}`,
    })
    .where(eq(testRuns.id, id));
}

/** The case's executed runs that ended passed or failed before `beforeRunId`, newest first. */
export async function recentOutcomesOfCase(
  db: DbOrTx,
  caseId: number,
  beforeRunId: number,
  limit: number,
): Promise<Array<Pick<RunRow, 'status' | 'durationMs'>>> {
  return db
    .select({ status: testRuns.status, durationMs: testRuns.durationMs })
    .from(testRuns)
    .where(
      and(
        eq(testRuns.testCaseId, caseId),
        lt(testRuns.id, beforeRunId),
        sql`${testRuns.mode} IS NOT NULL`,
        inArray(testRuns.status, ['passed', 'failed']),
      ),
    )
    .orderBy(desc(testRuns.id))
    .limit(limit);
}

/** Attempts grouped by `suiteRunId:testCaseId`, as the payloads list them. */
export function attemptsByCase(rows: RunRow[]): Map<
  string,
  Array<{
    attempt: number;
    run_id: string;
    status: RunRow['status'];
    duration_ms: number | null;
    error_message: string | null;
  }>
> {
  const out = new Map<
    string,
    Array<{
      attempt: number;
      run_id: string;
      status: RunRow['status'];
      duration_ms: number | null;
      error_message: string | null;
    }>
  >();
  for (const r of rows) {
    const key = `${r.suiteRunId}:${r.testCaseId}`;
    const list = out.get(key) ?? [];
    list.push({
      attempt: r.attempt,
      run_id: r.publicId,
      status: r.status,
      duration_ms: r.durationMs,
      error_message: r.errorMessage,
    });
    out.set(key, list);
  }
  return out;
}

/** The mean duration of each case's last five finished runs (cases without one are absent). */
export async function recentCaseDurations(db: DbOrTx, caseIds: number[]): Promise<Map<number, number>> {
  if (caseIds.length === 0) return new Map();
  const rows = await db.execute<{ test_case_id: number; ms: string }>(sql`
    SELECT test_case_id, avg(duration_ms) AS ms FROM (
      SELECT test_case_id, duration_ms, row_number() OVER (PARTITION BY test_case_id ORDER BY id DESC) AS n
      FROM ${testRuns}
      WHERE test_case_id IN (${sql.join(
        caseIds.map((id) => sql`${id}`),
        sql`, `,
      )}) AND duration_ms IS NOT NULL AND status IN ('passed', 'failed')
    ) r WHERE n <= 5 GROUP BY test_case_id`);
  return new Map(rows.rows.map((r) => [Number(r.test_case_id), Number(r.ms)]));
}

/** The names of test cases by id (a report names every case, retried attempts included). */
export async function caseNamesById(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: testCases.id, name: testCases.name })
    .from(testCases)
    .where(inArray(testCases.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** An organization's suite runs by internal id. */
export async function findOrgSuiteRuns(db: DbOrTx, orgId: number, ids: number[]): Promise<SuiteRunRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(suiteRuns)
    .where(and(eq(suiteRuns.organizationId, orgId), inArray(suiteRuns.id, ids)));
}

/** Finished runs whose video or log slice is older than `before` (the artifact retention), at most `max`. */
export async function runsWithArtifactsBefore(
  db: DbOrTx,
  before: Date,
  max: number,
): Promise<Array<{ id: number; publicId: string; videoBytes: number; logBytes: number }>> {
  const rows = await db
    .select({
      id: testRuns.id,
      publicId: testRuns.publicId,
      videoBytes: sql<number>`coalesce((${testRuns.result}->'video'->>'size_bytes')::bigint, 0)`,
      logBytes: sql<number>`coalesce((${testRuns.result}->'logs'->>'size_bytes')::bigint, 0)`,
    })
    .from(testRuns)
    .where(
      and(
        lt(testRuns.finishedAt, before),
        sql`(jsonb_typeof(${testRuns.result}->'video') = 'object' OR jsonb_typeof(${testRuns.result}->'logs') = 'object')`,
      ),
    )
    .limit(max);
  return rows.map((r) => ({ ...r, videoBytes: Number(r.videoBytes), logBytes: Number(r.logBytes) }));
}

/** The run's video and log slice are gone: its result no longer names them, its stored bytes shrink. */
export async function forgetRunArtifacts(db: DbOrTx, id: number, bytes: number): Promise<void> {
  await db
    .update(testRuns)
    .set({
      result: sql`(${testRuns.result} - 'video' - 'logs') || '{"video": null, "logs": null, "artifacts_expired": true}'::jsonb`,
      artifactBytes: sql`greatest(0, ${testRuns.artifactBytes} - ${bytes})`,
    })
    .where(eq(testRuns.id, id));
}
