import { and, eq, gte, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { creditLedger, sessions, testRuns } from '../../db/schema';
import type { StreamingInterval } from './streaming-overage';

// What the usage dashboard and the streaming meter read of other modules' rows: sessions and
// test runs. Read only.

/** Sessions of the organization that streamed after `since` (started, and not ended before it). */
export async function sessionIntervalsSince(
  db: DbOrTx,
  orgId: number,
  since: Date,
  now: Date,
): Promise<StreamingInterval[]> {
  const rows = await db
    .select({ sessionId: sessions.sessionId, start: sessions.startTime, end: sessions.endTime })
    .from(sessions)
    .where(
      and(
        eq(sessions.organizationId, orgId),
        isNotNull(sessions.startTime),
        lt(sessions.startTime, now),
        or(isNull(sessions.endTime), gte(sessions.endTime, since)),
      ),
    )
    .orderBy(sessions.startTime, sessions.id);
  return rows.map((r) => ({ sessionId: r.sessionId, start: r.start!, end: r.end }));
}

export async function countSessionsCreatedSince(db: DbOrTx, orgId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(and(eq(sessions.organizationId, orgId), gte(sessions.createdAt, since)));
  return row?.n ?? 0;
}

/** Test runs created since `since`, grouped by provider and model: how many, their cost and tokens. */
export async function runUsageSince(db: DbOrTx, orgId: number, since: Date) {
  return db
    .select({
      provider: testRuns.provider,
      model: testRuns.modelUsed,
      runs: sql<number>`count(*)::int`,
      costMicro: sql<string>`coalesce(sum(${testRuns.costMicro}), 0)`,
      tokens: sql<string>`coalesce(sum(${testRuns.tokensUsed}), 0)`,
    })
    .from(testRuns)
    .where(and(eq(testRuns.organizationId, orgId), gte(testRuns.createdAt, since), isNotNull(testRuns.modelUsed)))
    .groupBy(testRuns.provider, testRuns.modelUsed);
}

/**
 * What the ledger says about usage since `since`: platform AI cost net of refunds, and streaming
 * overage (minutes charged, their cost).
 */
export async function ledgerUsageSince(
  db: DbOrTx,
  orgId: number,
  since: Date,
): Promise<{ aiMicro: number; streamingMicro: number; streamingMinutes: number }> {
  const [row] = await db
    .select({
      aiMicro: sql<string>`coalesce(-sum(${creditLedger.amountMicro}) filter (where ${creditLedger.entryType} in ('usage_deduction', 'refund') and not ${creditLedger.isStreaming}), 0)`,
      streamingMicro: sql<string>`coalesce(-sum(${creditLedger.amountMicro}) filter (where ${creditLedger.isStreaming}), 0)`,
      streamingMinutes: sql<number>`count(distinct (${creditLedger.sessionId}, ${creditLedger.streamingMinute})) filter (where ${creditLedger.isStreaming})::int`,
    })
    .from(creditLedger)
    .where(and(eq(creditLedger.organizationId, orgId), gte(creditLedger.createdAt, since)));
  return {
    aiMicro: Number(row?.aiMicro ?? 0),
    streamingMicro: Number(row?.streamingMicro ?? 0),
    streamingMinutes: row?.streamingMinutes ?? 0,
  };
}
