import { withTransaction, type Ctx } from '../../context';
import type { BalanceBucket, LedgerEntryType } from '../../db/schema';
import { emitEvent } from '../events';
import { allowancePeriodAt, isLowBalance, planAllowanceMicro, splitDeduction } from './credit-rules';
import * as repo from './credits.repository';

/** An organization's credit account, locked in the caller's transaction. */
export interface LockedAccount {
  orgId: number;
  planId: string;
  row: repo.CreditAccountRow;
}

/** One change of one bucket; the ledger entry records it. */
export interface BucketChange {
  entryType: LedgerEntryType;
  bucket: BalanceBucket;
  /** Signed micro-credits; deductions are negative. */
  amountMicro: number;
  reference: string;
  model?: string | null;
  testRunId?: number | null;
  isStreaming?: boolean;
  sessionId?: string | null;
  streamingMinute?: number | null;
  lapsedMicro?: number | null;
  note?: string | null;
}

export function totalOf(account: Pick<LockedAccount, 'row'>): number {
  return account.row.allowanceMicro + account.row.prepaidMicro;
}

export function allowanceOf(account: Pick<LockedAccount, 'planId' | 'row'>): number {
  return planAllowanceMicro(account.planId, account.row.enterpriseAllowanceMicro);
}

/**
 * Locks the organization's account for the rest of `tx` (creating it on first use), after
 * refilling the allowance when its period has ended. Every change of a balance goes through
 * this lock, so deductions of one organization are serialised and never overdraw.
 */
export async function lockCreditAccount(tx: Ctx, orgId: number): Promise<LockedAccount> {
  const now = tx.clock.now();
  let found = await repo.lockAccount(tx.db, orgId);
  if (!found) {
    // Created with an already ended period: the refill below gives it this period's allowance.
    const { start } = allowancePeriodAt(now);
    await repo.insertAccountIfMissing(tx.db, {
      organizationId: orgId,
      periodStart: start,
      periodEnd: start,
      updatedAt: now,
    });
    found = await repo.lockAccount(tx.db, orgId);
    if (!found) throw new Error(`credit account of organization ${orgId}: the organization does not exist`);
  }
  const account: LockedAccount = { orgId, planId: found.planId, row: found.account };
  if (found.account.periodEnd.getTime() > now.getTime()) return account;
  return refillAllowance(tx, account, {
    reason: found.account.periodEnd.getTime() === found.account.periodStart.getTime() ? 'opened' : 'period',
  });
}

/**
 * The account as it stands, without taking the lock unless it must be opened or refilled first
 * (reads of the balance).
 */
export async function readCreditAccount(
  ctx: Ctx,
  orgId: number,
): Promise<Pick<LockedAccount, 'orgId' | 'planId' | 'row'>> {
  const found = await repo.findAccount(ctx.db, orgId);
  if (found && found.account.periodEnd.getTime() > ctx.clock.now().getTime())
    return { orgId, planId: found.planId, row: found.account };
  return withTransaction(ctx, (tx) => lockCreditAccount(tx, orgId));
}

/**
 * Starts an allowance period (the current calendar month): the allowance bucket is set to the
 * plan's allowance, what was left lapses, and one `subscription_refill` entry records the
 * difference (with the lapsed amount), so the ledger still sums to the balance. A period missed
 * while the service was down is not replayed: its allowance would have lapsed unused.
 */
export async function refillAllowance(
  tx: Ctx,
  account: LockedAccount,
  opts: { reason: 'opened' | 'period' | 'plan_change' },
): Promise<LockedAccount> {
  const now = tx.clock.now();
  const period = allowancePeriodAt(now);
  const allowance = allowanceOf(account);
  const lapsed = account.row.allowanceMicro;
  const reference = `refill:${period.start.toISOString()}${opts.reason === 'plan_change' ? `:plan:${account.planId}:${now.getTime()}` : ''}`;
  const refilled = await applyChanges(
    tx,
    account,
    [
      {
        entryType: 'subscription_refill',
        bucket: 'allowance',
        amountMicro: allowance - lapsed,
        reference,
        lapsedMicro: lapsed,
      },
    ],
    { periodStart: period.start, periodEnd: period.end },
    // An account that only now opens has crossed nothing.
    { notifyLow: opts.reason !== 'opened' },
  );
  await emitEvent(tx, {
    type: 'billing.allowance_refilled',
    organizationId: account.orgId,
    data: {
      plan_id: account.planId,
      allowance_micro: allowance,
      lapsed_micro: lapsed,
      period_start: period.start.toISOString(),
      period_end: period.end.toISOString(),
      reason: opts.reason,
    },
  });
  return refilled;
}

