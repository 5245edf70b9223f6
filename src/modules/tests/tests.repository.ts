import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apps, suiteRuns, testBaselines, testCases, testRuns, testSuites, testSuiteTags, testTags } from '../../db/schema';

export type SuiteRow = typeof testSuites.$inferSelect;
export type CaseRow = typeof testCases.$inferSelect;
export type RunRow = typeof testRuns.$inferSelect;
export type SuiteRunRow = typeof suiteRuns.$inferSelect;
export type BaselineRow = typeof testBaselines.$inferSelect;
export type AppRow = typeof apps.$inferSelect;

// ---- apps (read-only here; the apps module owns them) ----

export async function findAppByPublicId(db: DbOrTx, orgId: number, publicId: string): Promise<AppRow | undefined> {
  const [row] = await db.select().from(apps).where(and(eq(apps.organizationId, orgId), eq(apps.publicId, publicId)));
  return row;
}

export async function findAppById(db: DbOrTx, orgId: number, id: number): Promise<AppRow | undefined> {
  const [row] = await db.select().from(apps).where(and(eq(apps.organizationId, orgId), eq(apps.id, id)));
  return row;
}

export async function findAppsByPackage(db: DbOrTx, orgId: number, packageName: string): Promise<AppRow[]> {
  return db.select().from(apps).where(and(eq(apps.organizationId, orgId), eq(apps.packageName, packageName))).orderBy(asc(apps.id));
}

// ---- suites ----

export interface SuiteListRow {
  suite: SuiteRow;
  appPublicId: string | null;
  appName: string | null;
  appPackageName: string | null;
  caseCount: number;
  lastRunStatus: string | null;
  lastRunAt: Date | null;
  tags: Array<{ name: string; display_name: string }>;
}

/**
 * The suite list in ONE statement: case counts, the latest suite run and the tags come from
 * correlated subqueries, so the number of queries does not grow with the number of suites.
 */
export async function listSuites(
  db: DbOrTx,
  orgId: number,
  filter: { appId?: number; suiteId?: number; tags?: string[]; match?: 'any' | 'all' } = {},
): Promise<SuiteListRow[]> {
  const conditions = [eq(testSuites.organizationId, orgId)];
  if (filter.appId !== undefined) conditions.push(eq(testSuites.appId, filter.appId));
  if (filter.suiteId !== undefined) conditions.push(eq(testSuites.id, filter.suiteId));
  if (filter.tags && filter.tags.length > 0) {
    const names = sql`ARRAY[${sql.join(
      filter.tags.map((t) => sql`${t}`),
      sql`, `,
    )}]::text[]`;
    if (filter.match === 'all') {
      conditions.push(
        sql`(SELECT count(DISTINCT tt.name) FROM ${testSuiteTags} st JOIN ${testTags} tt ON tt.id = st.tag_id WHERE st.suite_id = ${testSuites.id} AND tt.name = ANY(${names})) = ${new Set(filter.tags).size}`,
      );
    } else {
      conditions.push(sql`EXISTS (SELECT 1 FROM ${testSuiteTags} st JOIN ${testTags} tt ON tt.id = st.tag_id WHERE st.suite_id = ${testSuites.id} AND tt.name = ANY(${names}))`);
    }
  }
  // One grouped pass over the org's cases beats a correlated count per suite (heap visits).
  const caseCounts = db
    .select({ suiteId: sql<number>`${testCases.suiteId}`.as('cc_suite_id'), n: sql<number>`count(*)::int`.as('cc_n') })
    .from(testCases)
    .where(and(eq(testCases.organizationId, orgId), sql`${testCases.suiteId} IS NOT NULL`, filter.suiteId !== undefined ? eq(testCases.suiteId, filter.suiteId) : undefined))
    .groupBy(testCases.suiteId)
    .as('cc');
  // The org's tag links are few (suites × tags), so one grouped pass beats a subquery per suite.
  // The last run stays a per-suite index probe: a pass over all runs would grow with history.
  const suiteTags = db
    .select({
      suiteId: sql<number>`${testSuiteTags.suiteId}`.as('tg_suite_id'),
      tags: sql<Array<{ name: string; display_name: string }>>`json_agg(json_build_object('name', ${testTags.name}, 'display_name', ${testTags.displayName}) ORDER BY ${testTags.name})`.as('tg_tags'),
    })
    .from(testSuiteTags)
    .innerJoin(testTags, eq(testTags.id, testSuiteTags.tagId))
    .where(and(eq(testTags.organizationId, orgId), filter.suiteId !== undefined ? eq(testSuiteTags.suiteId, filter.suiteId) : undefined))
    .groupBy(testSuiteTags.suiteId)
    .as('tg');
  const rows = await db
    .select({
      suite: testSuites,
      appPublicId: apps.publicId,
      appName: apps.name,
      appPackageName: apps.packageName,
      caseCount: sql<number>`coalesce(${caseCounts.n}, 0)`,
      lastRun: sql<{ status: string; started_at: string } | null>`(SELECT json_build_object('status', r.status, 'started_at', r.started_at) FROM ${suiteRuns} r WHERE r.suite_id = ${testSuites.id} ORDER BY r.id DESC LIMIT 1)`,
      tags: sql<Array<{ name: string; display_name: string }>>`coalesce(${suiteTags.tags}, '[]'::json)`,
    })
    .from(testSuites)
    .leftJoin(apps, eq(apps.id, testSuites.appId))
    .leftJoin(caseCounts, eq(caseCounts.suiteId, testSuites.id))
    .leftJoin(suiteTags, eq(suiteTags.suiteId, testSuites.id))
    .where(and(...conditions))
    .orderBy(desc(testSuites.createdAt), desc(testSuites.id));
  return rows.map((r) => ({
    suite: r.suite,
    appPublicId: r.appPublicId,
    appName: r.appName,
    appPackageName: r.appPackageName,
    caseCount: r.caseCount,
    lastRunStatus: r.lastRun?.status ?? null,
    lastRunAt: r.lastRun ? new Date(r.lastRun.started_at) : null,
    tags: r.tags,
  }));
}

