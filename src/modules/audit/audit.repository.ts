import { and, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditEvents } from '../../db/schema';

export interface AuditFilter {
  organizationId: number;
  actionContains?: string;
  userEmail?: string;
  resourceType?: string;
  since?: Date;
}

function where(f: AuditFilter): SQL {
  const parts: SQL[] = [eq(auditEvents.organizationId, f.organizationId)];
  // strpos rather than LIKE, so % and _ in the filter are plain characters.
  if (f.actionContains) parts.push(sql`strpos(${auditEvents.action}, ${f.actionContains}) > 0`);
  if (f.userEmail) parts.push(eq(auditEvents.userEmail, f.userEmail));
  if (f.resourceType) parts.push(eq(auditEvents.resourceType, f.resourceType));
  if (f.since) parts.push(gte(auditEvents.createdAt, f.since));
  return and(...parts)!;
}

export async function countAuditEvents(db: DbOrTx, f: AuditFilter): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(auditEvents).where(where(f));
  return rows[0]?.n ?? 0;
}

/** Newest first; ties on time broken by id so pages never overlap. */
export async function listAuditEvents(db: DbOrTx, f: AuditFilter, page: { limit: number; offset: number }) {
  return db
    .select()
    .from(auditEvents)
    .where(where(f))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * The audit rows of one resource whose action starts with `actionPrefix`, newest first: the
 * history of that resource as its owners changed it (at most `limit` rows).
 */
export async function listResourceAudit(
  db: DbOrTx,
  f: { organizationId: number; resourceType: string; resourceId: string; actionPrefix: string; limit: number },
) {
  return db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.organizationId, f.organizationId),
        eq(auditEvents.resourceType, f.resourceType),
        eq(auditEvents.resourceId, f.resourceId),
        sql`starts_with(${auditEvents.action}, ${f.actionPrefix})`,
      ),
    )
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(f.limit);
}

export async function insertAuditEvent(db: DbOrTx, values: typeof auditEvents.$inferInsert): Promise<void> {
  await db.insert(auditEvents).values(values);
}
