import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { testBaselines, testRuns } from '../../db/schema';

export type BaselineRow = typeof testBaselines.$inferSelect;

export async function listBaselines(db: DbOrTx, caseId: number) {
  return db
    .select({ b: testBaselines, sourceRunPublicId: testRuns.publicId })
    .from(testBaselines)
    .leftJoin(testRuns, eq(testRuns.id, testBaselines.sourceRunId))
    .where(eq(testBaselines.testCaseId, caseId))
    .orderBy(asc(testBaselines.stepIndex));
}

export async function findBaseline(db: DbOrTx, caseId: number, stepIndex: number): Promise<BaselineRow | undefined> {
  const [row] = await db
    .select()
    .from(testBaselines)
    .where(and(eq(testBaselines.testCaseId, caseId), eq(testBaselines.stepIndex, stepIndex)));
  return row;
}

export async function upsertBaselineRow(db: DbOrTx, values: typeof testBaselines.$inferInsert): Promise<BaselineRow> {
  const [row] = await db
    .insert(testBaselines)
    .values(values)
    .onConflictDoUpdate({
      target: [testBaselines.testCaseId, testBaselines.stepIndex],
      set: {
        width: values.width,
        height: values.height,
        deviceName: values.deviceName,
        sourceRunId: values.sourceRunId,
        storageKey: values.storageKey,
        sizeBytes: values.sizeBytes,
        updatedAt: values.updatedAt,
      },
    })
    .returning();
  return row!;
}

/** Deletes one step's baseline record; returns it (its storage key), or undefined when there was none. */
export async function deleteBaselineRow(
  db: DbOrTx,
  caseId: number,
  stepIndex: number,
): Promise<BaselineRow | undefined> {
  const [row] = await db
    .delete(testBaselines)
    .where(and(eq(testBaselines.testCaseId, caseId), eq(testBaselines.stepIndex, stepIndex)))
    .returning();
  return row;
}
