import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apps, builds, type Platform } from '../../db/schema';

export type AppRow = typeof apps.$inferSelect;
export type BuildRow = typeof builds.$inferSelect;
export type NewBuild = typeof builds.$inferInsert;

export async function findAppByPublicId(db: DbOrTx, organizationId: number, publicId: string) {
  const rows = await db
    .select()
    .from(apps)
    .where(and(eq(apps.publicId, publicId), eq(apps.organizationId, organizationId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findAppById(db: DbOrTx, organizationId: number, id: number) {
  const rows = await db
    .select()
    .from(apps)
    .where(and(eq(apps.id, id), eq(apps.organizationId, organizationId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findAppByPackage(db: DbOrTx, organizationId: number, platform: Platform, packageName: string) {
  const rows = await db
    .select()
    .from(apps)
    .where(and(eq(apps.organizationId, organizationId), eq(apps.platform, platform), eq(apps.packageName, packageName)))
    .limit(1);
  return rows[0] ?? null;
}

/** Inserts the app unless (org, platform, package) exists already; null on that conflict. */
export async function insertAppIfAbsent(db: DbOrTx, values: typeof apps.$inferInsert) {
  const rows = await db
    .insert(apps)
    .values(values)
    .onConflictDoNothing({ target: [apps.organizationId, apps.platform, apps.packageName] })
    .returning();
  return rows[0] ?? null;
}

export async function updateApp(
  db: DbOrTx,
  id: number,
  values: Partial<Pick<AppRow, 'name' | 'iconKey' | 'updatedAt' | 'lastStartedAt'>>,
) {
  const rows = await db.update(apps).set(values).where(eq(apps.id, id)).returning();
  return rows[0]!;
}

export async function listApps(db: DbOrTx, organizationId: number, platform?: Platform) {
  return db
    .select()
    .from(apps)
    .where(and(eq(apps.organizationId, organizationId), platform ? eq(apps.platform, platform) : undefined))
    .orderBy(desc(apps.updatedAt), desc(apps.id));
}

export async function insertBuild(db: DbOrTx, values: NewBuild) {
  const rows = await db.insert(builds).values(values).returning();
  return rows[0]!;
}

/** Newest first; uploads in the same instant keep their insertion order. */
/** Whether a build of the app was detected as `packageName` (its package may have been overridden). */
export async function hasBuildOfDetectedPackage(db: DbOrTx, appId: number, packageName: string): Promise<boolean> {
  const [row] = await db
    .select({ id: builds.id })
    .from(builds)
    .where(and(eq(builds.appId, appId), sql`${builds.metadata}->>'package_name' = ${packageName}`))
    .limit(1);
  return row !== undefined;
}

export async function listBuilds(db: DbOrTx, appId: number) {
  return db.select().from(builds).where(eq(builds.appId, appId)).orderBy(desc(builds.uploadedAt), desc(builds.id));
}

/** A build by id in any organization: callers tell "missing" from "someone else's". */
export async function findBuildAnyOrg(db: DbOrTx, id: number) {
  const rows = await db.select().from(builds).where(eq(builds.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Deletes the app; its builds go with it (ON DELETE CASCADE), links from suites are nulled by their FK. */
export async function deleteApp(db: DbOrTx, id: number) {
  const rows = await db.delete(apps).where(eq(apps.id, id)).returning({ id: apps.id });
  return rows.length > 0;
}

/** Public ids of every app of an organization (their files live under `apps/<public id>/`). */
export async function appPublicIdsOfOrg(db: DbOrTx, orgId: number): Promise<string[]> {
  return (await db.select({ id: apps.publicId }).from(apps).where(eq(apps.organizationId, orgId))).map((r) => r.id);
}