export async function findSuiteByPublicId(db: DbOrTx, orgId: number, publicId: string, opts: { forUpdate?: boolean } = {}): Promise<SuiteRow | undefined> {
  const q = db.select().from(testSuites).where(and(eq(testSuites.organizationId, orgId), eq(testSuites.publicId, publicId)));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

export async function insertSuite(db: DbOrTx, values: typeof testSuites.$inferInsert): Promise<SuiteRow> {
  const [row] = await db.insert(testSuites).values(values).returning();
  return row!;
}

export async function updateSuite(db: DbOrTx, id: number, values: Partial<typeof testSuites.$inferInsert>): Promise<void> {
  await db.update(testSuites).set(values).where(eq(testSuites.id, id));
}

export async function deleteSuite(db: DbOrTx, id: number): Promise<void> {
  await db.delete(testSuites).where(eq(testSuites.id, id));
}

// ---- tags ----

/**
 * Finds or creates each tag (case-insensitive key; the first-seen casing stays the display name)
 * and makes them the suite's whole tag set.
 */
export async function replaceSuiteTags(db: DbOrTx, orgId: number, suiteId: number, tags: Array<{ name: string; displayName: string }>, now: Date): Promise<string[]> {
  await db.delete(testSuiteTags).where(eq(testSuiteTags.suiteId, suiteId));
  if (tags.length === 0) return [];
  const created = await db
    .insert(testTags)
    .values(tags.map((t) => ({ organizationId: orgId, name: t.name, displayName: t.displayName, createdAt: now })))
    .onConflictDoNothing({ target: [testTags.organizationId, testTags.name] })
    .returning({ name: testTags.name });
  const rows = await db
    .select({ id: testTags.id })
    .from(testTags)
    .where(and(eq(testTags.organizationId, orgId), inArray(testTags.name, tags.map((t) => t.name))));
  await db.insert(testSuiteTags).values(rows.map((r) => ({ suiteId, tagId: r.id })));
  return created.map((c) => c.name);
}

export async function listTags(db: DbOrTx, orgId: number): Promise<Array<{ name: string; display_name: string; suite_count: number }>> {
  return db
    .select({
      name: testTags.name,
      display_name: testTags.displayName,
      suite_count: sql<number>`count(${testSuiteTags.suiteId})::int`,
    })
    .from(testTags)
    .leftJoin(testSuiteTags, eq(testSuiteTags.tagId, testTags.id))
    .where(eq(testTags.organizationId, orgId))
    .groupBy(testTags.id)
    .orderBy(sql`count(${testSuiteTags.suiteId}) DESC`, asc(testTags.name));
}

// ---- cases ----

export interface CaseListRow {
  c: CaseRow;
  suitePublicId: string | null;
  effectiveAppId: number | null;
  appPublicId: string | null;
  recentRunStatuses?: string[];
}

function caseSelect(db: DbOrTx, withRecentRuns: boolean) {
  return db
    .select({
      c: testCases,
      suitePublicId: testSuites.publicId,
      effectiveAppId: apps.id,
      appPublicId: apps.publicId,
      ...(withRecentRuns
        ? {
            recentRunStatuses: sql<string[]>`coalesce((SELECT array_agg(r.status ORDER BY r.id DESC) FROM (SELECT id, status FROM ${testRuns} tr WHERE tr.test_case_id = ${testCases.id} ORDER BY tr.id DESC LIMIT 10) r), ARRAY[]::text[])`,
          }
        : {}),
    })
    .from(testCases)
    .leftJoin(testSuites, eq(testSuites.id, testCases.suiteId))
    .leftJoin(apps, eq(apps.id, sql`coalesce(${testCases.appId}, ${testSuites.appId})`));
}

export async function findCaseByPublicId(db: DbOrTx, orgId: number, publicId: string): Promise<CaseListRow | undefined> {
  const [row] = await caseSelect(db, false).where(and(eq(testCases.organizationId, orgId), eq(testCases.publicId, publicId)));
  return row;
}

export async function lockCase(db: DbOrTx, id: number): Promise<CaseRow | undefined> {
  const [row] = await db.select().from(testCases).where(eq(testCases.id, id)).for('update');
  return row;
}

export async function listSuiteCases(db: DbOrTx, suiteId: number): Promise<CaseListRow[]> {
  return caseSelect(db, false).where(eq(testCases.suiteId, suiteId)).orderBy(asc(testCases.id));
}

export async function listStandaloneCases(db: DbOrTx, orgId: number, reusable: boolean | undefined): Promise<CaseListRow[]> {
  const conditions = [eq(testCases.organizationId, orgId), isNull(testCases.suiteId)];
  if (reusable !== undefined) conditions.push(eq(testCases.isReusable, reusable));
  return caseSelect(db, true)
    .where(and(...conditions))
    .orderBy(desc(testCases.updatedAt), desc(testCases.id));
}

export async function findStandaloneCaseByName(db: DbOrTx, orgId: number, appId: number, name: string): Promise<CaseRow | undefined> {
  const [row] = await db
    .select()
    .from(testCases)
    .where(and(eq(testCases.organizationId, orgId), eq(testCases.appId, appId), eq(testCases.name, name), isNull(testCases.suiteId)))
    .for('update');
  return row;
}

export async function insertCase(db: DbOrTx, values: typeof testCases.$inferInsert): Promise<CaseRow> {
  const [row] = await db.insert(testCases).values(values).returning();
  return row!;
}

export async function insertCases(db: DbOrTx, values: Array<typeof testCases.$inferInsert>): Promise<void> {
  if (values.length > 0) await db.insert(testCases).values(values);
}

export async function updateCase(db: DbOrTx, id: number, values: Partial<typeof testCases.$inferInsert>): Promise<void> {
  await db.update(testCases).set(values).where(eq(testCases.id, id));
}

export async function deleteCase(db: DbOrTx, id: number): Promise<void> {
  await db.delete(testCases).where(eq(testCases.id, id));
}

/** Drops a deleted case from every sub-flow list that named it. */
export async function removeFromSubFlows(db: DbOrTx, orgId: number, caseIds: number[]): Promise<void> {
  if (caseIds.length === 0) return;
  const ids = sql`ARRAY[${sql.join(
    caseIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  await db.execute(sql`
    UPDATE ${testCases} SET sub_flow_ids = coalesce((SELECT jsonb_agg(e ORDER BY ord) FROM jsonb_array_elements(sub_flow_ids) WITH ORDINALITY AS x(e, ord) WHERE NOT ((e #>> '{}')::int = ANY(${ids}))), '[]'::jsonb)
    WHERE organization_id = ${orgId} AND EXISTS (SELECT 1 FROM jsonb_array_elements(sub_flow_ids) e WHERE (e #>> '{}')::int = ANY(${ids}))`);
}

export async function findCasesByPublicIds(db: DbOrTx, orgId: number, publicIds: string[]): Promise<Array<CaseRow & { effectiveAppId: number | null }>> {
  if (publicIds.length === 0) return [];
  const rows = await db
    .select({ c: testCases, effectiveAppId: sql<number | null>`coalesce(${testCases.appId}, ${testSuites.appId})` })
    .from(testCases)
    .leftJoin(testSuites, eq(testSuites.id, testCases.suiteId))
    .where(and(eq(testCases.organizationId, orgId), inArray(testCases.publicId, publicIds)));
  return rows.map((r) => ({ ...r.c, effectiveAppId: r.effectiveAppId }));
}

/** id → public id for the sub-flow lists of the cases being rendered. */
export async function publicIdsOf(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: testCases.id, publicId: testCases.publicId }).from(testCases).where(inArray(testCases.id, ids));
  return new Map(rows.map((r) => [r.id, r.publicId]));
}

/** The sub-flow graph of the organization's cases that have sub-flows or are reusable. */
export async function subFlowGraph(db: DbOrTx, orgId: number): Promise<Map<number, number[]>> {
  const rows = await db
    .select({ id: testCases.id, subFlowIds: testCases.subFlowIds })
    .from(testCases)
    .where(and(eq(testCases.organizationId, orgId), sql`jsonb_array_length(${testCases.subFlowIds}) > 0`));
  return new Map(rows.map((r) => [r.id, r.subFlowIds]));
}

export async function casesUsingAsSubFlow(db: DbOrTx, orgId: number, caseId: number): Promise<string[]> {
  const rows = await db
    .select({ publicId: testCases.publicId })
    .from(testCases)
    .where(and(eq(testCases.organizationId, orgId), sql`${testCases.subFlowIds} @> ${JSON.stringify([caseId])}::jsonb`));
  return rows.map((r) => r.publicId);
}

export async function casePublicIdsOfSuite(db: DbOrTx, suiteId: number): Promise<Array<{ id: number; publicId: string }>> {
  return db.select({ id: testCases.id, publicId: testCases.publicId }).from(testCases).where(eq(testCases.suiteId, suiteId));
}

// ---- runs ----

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

// ---- baselines ----

export async function listBaselines(db: DbOrTx, caseId: number) {
  return db
    .select({ b: testBaselines, sourceRunPublicId: testRuns.publicId })
    .from(testBaselines)
    .leftJoin(testRuns, eq(testRuns.id, testBaselines.sourceRunId))
    .where(eq(testBaselines.testCaseId, caseId))
    .orderBy(asc(testBaselines.stepIndex));
}

export async function findBaseline(db: DbOrTx, caseId: number, stepIndex: number): Promise<BaselineRow | undefined> {
  const [row] = await db.select().from(testBaselines).where(and(eq(testBaselines.testCaseId, caseId), eq(testBaselines.stepIndex, stepIndex)));
  return row;
}

export async function upsertBaselineRow(db: DbOrTx, values: typeof testBaselines.$inferInsert): Promise<BaselineRow> {
  const [row] = await db
    .insert(testBaselines)
    .values(values)
    .onConflictDoUpdate({
      target: [testBaselines.testCaseId, testBaselines.stepIndex],
      set: { width: values.width, height: values.height, deviceName: values.deviceName, sourceRunId: values.sourceRunId, storageKey: values.storageKey, updatedAt: values.updatedAt },
    })
    .returning();
  return row!;
}
