import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { githubConnections } from '../../db/schema';

export type GithubConnectionRow = typeof githubConnections.$inferSelect;

export async function findGithubConnection(db: DbOrTx, orgId: number): Promise<GithubConnectionRow | undefined> {
  const [row] = await db.select().from(githubConnections).where(eq(githubConnections.organizationId, orgId));
  return row;
}

/** One connection per organization: a second PUT replaces the first. */
export async function upsertGithubConnection(
  db: DbOrTx,
  values: typeof githubConnections.$inferInsert,
): Promise<GithubConnectionRow> {
  const [row] = await db
    .insert(githubConnections)
    .values(values)
    .onConflictDoUpdate({
      target: githubConnections.organizationId,
      set: {
        repository: values.repository,
        tokenSealed: values.tokenSealed,
        tokenHint: values.tokenHint,
        createdByUserId: values.createdByUserId,
        updatedAt: values.updatedAt,
      },
    })
    .returning();
  return row!;
}

export async function deleteGithubConnection(db: DbOrTx, orgId: number): Promise<boolean> {
  const rows = await db
    .delete(githubConnections)
    .where(eq(githubConnections.organizationId, orgId))
    .returning({ id: githubConnections.id });
  return rows.length > 0;
}
