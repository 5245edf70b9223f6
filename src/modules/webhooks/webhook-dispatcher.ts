import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import { systemContext, withTransaction } from '../../context';
import type { Db } from '../../db/client';
import { apiTime } from '../../http/api-time';
import type { JobQueue } from '../../jobs/queue';
import * as repo from './webhooks.repository';

const BATCH = 200;

/** The body every delivery of an event carries (docs/design/0021-webhooks.md): the same bytes on every attempt. */
export function deliveryBody(e: repo.DomainEventRow): string {
  return JSON.stringify({
    id: `evt_${e.id}`,
    type: e.type,
    created_at: apiTime(e.createdAt),
    organization_id: e.organizationId,
    data: e.data,
    metadata: e.metadata ?? null,
  });
}

/**
 * Turns the outbox into deliveries: for each undispatched domain event, one delivery row and one
 * `webhooks.deliver` job per enabled webhook of its organization subscribed to its type, and the
 * event marked dispatched, all in one transaction.
 */
export class WebhookDispatcher {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(private readonly d: { db: Db; clock: Clock; log: FastifyBaseLogger; jobs: JobQueue }) {}

  /** Dispatches what the outbox holds; while a pass runs, a kick makes it go round once more. */
  kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.dispatchPending();
        } while (this.again);
      } catch (err) {
        this.d.log.error({ err }, 'webhook dispatch failed; the next tick retries');
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Returns the number of events dispatched. */
  async dispatchPending(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await withTransaction(systemContext(this.d), async (tx) => {
        const events = await repo.lockUndispatchedEvents(tx.db, BATCH);
        if (events.length === 0) return 0;
        const now = tx.clock.now();
        const hooks = await repo.enabledWebhooksOf(tx.db, [...new Set(events.map((e) => e.organizationId))]);
        const rows = events.flatMap((e) => {
          const subscribed = hooks.filter(
            (h) => h.organizationId === e.organizationId && h.eventTypes.includes(e.type),
          );
          if (subscribed.length === 0) return [];
          const body = deliveryBody(e);
          return subscribed.map((h) => ({
            organizationId: e.organizationId,
            webhookId: h.id,
            eventId: e.id,
            eventType: e.type,
            body,
            nextAttemptAt: now,
            createdAt: now,
          }));
        });
        for (const delivery of await repo.insertDeliveries(tx.db, rows)) {
          await this.d.jobs.send('webhooks.deliver', { deliveryId: delivery.id }, { db: tx.db });
        }
        await repo.markEventsDispatched(
          tx.db,
          events.map((e) => e.id),
          now,
        );
        return events.length;
      });
      total += n;
      if (n < BATCH) return total;
    }
  }
}
