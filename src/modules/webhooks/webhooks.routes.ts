import { z } from 'zod';
import type { RouteModule } from '../../http/types';
import {
  CatalogEntry,
  CreatedWebhook,
  CreateWebhookBody,
  DeliveriesQuery,
  Delivery,
  DeliveryList,
  DeliveryParams,
  RegeneratedSecret,
  StatusDeleted,
  Subscriptions,
  SubscriptionsBody,
  UpdateWebhookBody,
  Webhook,
  WebhookParams,
} from './webhooks.schemas';

const tags = ['webhooks'];

/** Webhook endpoints, their subscriptions, secrets and deliveries (spec: Events). */
export const webhooksRoutes: RouteModule = (app, { services }) => {
  const webhooks = services.webhooks.api;

  app.get('/integrations/events/catalog', {
    schema: { tags, summary: 'Every event type simdeck emits', response: { 200: z.array(CatalogEntry) } },
    handler: (req) => webhooks.eventCatalog({ ctx: req.ctx }),
  });

  app.post('/integrations/webhooks', {
    schema: {
      tags,
      summary: 'Create a webhook; its signing secret is shown only in this response (admin)',
      body: CreateWebhookBody,
      response: { 200: CreatedWebhook },
    },
    handler: (req) => webhooks.createWebhook({ ctx: req.ctx, input: req.body }),
  });

  app.get('/integrations/webhooks', {
    schema: { tags, summary: "The organization's webhooks (developer)", response: { 200: z.array(Webhook) } },
    handler: (req) => webhooks.listWebhooks({ ctx: req.ctx }),
  });

  app.get('/integrations/webhooks/:id', {
    schema: { tags, summary: 'A webhook (developer)', params: WebhookParams, response: { 200: Webhook } },
    handler: (req) => webhooks.getWebhook({ ctx: req.ctx, input: { id: req.params.id } }),
  });

  app.patch('/integrations/webhooks/:id', {
    schema: {
      tags,
      summary: 'Change a webhook (admin)',
      params: WebhookParams,
      body: UpdateWebhookBody,
      response: { 200: Webhook },
    },
    handler: (req) => webhooks.updateWebhook({ ctx: req.ctx, input: { id: req.params.id, body: req.body } }),
  });

  app.delete('/integrations/webhooks/:id', {
    schema: {
      tags,
      summary: 'Delete a webhook and its deliveries (admin)',
      params: WebhookParams,
      response: { 200: StatusDeleted },
    },
    handler: (req) => webhooks.deleteWebhook({ ctx: req.ctx, input: { id: req.params.id } }),
  });

  app.get('/integrations/webhooks/:id/subscriptions', {
    schema: {
      tags,
      summary: "A webhook's event types (developer)",
      params: WebhookParams,
      response: { 200: Subscriptions },
    },
    handler: (req) => webhooks.getSubscriptions({ ctx: req.ctx, input: { id: req.params.id } }),
  });

  app.put('/integrations/webhooks/:id/subscriptions', {
    schema: {
      tags,
      summary: "Replace a webhook's event types (admin)",
      params: WebhookParams,
      body: SubscriptionsBody,
      response: { 200: Subscriptions },
    },
    handler: (req) =>
      webhooks.replaceSubscriptions({ ctx: req.ctx, input: { id: req.params.id, eventTypes: req.body.event_types } }),
  });

  app.post('/integrations/webhooks/:id/regenerate-secret', {
    schema: {
      tags,
      summary: 'Rotate the signing secret; the new one is shown only in this response (admin)',
      params: WebhookParams,
      response: { 200: RegeneratedSecret },
    },
    handler: (req) => webhooks.regenerateSecret({ ctx: req.ctx, input: { id: req.params.id } }),
  });

  app.get('/integrations/webhooks/:id/deliveries', {
    schema: {
      tags,
      summary: 'Deliveries of the last 30 days, most recent first (developer)',
      params: WebhookParams,
      querystring: DeliveriesQuery,
      response: { 200: DeliveryList },
    },
    handler: (req) => webhooks.listDeliveries({ ctx: req.ctx, input: { id: req.params.id, query: req.query } }),
  });

  app.post('/integrations/webhooks/:id/deliveries/:delivery_id/redeliver', {
    schema: {
      tags,
      summary: "Send a past delivery's event again (admin)",
      params: DeliveryParams,
      response: { 200: Delivery },
    },
    handler: (req) =>
      webhooks.redeliver({ ctx: req.ctx, input: { id: req.params.id, deliveryId: req.params.delivery_id } }),
  });
};
