import { z } from 'zod';
import { DELIVERY_STATES } from '../../db/schema';
import { ApiTimestamp } from '../../http/api-time';
import { Offset, RowId } from '../../http/schemas';
import { EVENT_CATEGORIES } from './event-catalog';

const EventTypes = z
  .array(z.string().min(1).max(100))
  .max(100)
  .meta({ description: 'Event types from GET /integrations/events/catalog' });

export const CreateWebhookBody = z.object({
  url: z.string().trim().min(1).max(2048),
  description: z.string().trim().max(500).nullable().optional(),
  enabled: z.boolean().default(true),
  event_types: EventTypes.optional().meta({ description: 'Omit for the catalog entries with default_enabled' }),
});
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;

export const UpdateWebhookBody = z.object({
  url: z.string().trim().min(1).max(2048).optional(),
  description: z.string().trim().max(500).nullable().optional(),
  enabled: z.boolean().optional(),
  event_types: EventTypes.optional(),
});
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBody>;

export const SubscriptionsBody = z.object({ event_types: EventTypes });
export const Subscriptions = z.object({ event_types: z.array(z.string()) });

export const WebhookParams = z.object({ id: RowId });
export const DeliveryParams = z.object({ id: RowId, delivery_id: RowId });
export const DeliveriesQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50), offset: Offset });
export type DeliveriesQuery = z.infer<typeof DeliveriesQuery>;

export const Webhook = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string().nullable(),
  enabled: z.boolean(),
  event_types: z.array(z.string()),
  created_at: ApiTimestamp,
  updated_at: ApiTimestamp.meta({ description: 'additive' }),
});
export type Webhook = z.infer<typeof Webhook>;

export const CreatedWebhook = Webhook.extend({
  secret: z.string().meta({ description: 'The signing secret; shown only in this response' }),
});
export const RegeneratedSecret = z.object({
  secret: z
    .string()
    .meta({ description: 'The new signing secret; shown only in this response. The old one stops signing at once.' }),
});

export const CatalogEntry = z.object({
  type: z.string(),
  category: z.enum(EVENT_CATEGORIES),
  description: z.string(),
  default_enabled: z.boolean(),
});

export const Delivery = z.object({
  id: z.number().int(),
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  response_status: z.number().int().nullable(),
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
  payload_excerpt: z.string().meta({ description: 'The body sent, up to 4096 characters' }),
  duration_ms: z.number().int().nullable(),
  created_at: ApiTimestamp,
  last_attempt_at: ApiTimestamp.nullable(),
  next_attempt_at: ApiTimestamp.nullable(),
  delivered_at: ApiTimestamp.nullable(),
  redelivery_of: z.number().int().nullable(),
  attempt_log: z.array(
    z.object({
      at: ApiTimestamp,
      response_status: z.number().int().nullable(),
      error: z.string().nullable(),
      duration_ms: z.number().int(),
    }),
  ),
});
export type Delivery = z.infer<typeof Delivery>;

export const DeliveryList = z.object({ total: z.number().int(), deliveries: z.array(Delivery) });
export const StatusDeleted = z.object({ status: z.literal('deleted') });