/**
 * Writes ledger entries and moves the buckets by the same amounts, in the caller's transaction on
 * a locked account. A bucket that would go below zero fails the transaction (a check in the
 * database), so a bug cannot overdraw silently. Sends `billing.credit_low` when the balance
 * crosses into low, once until it recovers.
 */
export async function applyChanges(
  tx: Ctx,
  account: LockedAccount,
  changes: BucketChange[],
  patch: Partial<Pick<repo.CreditAccountRow, 'periodStart' | 'periodEnd' | 'enterpriseAllowanceMicro'>> = {},
  opts: { notifyLow?: boolean } = {},
): Promise<LockedAccount> {
  const now = tx.clock.now();
  const delta = { allowance: 0, prepaid: 0 };
  for (const c of changes) delta[c.bucket] += c.amountMicro;
  await repo.insertLedgerEntries(
    tx.db,
    changes.map((c) => ({
      organizationId: account.orgId,
      entryType: c.entryType,
      balanceBucket: c.bucket,
      amountMicro: c.amountMicro,
      reference: c.reference,
      model: c.model ?? null,
      testRunId: c.testRunId ?? null,
      isStreaming: c.isStreaming ?? false,
      sessionId: c.sessionId ?? null,
      streamingMinute: c.streamingMinute ?? null,
      lapsedMicro: c.lapsedMicro ?? null,
      note: c.note ?? null,
      createdAt: now,
    })),
  );
  const next = {
    ...account.row,
    ...patch,
    allowanceMicro: account.row.allowanceMicro + delta.allowance,
    prepaidMicro: account.row.prepaidMicro + delta.prepaid,
  };
  const low = isLowBalance(next.allowanceMicro + next.prepaidMicro, allowanceOf({ planId: account.planId, row: next }));
  const crossedIntoLow = low && !account.row.lowBalanceNotified;
  const row = await repo.updateAccount(tx.db, account.orgId, {
    ...patch,
    allowanceMicro: next.allowanceMicro,
    prepaidMicro: next.prepaidMicro,
    lowBalanceNotified: low,
    updatedAt: now,
  });
  if (crossedIntoLow && opts.notifyLow !== false) {
    await emitEvent(tx, {
      type: 'billing.credit_low',
      organizationId: account.orgId,
      data: { allowance_micro: row.allowanceMicro, prepaid_micro: row.prepaidMicro, plan_id: account.planId },
    });
  }
  return { ...account, row };
}

/**
 * Deducts `amountMicro` from the allowance first, then prepaid: one entry per bucket touched.
 * What the buckets cannot cover is returned as `uncoveredMicro`, never taken below zero.
 */
export async function deduct(
  tx: Ctx,
  account: LockedAccount,
  amountMicro: number,
  entry: Omit<BucketChange, 'bucket' | 'amountMicro' | 'entryType'>,
): Promise<{ account: LockedAccount; chargedMicro: number; uncoveredMicro: number }> {
  const split = splitDeduction(amountMicro, {
    allowance: account.row.allowanceMicro,
    prepaid: account.row.prepaidMicro,
  });
  const changes: BucketChange[] = [];
  if (split.allowance > 0)
    changes.push({ ...entry, entryType: 'usage_deduction', bucket: 'allowance', amountMicro: -split.allowance });
  if (split.prepaid > 0)
    changes.push({ ...entry, entryType: 'usage_deduction', bucket: 'prepaid', amountMicro: -split.prepaid });
  const after = changes.length ? await applyChanges(tx, account, changes) : account;
  return { account: after, chargedMicro: split.allowance + split.prepaid, uncoveredMicro: split.uncovered };
}
