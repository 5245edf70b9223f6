import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { builds, organizations, sessionRecordings, testBaselines, testRuns } from '../../db/schema';

/** The organization's plan id ('free' when it has gone). */
export async function planOfOrganization(db: DbOrTx, orgId: number): Promise<string> {
  const [row] = await db
    .select({ planId: organizations.planId })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row?.planId ?? 'free';
}

/**
 * Bytes the organization stores, from the rows that own them: its builds' packages, its visual
 * baselines, its runs' screenshots, diff images, logs and videos, and its sessions' recordings.
 */
export async function storedBytesOfOrganization(db: DbOrTx, orgId: number): Promise<number> {
  const { rows } = await db.execute<{ bytes: string | null }>(sql`
    SELECT
      (SELECT COALESCE(SUM(${builds.fileSize}), 0) FROM ${builds} WHERE ${builds.organizationId} = ${orgId})
      + (SELECT COALESCE(SUM(${testBaselines.sizeBytes}), 0) FROM ${testBaselines}
         WHERE ${testBaselines.organizationId} = ${orgId})
      + (SELECT COALESCE(SUM(${testRuns.artifactBytes}), 0) FROM ${testRuns}
         WHERE ${testRuns.organizationId} = ${orgId})
      + (SELECT COALESCE(SUM(${sessionRecordings.sizeBytes}), 0) FROM ${sessionRecordings}
         WHERE ${sessionRecordings.organizationId} = ${orgId}) AS bytes`);
  return Number(rows[0]?.bytes ?? 0);
}
