import { actorIdentity, requireRole, withTransaction, type Ctx } from '../../context';
import { AppError, badRequest } from '../../errors';
import { apiTime } from '../../http/api-time';
import { recordAudit } from '../audit';
import { allowanceOf, readCreditAccount, totalOf } from './credit-account';
import {
  BUNDLES,
  CUSTOM_TOPUP_MAX_MICRO,
  CUSTOM_TOPUP_MIN_MICRO,
  formatUsd,
  isLowBalance,
  MICROS_PER_USD,
} from './credit-rules';
import * as repo from './credits.repository';
import type { CreditBalance, LedgerEntry, LedgerList, LedgerQuery, TopupBody } from './credits.schemas';
import type { PaymentsGateway } from './stripe-payments';

export interface CreditsServiceDeps {
  payments: PaymentsGateway;
  appUrl: string;
}

export const BILLING_UNAVAILABLE = 'Billing is not available: this simdeck has no payment provider configured';

/** The balance, the ledger and top-ups, as an organization's members see them. */
export class CreditsService {
  constructor(private readonly deps: CreditsServiceDeps) {}

  async getBalance({ ctx }: { ctx: Ctx }): Promise<CreditBalance> {
    const org = requireRole(ctx, 'viewer');
    const account = await readCreditAccount(ctx, org.id);
    const planAllowance = allowanceOf(account);
    return {
      allowance_micro: account.row.allowanceMicro,
      prepaid_micro: account.row.prepaidMicro,
      plan_allowance_micro: planAllowance,
      plan_period_end: account.planId === 'free' ? null : apiTime(account.row.periodEnd),
      low_balance: isLowBalance(totalOf(account), planAllowance),
      bundles: BUNDLES.map((b) => ({ ...b })),
      custom_min_micro: CUSTOM_TOPUP_MIN_MICRO,
      custom_max_micro: CUSTOM_TOPUP_MAX_MICRO,
      plan_id: account.planId,
      topup_available: this.deps.payments.checkoutAvailable,
    };
  }

  /** Most recent first. */
  async listLedger({ ctx, input }: { ctx: Ctx; input: LedgerQuery }): Promise<LedgerList> {
    const org = requireRole(ctx, 'viewer');
    const [total, rows] = await Promise.all([repo.countLedger(ctx.db, org.id), repo.listLedger(ctx.db, org.id, input)]);
    return { total, entries: rows.map(ledgerEntryOf) };
  }

  /**
   * Opens a Stripe Checkout for a bundle or a whole-dollar custom amount (admin). The credit is
   * applied by the webhook when the payment completes, never here. 503 without Stripe.
   */
  async startTopup({ ctx, input }: { ctx: Ctx; input: TopupBody }): Promise<{ url: string }> {
    const org = requireRole(ctx, 'admin');
    const amountMicro = topupAmount(input);
    if (!this.deps.payments.checkoutAvailable) throw new AppError('UNAVAILABLE', BILLING_UNAVAILABLE);
    const topup = await withTransaction(ctx, async (tx) => {
      const row = await repo.insertTopup(tx.db, {
        organizationId: org.id,
        amountMicro,
        bundleKey: input.bundle_key ?? null,
        createdByUserId: actorIdentity(tx).userId,
        createdAt: tx.clock.now(),
      });
      await recordAudit(tx, {
        action: 'credits.topup_started',
        resourceType: 'credit_topup',
        resourceId: row.id,
        details: { amount_micro: amountMicro, bundle_key: input.bundle_key ?? null },
      });
      return row;
    });
    let checkout: { checkoutSessionId: string; url: string };
    try {
      checkout = await this.deps.payments.createCheckout({
        topupId: topup.id,
        organizationId: org.id,
        amountMicro,
        description: `simdeck usage credit (${formatUsd(amountMicro)})`,
        successUrl: `${this.deps.appUrl}/organization?tab=billing&topup=success&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${this.deps.appUrl}/organization?tab=billing&topup=cancelled`,
      });
    } catch (err) {
      await repo.updateTopup(ctx.db, topup.id, { status: 'failed' });
      ctx.log.error({ err, topupId: topup.id }, 'opening a Stripe checkout failed');
      throw new AppError('UPSTREAM_ERROR', 'The payment provider could not open a checkout; try again in a minute');
    }
    await repo.updateTopup(ctx.db, topup.id, { checkoutSessionId: checkout.checkoutSessionId });
    return { url: checkout.url };
  }
}

/** Exactly one of a known bundle or a whole-dollar amount within the custom bounds. */
function topupAmount(input: TopupBody): number {
  if ((input.bundle_key === undefined) === (input.amount_usd === undefined))
    throw badRequest('Give exactly one of bundle_key or amount_usd');
  if (input.bundle_key !== undefined) {
    const bundle = BUNDLES.find((b) => b.bundle_key === input.bundle_key);
    if (!bundle) throw badRequest(`bundle_key: unknown bundle; one of ${BUNDLES.map((b) => b.bundle_key).join(', ')}`);
    return bundle.amount_micro;
  }
  const micro = input.amount_usd! * MICROS_PER_USD;
  if (micro < CUSTOM_TOPUP_MIN_MICRO || micro > CUSTOM_TOPUP_MAX_MICRO) {
    throw badRequest(
      `amount_usd: must be between ${CUSTOM_TOPUP_MIN_MICRO / MICROS_PER_USD} and ${CUSTOM_TOPUP_MAX_MICRO / MICROS_PER_USD} dollars`,
    );
  }
  return micro;
}

export function ledgerEntryOf(r: repo.LedgerRow): LedgerEntry {
  return {
    id: r.id,
    created_at: apiTime(r.createdAt),
    entry_type: r.entryType,
    balance_bucket: r.balanceBucket,
    amount_micro: r.amountMicro,
    model: r.model,
    test_run_id: r.testRunId,
    is_streaming: r.isStreaming,
    session_id: r.sessionId,
    lapsed_micro: r.lapsedMicro,
    note: r.note,
  };
}
