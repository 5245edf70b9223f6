import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessionRecordings } from '../../db/schema';

export type RecordingRow = typeof sessionRecordings.$inferSelect;

export async function insertRecording(
  db: DbOrTx,
  values: typeof sessionRecordings.$inferInsert,
): Promise<RecordingRow> {
  const [row] = await db.insert(sessionRecordings).values(values).returning();
  return row!;
}

export async function updateRecording(
  db: DbOrTx,
  id: number,
  values: Partial<typeof sessionRecordings.$inferInsert>,
): Promise<RecordingRow> {
  const [row] = await db.update(sessionRecordings).set(values).where(eq(sessionRecordings.id, id)).returning();
  return row!;
}

export async function deleteRecording(db: DbOrTx, id: number): Promise<void> {
  await db.delete(sessionRecordings).where(eq(sessionRecordings.id, id));
}

/** The session's recording in progress, if any. */
export async function activeRecording(db: DbOrTx, sessionId: string): Promise<RecordingRow | undefined> {
  const [row] = await db
    .select()
    .from(sessionRecordings)
    .where(and(eq(sessionRecordings.sessionId, sessionId), eq(sessionRecordings.status, 'recording')));
  return row;
}

export async function listRecordings(db: DbOrTx, sessionId: string): Promise<RecordingRow[]> {
  return db
    .select()
    .from(sessionRecordings)
    .where(eq(sessionRecordings.sessionId, sessionId))
    .orderBy(desc(sessionRecordings.startedAt), desc(sessionRecordings.id))
    .limit(500);
}

export async function findRecording(db: DbOrTx, orgId: number, publicId: string): Promise<RecordingRow | undefined> {
  const [row] = await db
    .select()
    .from(sessionRecordings)
    .where(and(eq(sessionRecordings.publicId, publicId), eq(sessionRecordings.organizationId, orgId)));
  return row;
}

/** The storage folders of the organization's session recordings (its purge removes them). */
export async function recordingPrefixesOfOrg(db: DbOrTx, orgId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ sessionId: sessionRecordings.sessionId })
    .from(sessionRecordings)
    .where(eq(sessionRecordings.organizationId, orgId));
  return rows.map((r) => `sessions/${r.sessionId}/recordings`);
}

/** Recordings started before `before` (the retention sweep), at most `max`. */
export async function recordingsStartedBefore(db: DbOrTx, before: Date, max: number): Promise<RecordingRow[]> {
  return db.select().from(sessionRecordings).where(lt(sessionRecordings.startedAt, before)).limit(max);
}
