import type Stripe from 'stripe';
import { loadStripe } from '../../lazy-modules';

/** Where the Stripe client sends its API calls; unset is Stripe itself. Tests aim it at a local server. */
export interface StripeApiAddress {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

export interface StripeSettings {
  secretKey: string | undefined;
  webhookSecret: string | undefined;
  api: StripeApiAddress | undefined;
}

/** A Checkout Session event, as far as top-ups care. */
export interface CheckoutEvent {
  id: string;
  type:
    | 'checkout.session.completed'
    | 'checkout.session.async_payment_succeeded'
    | 'checkout.session.async_payment_failed'
    | 'checkout.session.expired';
  checkoutSessionId: string;
  paymentStatus: string;
  topupId: number | null;
  amountTotalCents: number | null;
  currency: string | null;
}

export type WebhookEvent = CheckoutEvent | { id: string; type: 'other'; stripeType: string };

/** The signature of a webhook does not match its body (or is missing, or too old). */
export class WebhookSignatureError extends Error {}

/** Payments as top-ups use them: open a hosted checkout, and read the webhooks that report it. */
export interface PaymentsGateway {
  readonly checkoutAvailable: boolean;
  readonly webhooksAvailable: boolean;
  createCheckout(input: {
    topupId: number;
    organizationId: number;
    amountMicro: number;
    description: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ checkoutSessionId: string; url: string }>;
  /** Verifies Stripe's signature over the raw body and returns the event; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent;
}

const CHECKOUT_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/** The gateway over the `stripe` package: Checkout Sessions in payment mode, and its own webhook verification. */
export class StripePayments implements PaymentsGateway {
  private stripe: Stripe | undefined;

  constructor(private readonly settings: StripeSettings) {}

  /** The Stripe client, built (and the package loaded) on first use; undefined without a secret key. */
  private get client(): Stripe | undefined {
    const { secretKey, api } = this.settings;
    if (!secretKey) return undefined;
    const StripeClient = loadStripe();
    this.stripe ??= new StripeClient(secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(api ? { host: api.host, port: api.port, protocol: api.protocol } : {}),
    });
    return this.stripe;
  }

  get checkoutAvailable(): boolean {
    return Boolean(this.settings.secretKey);
  }

  get webhooksAvailable(): boolean {
    return this.settings.webhookSecret !== undefined;
  }

  async createCheckout(input: {
    topupId: number;
    organizationId: number;
    amountMicro: number;
    description: string;
    successUrl: string;
    cancelUrl: string;
  }) {
    if (!this.client) throw new Error('Stripe is not configured');
    const session = await this.client.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: Math.round(input.amountMicro / 10_000),
              product_data: { name: input.description },
            },
          },
        ],
        client_reference_id: String(input.topupId),
        metadata: {
          topup_id: String(input.topupId),
          organization_id: String(input.organizationId),
          amount_micro: String(input.amountMicro),
        },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      },
      // A retried request creates one session.
      { idempotencyKey: `simdeck-topup-${input.topupId}` },
    );
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
    return { checkoutSessionId: session.id, url: session.url };
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent {
    if (!this.settings.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
    if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing');
    let event: Stripe.Event;
    try {
      event = loadStripe().webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch (err) {
      throw new WebhookSignatureError(err instanceof Error ? err.message : String(err));
    }
    if (!CHECKOUT_EVENTS.has(event.type)) return { id: event.id, type: 'other', stripeType: event.type };
    const session = event.data.object as Stripe.Checkout.Session;
    const topupId = Number(session.metadata?.topup_id ?? session.client_reference_id);
    return {
      id: event.id,
      type: event.type as CheckoutEvent['type'],
      checkoutSessionId: session.id,
      paymentStatus: session.payment_status,
      topupId: Number.isSafeInteger(topupId) && topupId > 0 ? topupId : null,
      amountTotalCents: session.amount_total ?? null,
      currency: session.currency ?? null,
    };
  }
}
