import { actorIdentity, requireRole, withTransaction, type Ctx } from '../../context';
import type { SecretBox } from '../../crypto/secret-box';
import { badRequest, notFound } from '../../errors';
import { apiTime, apiTimeOrNull } from '../../http/api-time';
import type { JobQueue } from '../../jobs/queue';
import { recordAudit } from '../audit';
import { DEFAULT_EVENT_TYPES, EVENT_CATALOG, isCatalogType, type CatalogEntry } from './event-catalog';
import { newSigningSecret } from './signature';
import { DELIVERY_RETENTION_MS } from './webhook-deliveries';
import { checkWebhookTarget, type WebhookTargetRules } from './webhook-target';
import * as repo from './webhooks.repository';
import type { CreateWebhookBody, DeliveriesQuery, Delivery, UpdateWebhookBody, Webhook } from './webhooks.schemas';

/** Most webhooks one organization may have. */
export const MAX_WEBHOOKS = 20;
const PAYLOAD_EXCERPT_CHARS = 4096;

function renderWebhook(row: repo.WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    enabled: row.enabled,
    event_types: row.eventTypes,
    created_at: apiTime(row.createdAt),
    updated_at: apiTime(row.updatedAt),
  };
}

function renderDelivery(row: repo.DeliveryRow): Delivery {
  const open = row.state === 'pending' || row.state === 'retrying';
  return {
    id: row.id,
    event_id: `evt_${row.eventId}`,
    event_type: row.eventType,
    status: row.state,
    attempts: row.attempts,
    response_status: row.responseStatus,
    response_excerpt: row.responseExcerpt,
    error: row.error,
    payload_excerpt: row.body.slice(0, PAYLOAD_EXCERPT_CHARS),
    duration_ms: row.durationMs,
    created_at: apiTime(row.createdAt),
    last_attempt_at: apiTimeOrNull(row.lastAttemptAt),
    next_attempt_at: open ? apiTimeOrNull(row.nextAttemptAt) : null,
    delivered_at: apiTimeOrNull(row.deliveredAt),
    redelivery_of: row.redeliveryOf,
    attempt_log: row.attemptLog,
  };
}

/** Event types as given, checked against the catalog, without repeats. */
function checkEventTypes(types: string[]): string[] {
  const unknown = types.filter((t) => !isCatalogType(t));
  if (unknown.length > 0)
    throw badRequest(
      `event_types: unknown event type ${unknown.map((t) => `'${t.slice(0, 100)}'`).join(', ')}; see GET /integrations/events/catalog`,
    );
  return [...new Set(types)];
}

/** Webhook endpoints of an organization: who is told what, and what was delivered (spec: Events). */
export class WebhooksService {
  constructor(private readonly deps: { secretBox: SecretBox; jobs: JobQueue; targetRules: WebhookTargetRules }) {}

  eventCatalog({ ctx }: { ctx: Ctx }): CatalogEntry[] {
    requireRole(ctx, 'viewer');
    return EVENT_CATALOG;
  }

  /**
   * A new endpoint; its target must be a public address (checked again on every delivery). The
   * signing secret is returned once; it is stored sealed, as signing needs it back.
   */
  async createWebhook({ ctx, input }: { ctx: Ctx; input: CreateWebhookBody }) {
    const org = requireRole(ctx, 'admin');
    const url = await checkWebhookTarget(input.url, this.deps.targetRules);
    const eventTypes = input.event_types === undefined ? DEFAULT_EVENT_TYPES : checkEventTypes(input.event_types);
    const secret = newSigningSecret();
    return withTransaction(ctx, async (tx) => {
      if ((await repo.countWebhooks(tx.db, org.id)) >= MAX_WEBHOOKS)
        throw badRequest(`An organization can have at most ${MAX_WEBHOOKS} webhooks`);
      const now = tx.clock.now();
      const row = await repo.insertWebhook(tx.db, {
        organizationId: org.id,
        url: url.href,
        description: input.description ?? null,
        enabled: input.enabled,
        eventTypes,
        secretSealed: this.deps.secretBox.seal(secret),
        createdByUserId: actorIdentity(tx).userId,
        createdAt: now,
        updatedAt: now,
      });
      await recordAudit(tx, {
        action: 'webhook.created',
        resourceType: 'webhook',
        resourceId: row.id,
        details: { url: row.url, event_types: eventTypes },
      });
      return { ...renderWebhook(row), secret };
    });
  }

  async listWebhooks({ ctx }: { ctx: Ctx }): Promise<Webhook[]> {
    const org = requireRole(ctx, 'developer');
    return (await repo.listWebhooks(ctx.db, org.id)).map(renderWebhook);
  }

