import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { testSuiteTags, testTags } from '../../db/schema';
import type { NormalisedTag } from './tags';

/**
 * Finds or creates each tag (case-insensitive key; the first-seen casing stays the display name)
 * and makes them the suite's whole tag set.
 */
export async function replaceSuiteTags(
  db: DbOrTx,
  orgId: number,
  suiteId: number,
  tags: NormalisedTag[],
  now: Date,
): Promise<string[]> {
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
    .where(
      and(
        eq(testTags.organizationId, orgId),
        inArray(
          testTags.name,
          tags.map((t) => t.name),
        ),
      ),
    );
  await db.insert(testSuiteTags).values(rows.map((r) => ({ suiteId, tagId: r.id })));
  return created.map((c) => c.name);
}

export async function listTags(
  db: DbOrTx,
  orgId: number,
): Promise<Array<{ name: string; display_name: string; suite_count: number }>> {
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
