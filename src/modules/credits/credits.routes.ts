import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, RouteModule } from '../../http/types';
import {
  CreditBalance,
  LedgerList,
  LedgerQuery,
  TopupBody,
  TopupResponse,
  UsageDashboard,
  WebhookReceived,
} from './credits.schemas';

export const creditsRoutes: RouteModule = async (app, { services }) => {
  const { credits, usage, webhooks } = services.credits;
  const tags = ['credits and usage'];

  app.get('/credits/balance', {
    schema: {
      tags,
      summary: 'Credit balance: allowance, prepaid credit, bundles and top-up bounds',
      response: { 200: CreditBalance },
    },
    handler: (req) => credits.getBalance({ ctx: req.ctx }),
  });

  app.get('/credits/ledger', {
    schema: {
      tags,
      summary: 'Credit ledger entries, most recent first',
      querystring: LedgerQuery,
      response: { 200: LedgerList },
    },
    handler: (req) => credits.listLedger({ ctx: req.ctx, input: req.query }),
  });

  app.post('/credits/topup', {
    schema: {
      tags,
      summary:
        'Open a Stripe Checkout for a bundle or a custom whole-dollar amount (admin); credit is applied when it completes',
      body: TopupBody,
      response: { 200: TopupResponse },
    },
    handler: (req) => credits.startTopup({ ctx: req.ctx, input: req.body }),
  });

  app.get('/usage/dashboard', {
    schema: { tags, summary: "This month's usage against the plan's limits", response: { 200: UsageDashboard } },
    handler: (req) => usage.getUsageDashboard({ ctx: req.ctx }),
  });

  // Own scope: Stripe signs the exact bytes it sent, so this route reads the body raw.
  await app.register(async (scope) => {
    const raw: App = scope.withTypeProvider<ZodTypeProvider>();
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    raw.post('/billing/stripe/webhook', {
      config: { public: true },
      schema: {
        tags: ['billing'],
        summary: "Stripe's webhook (signed with STRIPE_WEBHOOK_SECRET); credits completed top-ups",
        response: { 200: WebhookReceived },
      },
      handler: async (req) => {
        const signature = req.headers['stripe-signature'];
        await webhooks.handleStripeWebhook({
          ctx: req.ctx,
          input: {
            rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
            signature: typeof signature === 'string' ? signature : undefined,
          },
        });
        return { received: true as const };
      },
    });
  });
};
