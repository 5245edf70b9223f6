import { withTransaction, type Ctx } from '../../context';
import { AppError } from '../../errors';
import { emitEvent } from '../events';
import { applyChanges, lockCreditAccount } from './credit-account';
import * as repo from './credits.repository';
import { BILLING_UNAVAILABLE } from './credits.service';
import { WebhookSignatureError, type CheckoutEvent, type PaymentsGateway } from './stripe-payments';

/** What the handling of one webhook did, for the log and the tests. */
export type WebhookOutcome = 'credited' | 'already_handled' | 'closed' | 'waiting_for_payment' | 'ignored';

/**
 * Stripe's webhook: `checkout.session.completed` (paid) and `async_payment_succeeded` credit the
 * top-up's amount to prepaid. Each event is handled once (its id is recorded in the same
 * transaction as the credit), and each top-up is credited once whatever events arrive, in
 * whatever order: a completed top-up stays completed.
 */
export class StripeWebhookService {
  constructor(private readonly deps: { payments: PaymentsGateway }) {}

  async handleStripeWebhook({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { rawBody: Buffer; signature: string | undefined };
  }): Promise<{ outcome: WebhookOutcome }> {
    if (!this.deps.payments.webhooksAvailable) throw new AppError('UNAVAILABLE', BILLING_UNAVAILABLE);
    let event: ReturnType<PaymentsGateway['verifyWebhook']>;
    try {
      event = this.deps.payments.verifyWebhook(input.rawBody, input.signature);
    } catch (err) {
      if (!(err instanceof WebhookSignatureError)) throw err;
      ctx.log.warn({ reason: err.message }, 'refused a Stripe webhook with a bad signature');
      throw new AppError('BAD_REQUEST', 'The Stripe signature of this request is not valid');
    }
    if (event.type === 'other') return { outcome: 'ignored' };
    const checkout = event;
    const outcome = await withTransaction(ctx, async (tx) => {
      if (
        !(await repo.recordStripeEvent(tx.db, {
          eventId: checkout.id,
          type: checkout.type,
          processedAt: tx.clock.now(),
        }))
      )
        return 'already_handled' as const;
      return this.applyCheckoutEvent(tx, checkout);
    });
    ctx.log.info(
      { stripeEvent: checkout.id, type: checkout.type, topupId: checkout.topupId, outcome },
      'handled a Stripe webhook',
    );
    return { outcome };
  }

  private async applyCheckoutEvent(tx: Ctx, event: CheckoutEvent): Promise<WebhookOutcome> {
    const topup = event.topupId === null ? undefined : await repo.lockTopup(tx.db, event.topupId);
    if (!topup || (topup.checkoutSessionId !== null && topup.checkoutSessionId !== event.checkoutSessionId)) {
      tx.log.warn(
        { stripeEvent: event.id, checkoutSession: event.checkoutSessionId },
        'a Stripe checkout event names no top-up of this simdeck; ignored',
      );
      return 'ignored';
    }
    if (event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed') {
      const closed = await repo.transitionTopup(tx.db, topup.id, ['pending'], {
        status: event.type === 'checkout.session.expired' ? 'expired' : 'failed',
      });
      return closed ? 'closed' : 'already_handled';
    }
    // A completed checkout whose payment is still on its way (bank debits) is credited by async_payment_succeeded.
    if (event.type === 'checkout.session.completed' && event.paymentStatus === 'unpaid') return 'waiting_for_payment';
    if (topup.status === 'completed') return 'already_handled';
    if (
      event.currency !== 'usd' ||
      event.amountTotalCents === null ||
      event.amountTotalCents * 10_000 !== topup.amountMicro
    ) {
      tx.log.error(
        {
          stripeEvent: event.id,
          topupId: topup.id,
          amountTotalCents: event.amountTotalCents,
          currency: event.currency,
        },
        'a paid checkout does not match its top-up; not credited',
      );
      return 'ignored';
    }
    const now = tx.clock.now();
    await repo.transitionTopup(tx.db, topup.id, ['pending', 'failed', 'expired'], {
      status: 'completed',
      completedAt: now,
    });
    await repo.updateTopup(tx.db, topup.id, { checkoutSessionId: event.checkoutSessionId });
    const orgCtx = { ...tx, org: { id: topup.organizationId, role: 'admin' as const } };
    const account = await lockCreditAccount(orgCtx, topup.organizationId);
    const after = await applyChanges(orgCtx, account, [
      { entryType: 'prepaid_topup', bucket: 'prepaid', amountMicro: topup.amountMicro, reference: `topup:${topup.id}` },
    ]);
    await emitEvent(orgCtx, {
      type: 'billing.topup_completed',
      organizationId: topup.organizationId,
      data: {
        topup_id: topup.id,
        amount_micro: topup.amountMicro,
        bundle_key: topup.bundleKey,
        prepaid_micro: after.row.prepaidMicro,
      },
    });
    return 'credited';
  }
}
