import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apps, testCases, testRuns, testSuites } from '../../db/schema';

export type CaseRow = typeof testCases.$inferSelect;

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
            recentRunStatuses: sql<
              string[]
            >`coalesce((SELECT array_agg(r.status ORDER BY r.id DESC) FROM (SELECT id, status FROM ${testRuns} tr WHERE tr.test_case_id = ${testCases.id} ORDER BY tr.id DESC LIMIT 10) r), ARRAY[]::text[])`,
          }
        : {}),
    })
    .from(testCases)
    .leftJoin(testSuites, eq(testSuites.id, testCases.suiteId))
    .leftJoin(apps, eq(apps.id, sql`coalesce(${testCases.appId}, ${testSuites.appId})`));
}

export async function findCaseByPublicId(
  db: DbOrTx,
  orgId: number,
  publicId: string,
): Promise<CaseListRow | undefined> {
  const [row] = await caseSelect(db, false).where(
    and(eq(testCases.organizationId, orgId), eq(testCases.publicId, publicId)),
  );
  return row;
}

/** By the internal id, for the legacy numeric `test_case_id` of run requests. */
export async function findCaseById(db: DbOrTx, orgId: number, id: number): Promise<CaseListRow | undefined> {
  const [row] = await caseSelect(db, false).where(and(eq(testCases.organizationId, orgId), eq(testCases.id, id)));
  return row;
}

/** Cases by internal id (sub-flows), in the order asked for; missing ones are left out. */
export async function findCasesByIds(db: DbOrTx, orgId: number, ids: number[]): Promise<CaseRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(testCases)
    .where(and(eq(testCases.organizationId, orgId), inArray(testCases.id, ids)));
  return ids.map((id) => rows.find((r) => r.id === id)).filter((r): r is CaseRow => !!r);
}

/** The reusable cases a run of this app may enter by name: the app's own and those of no app. */
export async function listReusableCasesOfApp(
  db: DbOrTx,
  orgId: number,
  appId: number | null,
  limit: number,
): Promise<CaseRow[]> {
  const ofApp = appId === null ? isNull(testCases.appId) : or(eq(testCases.appId, appId), isNull(testCases.appId));
  return db
    .select()
    .from(testCases)
    .where(and(eq(testCases.organizationId, orgId), eq(testCases.isReusable, true), ofApp))
    .orderBy(asc(testCases.id))
    .limit(limit);
}

export async function lockCase(db: DbOrTx, id: number): Promise<CaseRow | undefined> {
  const [row] = await db.select().from(testCases).where(eq(testCases.id, id)).for('update');
  return row;
}

export async function listSuiteCases(db: DbOrTx, suiteId: number): Promise<CaseListRow[]> {
  return caseSelect(db, false).where(eq(testCases.suiteId, suiteId)).orderBy(asc(testCases.id));
}

export async function listStandaloneCases(
  db: DbOrTx,
  orgId: number,
  reusable: boolean | undefined,
): Promise<CaseListRow[]> {
  const conditions = [eq(testCases.organizationId, orgId), isNull(testCases.suiteId)];
  if (reusable !== undefined) conditions.push(eq(testCases.isReusable, reusable));
  return caseSelect(db, true)
    .where(and(...conditions))
    .orderBy(desc(testCases.updatedAt), desc(testCases.id));
}

export async function findStandaloneCaseByName(
  db: DbOrTx,
  orgId: number,
  appId: number,
  name: string,
): Promise<CaseRow | undefined> {
  const [row] = await db
    .select()
    .from(testCases)
    .where(
      and(
        eq(testCases.organizationId, orgId),
        eq(testCases.appId, appId),
        eq(testCases.name, name),
        isNull(testCases.suiteId),
      ),
    )
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

export async function updateCase(
  db: DbOrTx,
  id: number,
  values: Partial<typeof testCases.$inferInsert>,
): Promise<void> {
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

export async function findCasesByPublicIds(
  db: DbOrTx,
  orgId: number,
  publicIds: string[],
): Promise<Array<CaseRow & { effectiveAppId: number | null }>> {
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
  const rows = await db
    .select({ id: testCases.id, publicId: testCases.publicId })
    .from(testCases)
    .where(inArray(testCases.id, ids));
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
    .where(
      and(eq(testCases.organizationId, orgId), sql`${testCases.subFlowIds} @> ${JSON.stringify([caseId])}::jsonb`),
    );
  return rows.map((r) => r.publicId);
}

export async function casePublicIdsOfSuite(
  db: DbOrTx,
  suiteId: number,
): Promise<Array<{ id: number; publicId: string }>> {
  return db
    .select({ id: testCases.id, publicId: testCases.publicId })
    .from(testCases)
    .where(eq(testCases.suiteId, suiteId));
}

/** Public ids of every case of an organization (baselines live under `baselines/<public id>/`). */
export async function casePublicIdsOfOrg(db: DbOrTx, orgId: number): Promise<string[]> {
  return (await db.select({ id: testCases.publicId }).from(testCases).where(eq(testCases.organizationId, orgId))).map(
    (r) => r.id,
  );
}
