import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { systemContext, type Ctx } from '../../src/context';
import { creditAccounts, creditLedger, testCases, testRuns } from '../../src/db/schema';
import { newPublicId } from '../../src/db/public-id';
import type { TestApp } from './app';

/** A system context acting in the organization as admin, as the engine and sweeps call services. */
export function orgCtx(t: TestApp, orgId: number): Ctx {
  return systemContext({ db: t.container.db, clock: t.clock, log: t.container.log }, { id: orgId, role: 'admin' });
}

export const usd = (dollars: number) => Math.round(dollars * 1_000_000);

/** The organization's account row (buckets, period), or undefined before its first use. */
export async function accountOf(t: TestApp, orgId: number) {
  const [row] = await t.container.db.select().from(creditAccounts).where(eq(creditAccounts.organizationId, orgId));
  return row;
}

export async function ledgerOf(t: TestApp, orgId: number) {
  return t.container.db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.organizationId, orgId))
    .orderBy(creditLedger.id);
}

/**
 * The ledger rule, over every account of the database: each bucket equals the sum of its
 * entries, and none is below zero.
 */
export async function expectLedgerBalanced(t: TestApp): Promise<void> {
  const rows = await t.container.db.execute<{
    organization_id: number;
    allowance_micro: string;
    prepaid_micro: string;
    ledger_allowance: string;
    ledger_prepaid: string;
  }>(sql`
    SELECT a.organization_id, a.allowance_micro, a.prepaid_micro,
      coalesce((SELECT sum(amount_micro) FROM credit_ledger l WHERE l.organization_id = a.organization_id AND l.balance_bucket = 'allowance'), 0) AS ledger_allowance,
      coalesce((SELECT sum(amount_micro) FROM credit_ledger l WHERE l.organization_id = a.organization_id AND l.balance_bucket = 'prepaid'), 0) AS ledger_prepaid
    FROM credit_accounts a`);
  for (const r of rows.rows) {
    expect({ org: r.organization_id, allowance: Number(r.allowance_micro), prepaid: Number(r.prepaid_micro) }).toEqual({
      org: r.organization_id,
      allowance: Number(r.ledger_allowance),
      prepaid: Number(r.ledger_prepaid),
    });
    expect(Number(r.allowance_micro)).toBeGreaterThanOrEqual(0);
    expect(Number(r.prepaid_micro)).toBeGreaterThanOrEqual(0);
  }
}

/** Puts the organization on a plan through the operator's verb (with an enterprise allowance in dollars). */
export async function setPlan(t: TestApp, orgId: number, planId: string, enterpriseAllowanceUsd?: number) {
  return t.container.services.credits.operator.setOrganizationPlan({
    ctx: orgCtx(t, orgId),
    input: {
      orgId,
      planId,
      ...(enterpriseAllowanceUsd === undefined ? {} : { enterpriseAllowanceMicro: usd(enterpriseAllowanceUsd) }),
    },
  });
}

/** Adds prepaid credit through the operator's grant. */
export async function grant(t: TestApp, orgId: number, dollars: number) {
  return t.container.services.credits.operator.grantCredit({
    ctx: orgCtx(t, orgId),
    input: { orgId, amountMicro: usd(dollars) },
  });
}

/** A test run row of a fresh case, as the engine writes it (for settling its cost). */
export async function insertBilledRun(
  t: TestApp,
  orgId: number,
  run: {
    provider?: string | null;
    model?: string | null;
    costMicro?: number | null;
    tokens?: number | null;
    createdAt?: Date;
    /** `passed` unless said: a run in flight (`running`) counts its cost as the organization's unsettled spending. */
    status?: 'pending' | 'running' | 'passed' | 'failed' | 'error';
  } = {},
) {
  const now = run.createdAt ?? t.clock.now();
  const [c] = await t.container.db
    .insert(testCases)
    .values({
      publicId: newPublicId('tc'),
      organizationId: orgId,
      name: `Case ${newPublicId('tc')}`,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const [row] = await t.container.db
    .insert(testRuns)
    .values({
      publicId: newPublicId('run'),
      organizationId: orgId,
      testCaseId: c!.id,
      status: run.status ?? 'passed',
      provider: run.provider === undefined ? 'platform' : run.provider,
      model: run.model === undefined ? 'platform/vision-1' : run.model,
      modelUsed: run.model === undefined ? 'platform/vision-1' : run.model,
      costMicro: run.costMicro ?? null,
      tokensUsed: run.tokens ?? null,
      startedAt: now,
      createdAt: now,
    })
    .returning();
  return row!;
}
