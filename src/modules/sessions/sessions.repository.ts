import { and, desc, eq, gte, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organizations, sessions, type SessionStatus } from '../../db/schema';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;

export const LIVE_STATUSES: SessionStatus[] = ['starting', 'active'];

export async function insertSession(db: DbOrTx, values: NewSession): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

export async function findSession(db: DbOrTx, orgId: number, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.sessionId, sessionId), eq(sessions.organizationId, orgId)));
  return row;
}

export async function findSessionAnyOrg(
  db: DbOrTx,
  sessionId: string,
  forUpdate = false,
): Promise<SessionRow | undefined> {
  const q = db.select().from(sessions).where(eq(sessions.sessionId, sessionId));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** The active sessions among `sessionIds` that hold a device, in any organization. */
export async function findActiveSessionDevices(
  db: DbOrTx,
  sessionIds: string[],
): Promise<Array<{ sessionId: string; organizationId: number; deviceId: string }>> {
  if (!sessionIds.length) return [];
  const rows = await db
    .select({ sessionId: sessions.sessionId, organizationId: sessions.organizationId, deviceId: sessions.deviceId })
    .from(sessions)
    .where(and(inArray(sessions.sessionId, sessionIds), eq(sessions.status, 'active')));
  return rows.flatMap((r) => (r.deviceId ? [{ ...r, deviceId: r.deviceId }] : []));
}

export async function lockSession(db: DbOrTx, id: number): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).for('update');
  return row;
}

export async function updateSession(db: DbOrTx, id: number, patch: Partial<NewSession>): Promise<SessionRow> {
  const [row] = await db.update(sessions).set(patch).where(eq(sessions.id, id)).returning();
  return row!;
}

/** Use that counts (control, installs, viewers): clears a pending ending warning. Active sessions only. */
export async function markUsed(db: DbOrTx, ids: { id: number } | { sessionIds: string[] }, now: Date): Promise<void> {
  const which = 'id' in ids ? eq(sessions.id, ids.id) : inArray(sessions.sessionId, ids.sessionIds);
  if ('sessionIds' in ids && ids.sessionIds.length === 0) return;
  await db
    .update(sessions)
    .set({ lastUsedAt: now, endingNotifiedAt: null })
    .where(and(which, eq(sessions.status, 'active')));
}

export async function recordScreen(
  db: DbOrTx,
  sessionId: string,
  screen: { width: number; height: number; rotation: number },
  now: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set({ screenWidth: screen.width, screenHeight: screen.height, rotation: screen.rotation, updatedAt: now })
    .where(eq(sessions.sessionId, sessionId));
}

/** Gives the session to a run when it is active and no run holds it; false otherwise. */
export async function takeRunLease(db: DbOrTx, id: number, runPublicId: string): Promise<boolean> {
  const taken = await db
    .update(sessions)
    .set({ runLease: runPublicId })
    .where(and(eq(sessions.id, id), eq(sessions.status, 'active'), isNull(sessions.runLease)))
    .returning({ id: sessions.id });
  return taken.length > 0;
}

export async function releaseRunLease(db: DbOrTx, sessionId: string, runPublicId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ runLease: null })
    .where(and(eq(sessions.sessionId, sessionId), eq(sessions.runLease, runPublicId)));
}

/** Marks the ending warning as sent; false when another replica marked it first. */
export async function markEndingNotified(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const marked = await db
    .update(sessions)
    .set({ endingNotifiedAt: now })
    .where(and(eq(sessions.id, id), isNull(sessions.endingNotifiedAt)))
    .returning({ id: sessions.id });
  return marked.length > 0;
}

/** Running sessions with the rules of their organization, for the lifetime sweep. */
export async function listLiveWithOrgRules(
  db: DbOrTx,
): Promise<Array<{ s: SessionRow; timeout: number; planId: string; overage: boolean }>> {
  return db
    .select({
      s: sessions,
      timeout: organizations.sessionTimeoutMinutes,
      planId: organizations.planId,
      overage: organizations.allowStreamingOverage,
    })
    .from(sessions)
    .innerJoin(organizations, eq(organizations.id, sessions.organizationId))
    .where(inArray(sessions.status, LIVE_STATUSES));
}

