import { eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authThrottles } from '../../db/schema';

export type ThrottleRow = typeof authThrottles.$inferSelect;

export async function findThrottle(db: DbOrTx, key: string): Promise<ThrottleRow | undefined> {
  const [row] = await db.select().from(authThrottles).where(eq(authThrottles.key, key));
  return row;
}

/**
 * Counts one event atomically (one statement, whichever replica): the count starts again at 1
 * once the last counted window began `windowMs` ago (`fixed`), or once nothing was counted for
 * `windowMs` (`sliding`: the last event is what matters).
 */
export async function countEvent(
  db: DbOrTx,
  key: string,
  now: Date,
  windowMs: number,
  kind: 'fixed' | 'sliding',
): Promise<ThrottleRow> {
  const cutoff = new Date(now.getTime() - windowMs);
  const since = kind === 'fixed' ? authThrottles.windowStart : authThrottles.updatedAt;
  const [row] = await db
    .insert(authThrottles)
    .values({ key, count: 1, windowStart: now, blockedUntil: null, updatedAt: now })
    .onConflictDoUpdate({
      target: authThrottles.key,
      set: {
        count: sql`CASE WHEN ${since} <= ${cutoff} THEN 1 ELSE ${authThrottles.count} + 1 END`,
        windowStart: sql`CASE WHEN ${since} <= ${cutoff} THEN ${now} ELSE ${authThrottles.windowStart} END`,
        blockedUntil: sql`CASE WHEN ${since} <= ${cutoff} THEN NULL ELSE ${authThrottles.blockedUntil} END`,
        updatedAt: now,
      },
    })
    .returning();
  return row!;
}

export async function blockUntil(db: DbOrTx, key: string, until: Date): Promise<void> {
  await db.update(authThrottles).set({ blockedUntil: until }).where(eq(authThrottles.key, key));
}

export async function clearThrottle(db: DbOrTx, key: string): Promise<void> {
  await db.delete(authThrottles).where(eq(authThrottles.key, key));
}

/** Drops counters nothing touched since `before` (the hourly prune). */
export async function pruneThrottles(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(authThrottles)
    .where(lt(authThrottles.updatedAt, before))
    .returning({ key: authThrottles.key });
  return rows.length;
}