  async getWebhook({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<Webhook> {
    return renderWebhook(await this.load(ctx, input.id, 'developer'));
  }

  async updateWebhook({ ctx, input }: { ctx: Ctx; input: { id: number; body: UpdateWebhookBody } }): Promise<Webhook> {
    const { body } = input;
    requireRole(ctx, 'admin');
    const url = body.url === undefined ? undefined : await checkWebhookTarget(body.url, this.deps.targetRules);
    const eventTypes = body.event_types === undefined ? undefined : checkEventTypes(body.event_types);
    return withTransaction(ctx, async (tx) => {
      const hook = await this.load(tx, input.id, 'admin', true);
      const row = await repo.updateWebhook(tx.db, hook.id, {
        ...(url ? { url: url.href } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
        ...(eventTypes ? { eventTypes } : {}),
        updatedAt: tx.clock.now(),
      });
      await recordAudit(tx, {
        action: 'webhook.updated',
        resourceType: 'webhook',
        resourceId: row.id,
        details: { fields: Object.keys(body).filter((k) => body[k as keyof UpdateWebhookBody] !== undefined) },
      });
      return renderWebhook(row);
    });
  }

  /** Deleting an endpoint drops its deliveries: nothing more is sent to it, retries included. */
  async deleteWebhook({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<{ status: 'deleted' }> {
    await withTransaction(ctx, async (tx) => {
      const hook = await this.load(tx, input.id, 'admin', true);
      await repo.deleteWebhook(tx.db, hook.id);
      await recordAudit(tx, {
        action: 'webhook.deleted',
        resourceType: 'webhook',
        resourceId: hook.id,
        details: { url: hook.url },
      });
    });
    return { status: 'deleted' };
  }

  async getSubscriptions({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<{ event_types: string[] }> {
    return { event_types: (await this.load(ctx, input.id, 'developer')).eventTypes };
  }

  async replaceSubscriptions({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { id: number; eventTypes: string[] };
  }): Promise<{ event_types: string[] }> {
    requireRole(ctx, 'admin');
    const eventTypes = checkEventTypes(input.eventTypes);
    return withTransaction(ctx, async (tx) => {
      const hook = await this.load(tx, input.id, 'admin', true);
      const row = await repo.updateWebhook(tx.db, hook.id, { eventTypes, updatedAt: tx.clock.now() });
      await recordAudit(tx, {
        action: 'webhook.subscriptions_replaced',
        resourceType: 'webhook',
        resourceId: hook.id,
        details: { from: hook.eventTypes, to: eventTypes },
      });
      return { event_types: row.eventTypes };
    });
  }

  /** A new signing secret, returned once; deliveries are signed with it from now on. */
  async regenerateSecret({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<{ secret: string }> {
    const secret = newSigningSecret();
    await withTransaction(ctx, async (tx) => {
      const hook = await this.load(tx, input.id, 'admin', true);
      await repo.updateWebhook(tx.db, hook.id, {
        secretSealed: this.deps.secretBox.seal(secret),
        updatedAt: tx.clock.now(),
      });
      await recordAudit(tx, { action: 'webhook.secret_regenerated', resourceType: 'webhook', resourceId: hook.id });
    });
    return { secret };
  }

  /** Deliveries of the last 30 days, most recent first. */
  async listDeliveries({ ctx, input }: { ctx: Ctx; input: { id: number; query: DeliveriesQuery } }) {
    const hook = await this.load(ctx, input.id, 'developer');
    const since = new Date(ctx.clock.now().getTime() - DELIVERY_RETENTION_MS);
    const { total, rows } = await repo.listDeliveries(ctx.db, hook.id, since, input.query);
    return { total, deliveries: rows.map(renderDelivery) };
  }

  /** Sends a past delivery's event again, as a new delivery with attempts of its own. */
  async redeliver({ ctx, input }: { ctx: Ctx; input: { id: number; deliveryId: number } }): Promise<Delivery> {
    return withTransaction(ctx, async (tx) => {
      const hook = await this.load(tx, input.id, 'admin');
      const past = await repo.findDelivery(tx.db, hook.id, input.deliveryId);
      if (!past) throw notFound('Delivery');
      if (!hook.enabled) throw badRequest('The webhook is disabled; enable it to redeliver');
      const now = tx.clock.now();
      const [row] = await repo.insertDeliveries(tx.db, [
        {
          organizationId: hook.organizationId,
          webhookId: hook.id,
          eventId: past.eventId,
          eventType: past.eventType,
          body: past.body,
          nextAttemptAt: now,
          redeliveryOf: past.id,
          createdAt: now,
        },
      ]);
      await this.deps.jobs.send('webhooks.deliver', { deliveryId: row!.id }, { db: tx.db });
      await recordAudit(tx, {
        action: 'webhook.redelivered',
        resourceType: 'webhook',
        resourceId: hook.id,
        details: { delivery_id: past.id, new_delivery_id: row!.id },
      });
      return renderDelivery(row!);
    });
  }

  private async load(ctx: Ctx, id: number, min: 'developer' | 'admin', forUpdate = false): Promise<repo.WebhookRow> {
    const org = requireRole(ctx, min);
    const hook = await repo.findWebhook(ctx.db, org.id, id, { forUpdate });
    if (!hook) throw notFound('Webhook');
    return hook;
  }
}