/** The organization's live sessions (pending included), for ending them all at once. */
export async function listUnfinishedSessions(
  db: DbOrTx,
  filter: { orgId: number } | { userId: number },
): Promise<SessionRow[]> {
  const who = 'orgId' in filter ? eq(sessions.organizationId, filter.orgId) : eq(sessions.userId, filter.userId);
  return db
    .select()
    .from(sessions)
    .where(and(who, inArray(sessions.status, ['pending', 'starting', 'active'])));
}

/**
 * Milliseconds each organization has streamed since `since` (sessions' start to end, or to `now`
 * for those still running), for the monthly streaming-minutes allowance of its plan.
 */
export async function streamedMsSince(
  db: DbOrTx,
  orgIds: number[],
  since: Date,
  now: Date,
): Promise<Map<number, number>> {
  if (orgIds.length === 0) return new Map();
  const until = sql`least(coalesce(${sessions.endTime}, ${now.toISOString()}::timestamptz), ${now.toISOString()}::timestamptz)`;
  const from = sql`greatest(${sessions.startTime}, ${since.toISOString()}::timestamptz)`;
  const rows = await db
    .select({ orgId: sessions.organizationId, ms: sql<string>`sum(extract(epoch from ${until} - ${from}) * 1000)` })
    .from(sessions)
    .where(
      and(inArray(sessions.organizationId, orgIds), sql`${sessions.startTime} is not null`, sql`${until} > ${from}`),
    )
    .groupBy(sessions.organizationId);
  return new Map(rows.map((r) => [r.orgId, Number(r.ms)]));
}

/**
 * One allocation at a time across the service (a transaction-scoped advisory lock): device hand-outs
 * and plan-cap counts of concurrent starts and ends serialize here instead of locking organization
 * rows, whose foreign-key share locks (every insert of a session, queue entry or audit row takes
 * one) made concurrent starts of one organization deadlock.
 */
export async function lockAllocation(db: DbOrTx): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${ALLOCATION_LOCK_KEY})`);
}
const ALLOCATION_LOCK_KEY = 7351002;

/** The organization's plan as allocation reads it (serialized by `lockAllocation`, not a row lock). */
export async function readOrgPlan(db: DbOrTx, orgId: number): Promise<{ planId: string } | undefined> {
  const [row] = await db
    .select({ planId: organizations.planId })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row;
}

/** The session row locked unless another transaction holds it (that one dispatches when it commits). */
export async function tryLockSession(db: DbOrTx, id: number): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).for('update', { skipLocked: true });
  return row;
}

export async function getOrgSessionPermissions(db: DbOrTx, orgId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ p: organizations.sessionPermissions })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row?.p;
}

export async function countLiveSessions(db: DbOrTx, orgId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(and(eq(sessions.organizationId, orgId), inArray(sessions.status, LIVE_STATUSES)));
  return row?.n ?? 0;
}

/** The organization's plan and how many of its sessions run (starting or active). */
export async function orgPlanLoad(db: DbOrTx, orgId: number): Promise<{ planId: string; live: number }> {
  const [row] = await db
    .select({ planId: organizations.planId })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return { planId: row?.planId ?? 'free', live: await countLiveSessions(db, orgId) };
}

export async function listSessions(
  db: DbOrTx,
  orgId: number,
  q: {
    status?: SessionStatus;
    deviceType?: string;
    userId?: number;
    since?: Date;
    search?: string;
    limit: number;
    offset: number;
  },
): Promise<SessionRow[]> {
  const conds: SQL[] = [eq(sessions.organizationId, orgId)];
  if (q.status) conds.push(eq(sessions.status, q.status));
  if (q.deviceType) conds.push(eq(sessions.deviceType, q.deviceType as 'ios'));
  if (q.userId) conds.push(eq(sessions.userId, q.userId));
  if (q.since) conds.push(gte(sessions.createdAt, q.since));
  if (q.search?.trim()) {
    const like = `%${q.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(
      or(
        ilike(sessions.sessionId, like),
        ilike(sessions.deviceName, like),
        ilike(sessions.userEmail, like),
        ilike(sessions.deviceId, like),
        ilike(sessions.osVersion, like),
      )!,
    );
  }
  return db
    .select()
    .from(sessions)
    .where(and(...conds))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .limit(q.limit)
    .offset(q.offset);
}
