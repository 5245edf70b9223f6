import { randomUUID } from 'node:crypto';
import { systemContext, withTransaction, type Ctx } from '../../context';
import { AppError } from '../../errors';
import { recordAudit } from '../audit';
import { PLANS } from '../plans';
import { allowanceOf, applyChanges, lockCreditAccount, refillAllowance } from './credit-account';
import { MICROS_PER_USD } from './credit-rules';
import * as repo from './credits.repository';

/** Largest single grant: a guard against a mistyped amount. */
const MAX_GRANT_MICRO = 100_000 * MICROS_PER_USD;
/** Organizations refilled per transaction batch of the refill job. */
const REFILL_BATCH = 200;

export interface AccountSummary {
  organization_id: number;
  plan_id: string;
  allowance_micro: number;
  prepaid_micro: number;
  plan_allowance_micro: number;
}

/**
 * What the operator does to organizations' credit (`simdeck org set-plan`, `simdeck credits
 * grant`) and the allowance refill job. The actor is the system; the organization is named.
 */
export class CreditsOperatorService {
  /**
   * Puts an organization on a plan. The new plan's allowance applies at once for the rest of the
   * current period (the old allowance lapses, one `subscription_refill` entry); enterprise takes
   * the allowance the operator gives (kept when not given).
   */
  async setOrganizationPlan({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { orgId: number; planId: string; enterpriseAllowanceMicro?: number };
  }): Promise<AccountSummary> {
    if (!Object.hasOwn(PLANS, input.planId))
      throw new AppError('BAD_REQUEST', `plan: one of ${Object.keys(PLANS).join(', ')}`);
    if (input.enterpriseAllowanceMicro !== undefined && input.planId !== 'enterprise')
      throw new AppError(
        'BAD_REQUEST',
        'An allowance can only be set for the enterprise plan; the other plans have theirs',
      );
    const orgCtx = this.orgCtx(ctx, input.orgId);
    return withTransaction(orgCtx, async (tx) => {
      await this.requireOrganization(tx, input.orgId);
      let account = await lockCreditAccount(tx, input.orgId);
      const before = account.planId;
      await repo.setOrganizationPlan(tx.db, input.orgId, input.planId);
      if (input.enterpriseAllowanceMicro !== undefined)
        account = {
          ...account,
          row: await repo.updateAccount(tx.db, input.orgId, {
            enterpriseAllowanceMicro: input.enterpriseAllowanceMicro,
          }),
        };
      account = await refillAllowance(tx, { ...account, planId: input.planId }, { reason: 'plan_change' });
      await recordAudit(tx, {
        action: 'organization.plan_changed',
        resourceType: 'organization',
        resourceId: input.orgId,
        details: { from: before, to: input.planId, allowance_micro: allowanceOf(account) },
      });
      return summaryOf(account);
    });
  }

  /** Adds credit to an organization's prepaid bucket (a `grant` entry); it never expires. */
  async grantCredit({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { orgId: number; amountMicro: number; note?: string };
  }): Promise<AccountSummary> {
    if (!Number.isSafeInteger(input.amountMicro) || input.amountMicro <= 0 || input.amountMicro > MAX_GRANT_MICRO) {
      throw new AppError('BAD_REQUEST', `amount: more than $0 and at most $${MAX_GRANT_MICRO / MICROS_PER_USD}`);
    }
    const orgCtx = this.orgCtx(ctx, input.orgId);
    return withTransaction(orgCtx, async (tx) => {
      await this.requireOrganization(tx, input.orgId);
      const account = await lockCreditAccount(tx, input.orgId);
      const after = await applyChanges(tx, account, [
        {
          entryType: 'grant',
          bucket: 'prepaid',
          amountMicro: input.amountMicro,
          reference: `grant:${randomUUID()}`,
          note: input.note?.trim() || null,
        },
      ]);
      await recordAudit(tx, {
        action: 'credits.granted',
        resourceType: 'organization',
        resourceId: input.orgId,
        details: { amount_micro: input.amountMicro, note: input.note ?? null },
      });
      return summaryOf(after);
    });
  }

  /**
   * The refill job: every organization whose allowance period has ended (or that has no account
   * yet) gets this period's allowance. Safe to run twice or on several replicas at once (the
   * refill happens under the account lock, once per period); after downtime it catches up at once.
   */
  async refillDueAllowances({ ctx }: { ctx: Ctx }): Promise<{ refilled: number }> {
    let refilled = 0;
    let after = 0;
    for (;;) {
      const due = await repo.listOrgsDueForRefill(ctx.db, ctx.clock.now(), after, REFILL_BATCH);
      for (const orgId of due) await withTransaction(this.orgCtx(ctx, orgId), (tx) => lockCreditAccount(tx, orgId));
      refilled += due.length;
      if (due.length < REFILL_BATCH) return { refilled };
      after = due[due.length - 1]!;
    }
  }

  /** Checked before the account lock; a concurrent deletion then fails the transaction on its foreign key. */
  private async requireOrganization(tx: Ctx, orgId: number): Promise<void> {
    if (!(await repo.organizationExists(tx.db, orgId)))
      throw new AppError('NOT_FOUND', `Organization ${orgId} not found`);
  }

  private orgCtx(ctx: Ctx, orgId: number): Ctx {
    return { ...systemContext(ctx, { id: orgId, role: 'admin' }, ctx.requestId), actor: ctx.actor };
  }
}

function summaryOf(account: { orgId: number; planId: string; row: repo.CreditAccountRow }): AccountSummary {
  return {
    organization_id: account.orgId,
    plan_id: account.planId,
    allowance_micro: account.row.allowanceMicro,
    prepaid_micro: account.row.prepaidMicro,
    plan_allowance_micro: allowanceOf(account),
  };
}
