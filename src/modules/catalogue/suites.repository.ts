import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apps, suiteRuns, testCases, testSuites, testSuiteTags, testTags } from '../../db/schema';
import type { AppRow } from '../apps';

export type SuiteRow = typeof testSuites.$inferSelect;

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

export interface SuiteListFilter {
  appId?: number;
  suiteId?: number;
  tags?: string[];
  match?: 'any' | 'all';
}

/**
 * The suite list with whole suite rows in ONE statement: case counts, the latest suite run and the tags come from
 * correlated subqueries, so the number of queries does not grow with the number of suites.
 */
export async function listSuites(db: DbOrTx, orgId: number, filter: SuiteListFilter = {}): Promise<SuiteListRow[]> {
  const rows = await suiteRowsQuery(db, orgId, filter);
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

/** What both shapes of the suite list share: the filter, and the grouped case counts and tags. */
function suiteListParts(db: DbOrTx, orgId: number, filter: SuiteListFilter) {
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
      conditions.push(
        sql`EXISTS (SELECT 1 FROM ${testSuiteTags} st JOIN ${testTags} tt ON tt.id = st.tag_id WHERE st.suite_id = ${testSuites.id} AND tt.name = ANY(${names}))`,
      );
    }
  }
  // One grouped pass over the org's cases beats a correlated count per suite (heap visits).
  const caseCounts = db
    .select({ suiteId: sql<number>`${testCases.suiteId}`.as('cc_suite_id'), n: sql<number>`count(*)::int`.as('cc_n') })
    .from(testCases)
    .where(
      and(
        eq(testCases.organizationId, orgId),
        sql`${testCases.suiteId} IS NOT NULL`,
        filter.suiteId !== undefined ? eq(testCases.suiteId, filter.suiteId) : undefined,
      ),
    )
    .groupBy(testCases.suiteId)
    .as('cc');
  // The org's tag links are few (suites × tags), so one grouped pass beats a subquery per suite.
  // The last run stays a per-suite index probe: a pass over all runs would grow with history.
  const suiteTags = db
    .select({
      suiteId: sql<number>`${testSuiteTags.suiteId}`.as('tg_suite_id'),
      tags: sql<
        Array<{ name: string; display_name: string }>
      >`json_agg(json_build_object('name', ${testTags.name}, 'display_name', ${testTags.displayName}) ORDER BY ${testTags.name})`.as(
        'tg_tags',
      ),
    })
    .from(testSuiteTags)
    .innerJoin(testTags, eq(testTags.id, testSuiteTags.tagId))
    .where(
      and(
        eq(testTags.organizationId, orgId),
        filter.suiteId !== undefined ? eq(testSuiteTags.suiteId, filter.suiteId) : undefined,
      ),
    )
    .groupBy(testSuiteTags.suiteId)
    .as('tg');
  return { conditions, caseCounts, suiteTags };
}

const API_TIME = `'YYYY-MM-DD"T"HH24:MI:SS.MS'`;
/** A timestamptz as the API writes it (apiTime), formatted by PostgreSQL. */
const apiTimeSql = (col: SQL | AnyColumn) => sql<string>`to_char(${col} AT TIME ZONE 'UTC', ${sql.raw(API_TIME)})`;

/**
 * The suite list's statement in the API's shape: every column named and formatted as the response
 * writes it, so that the rows go to the serializer as they come (no per-row mapping, no Date
 * objects). The catalogue bench runs the same SQL bare, for comparison.
 */
export function suiteListQuery(db: DbOrTx, orgId: number, filter: SuiteListFilter = {}) {
  const { conditions, caseCounts, suiteTags } = suiteListParts(db, orgId, filter);
  const s = testSuites;
  return db
    .select({
      id: s.id,
      public_id: s.publicId,
      name: s.name,
      description: sql<string>`coalesce(${s.description}, '')`.as('description'),
      app_id: s.appId,
      app_public_id: sql<string | null>`${apps.publicId}`.as('app_public_id'),
      app_name: sql<string | null>`${apps.name}`.as('app_name'),
      platform: s.platform,
      case_count: sql<number>`coalesce(${caseCounts.n}, 0)`.as('case_count'),
      reset_strategy: s.resetStrategy,
      context: s.context,
      variables: s.variables,
      last_run: sql<{
        status: string;
        at: string;
      } | null>`(SELECT json_build_object('status', r.status, 'at', ${apiTimeSql(sql`r.started_at`)}) FROM ${suiteRuns} r WHERE r.suite_id = ${s.id} ORDER BY r.id DESC LIMIT 1)`.as(
        'last_run',
      ),
      created_at: apiTimeSql(s.createdAt).as('created_at'),
      updated_at: apiTimeSql(s.updatedAt).as('updated_at'),
      tags: sql<Array<{ name: string; display_name: string }>>`coalesce(${suiteTags.tags}, '[]'::json)`.as('tags'),
      visual_regression_warn_pct: sql<number | null>`${s.visualWarnPct}`.as('visual_regression_warn_pct'),
      visual_regression_fail_pct: sql<number | null>`${s.visualFailPct}`.as('visual_regression_fail_pct'),
      retries: s.retries,
      record_video: s.recordVideo,
      accessibility: s.accessibility,
    })
    .from(s)
    .leftJoin(apps, eq(apps.id, s.appId))
    .leftJoin(caseCounts, eq(caseCounts.suiteId, s.id))
    .leftJoin(suiteTags, eq(suiteTags.suiteId, s.id))
    .where(and(...conditions))
    .orderBy(desc(s.createdAt), desc(s.id));
}

