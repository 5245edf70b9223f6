import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { aiConfigs, aiProviderKeys, aiUsage, type AiProvider, type KeyProvider } from '../../db/schema';

export type AiConfigRow = typeof aiConfigs.$inferSelect;
export type ProviderKeyRow = typeof aiProviderKeys.$inferSelect;

export async function findAiConfig(db: DbOrTx, orgId: number): Promise<AiConfigRow | undefined> {
  const [row] = await db.select().from(aiConfigs).where(eq(aiConfigs.organizationId, orgId));
  return row;
}

export async function upsertAiConfig(db: DbOrTx, values: typeof aiConfigs.$inferInsert): Promise<AiConfigRow> {
  const [row] = await db
    .insert(aiConfigs)
    .values(values)
    .onConflictDoUpdate({
      target: aiConfigs.organizationId,
      set: {
        defaultProvider: values.defaultProvider,
        defaultModel: values.defaultModel,
        updatedByUserId: values.updatedByUserId,
        updatedAt: values.updatedAt,
      },
    })
    .returning();
  return row!;
}

export async function listProviderKeys(db: DbOrTx, orgId: number): Promise<ProviderKeyRow[]> {
  return db
    .select()
    .from(aiProviderKeys)
    .where(eq(aiProviderKeys.organizationId, orgId))
    .orderBy(asc(aiProviderKeys.id));
}

export async function findProviderKey(
  db: DbOrTx,
  orgId: number,
  provider: KeyProvider,
): Promise<ProviderKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(aiProviderKeys)
    .where(and(eq(aiProviderKeys.organizationId, orgId), eq(aiProviderKeys.provider, provider)));
  return row;
}

/** Adds the organization's key for a provider, replacing the one it had (the row keeps its id). */
export async function upsertProviderKey(
  db: DbOrTx,
  values: typeof aiProviderKeys.$inferInsert,
): Promise<ProviderKeyRow> {
  const [row] = await db
    .insert(aiProviderKeys)
    .values(values)
    .onConflictDoUpdate({
      target: [aiProviderKeys.organizationId, aiProviderKeys.provider],
      set: {
        sealedKey: values.sealedKey,
        keyHint: values.keyHint,
        createdByUserId: values.createdByUserId,
        createdAt: values.createdAt,
      },
    })
    .returning();
  return row!;
}

export async function deleteProviderKey(db: DbOrTx, orgId: number, id: number): Promise<ProviderKeyRow | undefined> {
  const [row] = await db
    .delete(aiProviderKeys)
    .where(and(eq(aiProviderKeys.organizationId, orgId), eq(aiProviderKeys.id, id)))
    .returning();
  return row;
}

export async function insertUsage(db: DbOrTx, values: typeof aiUsage.$inferInsert): Promise<void> {
  await db.insert(aiUsage).values(values);
}

export interface UsageTotals {
  inputTokens: number;
  outputTokens: number;
  costMicro: number;
  runsCount: number;
}

/** The organization's usage per billing kind (`platform`, `byok`), with the runs that made calls. */
export async function usageByBilling(db: DbOrTx, orgId: number): Promise<Array<UsageTotals & { billing: string }>> {
  const rows = await db
    .select({
      billing: aiUsage.billing,
      inputTokens: sql<string>`coalesce(sum(${aiUsage.inputTokens}), 0)`,
      outputTokens: sql<string>`coalesce(sum(${aiUsage.outputTokens}), 0)`,
      costMicro: sql<string>`coalesce(sum(${aiUsage.costMicro}), 0)`,
      runsCount: sql<string>`count(DISTINCT ${aiUsage.runId})`,
    })
    .from(aiUsage)
    .where(eq(aiUsage.organizationId, orgId))
    .groupBy(aiUsage.billing);
  return rows.map((r) => ({
    billing: r.billing,
    inputTokens: Number(r.inputTokens),
    outputTokens: Number(r.outputTokens),
    costMicro: Number(r.costMicro),
    runsCount: Number(r.runsCount),
  }));
}

/** Runs with any model call, whatever they were billed to. */
export async function countUsageRuns(db: DbOrTx, orgId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(DISTINCT ${aiUsage.runId})` })
    .from(aiUsage)
    .where(eq(aiUsage.organizationId, orgId));
  return Number(row?.n ?? 0);
}

/** Usage per model, most expensive first. */
export async function usageByModel(
  db: DbOrTx,
  orgId: number,
): Promise<Array<{ model: string; provider: AiProvider; runs: number; costMicro: number }>> {
  const rows = await db
    .select({
      model: aiUsage.model,
      provider: aiUsage.provider,
      runs: sql<string>`count(DISTINCT ${aiUsage.runId})`,
      costMicro: sql<string>`coalesce(sum(${aiUsage.costMicro}), 0)`,
    })
    .from(aiUsage)
    .where(eq(aiUsage.organizationId, orgId))
    .groupBy(aiUsage.model, aiUsage.provider)
    .orderBy(sql`4 DESC`, asc(aiUsage.model));
  return rows.map((r) => ({
    model: r.model,
    provider: r.provider,
    runs: Number(r.runs),
    costMicro: Number(r.costMicro),
  }));
}