export type SuiteListItem = Omit<Awaited<ReturnType<typeof suiteListQuery>>[number], 'last_run'> & {
  last_run_status: string | null;
  last_run_at: string | null;
};

/** The suite list as the API answers it, in one statement whatever the number of suites. */
export async function listSuiteItems(
  db: DbOrTx,
  orgId: number,
  filter: SuiteListFilter = {},
): Promise<SuiteListItem[]> {
  // Run as plain SQL: the rows are already in the response's shape, Drizzle's row mapping would only cost.
  const result = await db.execute<SuiteListItem & { last_run: { status: string; at: string } | null }>(
    suiteListQuery(db, orgId, filter),
  );
  const rows = result.rows;
  for (const r of rows) {
    r.last_run_status = r.last_run?.status ?? null;
    r.last_run_at = r.last_run?.at ?? null;
  }
  return rows;
}

/** The suite list with whole suite rows (one suite's response, YAML export). */
function suiteRowsQuery(db: DbOrTx, orgId: number, filter: SuiteListFilter) {
  const { conditions, caseCounts, suiteTags } = suiteListParts(db, orgId, filter);
  return db
    .select({
      suite: testSuites,
      appPublicId: apps.publicId,
      appName: apps.name,
      appPackageName: apps.packageName,
      caseCount: sql<number>`coalesce(${caseCounts.n}, 0)`,
      lastRun: sql<{
        status: string;
        started_at: string;
      } | null>`(SELECT json_build_object('status', r.status, 'started_at', r.started_at) FROM ${suiteRuns} r WHERE r.suite_id = ${testSuites.id} ORDER BY r.id DESC LIMIT 1)`,
      tags: sql<Array<{ name: string; display_name: string }>>`coalesce(${suiteTags.tags}, '[]'::json)`,
    })
    .from(testSuites)
    .leftJoin(apps, eq(apps.id, testSuites.appId))
    .leftJoin(caseCounts, eq(caseCounts.suiteId, testSuites.id))
    .leftJoin(suiteTags, eq(suiteTags.suiteId, testSuites.id))
    .where(and(...conditions))
    .orderBy(desc(testSuites.createdAt), desc(testSuites.id));
}

export async function findSuiteByPublicId(
  db: DbOrTx,
  orgId: number,
  publicId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<SuiteRow | undefined> {
  const q = db
    .select()
    .from(testSuites)
    .where(and(eq(testSuites.organizationId, orgId), eq(testSuites.publicId, publicId)));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

export async function insertSuite(db: DbOrTx, values: typeof testSuites.$inferInsert): Promise<SuiteRow> {
  const [row] = await db.insert(testSuites).values(values).returning();
  return row!;
}

export async function updateSuite(
  db: DbOrTx,
  id: number,
  values: Partial<typeof testSuites.$inferInsert>,
): Promise<void> {
  await db.update(testSuites).set(values).where(eq(testSuites.id, id));
}

export async function deleteSuite(db: DbOrTx, id: number): Promise<void> {
  await db.delete(testSuites).where(eq(testSuites.id, id));
}

/** For the engine: the suite by numeric id, in the organization. */
export async function findSuiteById(db: DbOrTx, orgId: number, id: number): Promise<SuiteRow | undefined> {
  const [row] = await db
    .select()
    .from(testSuites)
    .where(and(eq(testSuites.organizationId, orgId), eq(testSuites.id, id)));
  return row;
}

/** The organization's apps with this package name (any platform), oldest first; the apps module owns them. */
export async function findAppsByPackage(db: DbOrTx, orgId: number, packageName: string): Promise<AppRow[]> {
  return db
    .select()
    .from(apps)
    .where(and(eq(apps.organizationId, orgId), eq(apps.packageName, packageName)))
    .orderBy(asc(apps.id));
}
