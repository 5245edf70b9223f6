import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { SecretBox } from '../../crypto/secret-box';
import type { Db } from '../../db/client';
import { apiTime } from '../../http/api-time';
import type { JobQueue } from '../../jobs/queue';
import { signatureHeader } from './signature';
import type { SendResult, WebhookSender } from './webhook-sender';
import * as repo from './webhooks.repository';

/** Waits before the 2nd … 6th attempt of a failed delivery; after the 6th it is failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 6 * 3600_000];
/** An attempt holds its delivery this long; one whose process died is due again after it. */
const ATTEMPT_LEASE_MS = 60_000;
/** Delivery history is kept this long. */
export const DELIVERY_RETENTION_MS = 30 * 24 * 3600_000;

/**
 * Attempts deliveries (the `webhooks.deliver` job): signed POST, success on a 2xx within 10 s,
 * otherwise retried on the schedule above, timed by the service clock. A retry is a job that
 * starts after the due time; `sendDue` (a recurring job) also enqueues whatever is due, which
 * covers a lost job and a clock that moves on its own (tests).
 */
export class WebhookDeliveries {
  constructor(
    private readonly d: {
      db: Db;
      clock: Clock;
      log: FastifyBaseLogger;
      jobs: JobQueue;
      secretBox: SecretBox;
      sender: WebhookSender;
    },
  ) {}

  async deliver(deliveryId: number): Promise<void> {
    const now = this.d.clock.now();
    const claimed = await repo.claimDelivery(this.d.db, deliveryId, now, new Date(now.getTime() + ATTEMPT_LEASE_MS));
    if (!claimed) return;
    const hook = await repo.findWebhookById(this.d.db, claimed.webhookId);
    if (!hook) return;
    const at = this.d.clock.now();
    const entry = { at: apiTime(at), response_status: null, error: null, duration_ms: 0 };
    if (!hook.enabled) {
      await repo.recordAttempt(
        this.d.db,
        claimed,
        { state: 'failed', nextAttemptAt: null, error: 'The webhook is disabled' },
        { ...entry, error: 'The webhook is disabled' },
      );
      return;
    }
    const result = await this.attempt(hook, claimed, at);
    const after = this.d.clock.now();
    const outcome = {
      responseStatus: result.status,
      responseExcerpt: result.excerpt,
      error: result.error,
      durationMs: result.durationMs,
    };
    const logged = { ...entry, response_status: result.status, error: result.error, duration_ms: result.durationMs };
    if (result.ok) {
      await repo.recordAttempt(
        this.d.db,
        claimed,
        { state: 'succeeded', nextAttemptAt: null, deliveredAt: after, ...outcome },
        logged,
      );
      return;
    }
    const delay = RETRY_DELAYS_MS[claimed.attempts - 1];
    if (delay === undefined) {
      await repo.recordAttempt(this.d.db, claimed, { state: 'failed', nextAttemptAt: null, ...outcome }, logged);
      return;
    }
    const next = new Date(after.getTime() + delay);
    const recorded = await repo.recordAttempt(
      this.d.db,
      claimed,
      { state: 'retrying', nextAttemptAt: next, ...outcome },
      logged,
    );
    if (recorded) await this.d.jobs.send('webhooks.deliver', { deliveryId: claimed.id }, { startAfter: next });
  }

  /** One signed POST; an error of ours (a secret that cannot be opened) is a failed attempt too, so the schedule holds. */
  private async attempt(hook: repo.WebhookRow, d: repo.DeliveryRow, at: Date): Promise<SendResult> {
    try {
      return await this.d.sender.send(hook.url, d.body, {
        'content-type': 'application/json',
        'user-agent': 'simdeck-webhooks/1',
        'x-webhook-event': d.eventType,
        'x-webhook-delivery': String(d.id),
        'x-webhook-signature': signatureHeader(this.d.secretBox.open(hook.secretSealed), d.body, at),
      });
    } catch (err) {
      this.d.log.error({ err, deliveryId: d.id }, 'webhook delivery could not be sent');
      return {
        ok: false,
        status: null,
        excerpt: null,
        error: 'Internal error while sending the delivery',
        durationMs: 0,
      };
    }
  }

  /** Enqueues an attempt for every delivery due on the service clock. Returns how many. */
  async sendDue(): Promise<number> {
    const ids = await repo.listDueDeliveryIds(this.d.db, this.d.clock.now(), 500);
    for (const deliveryId of ids) await this.d.jobs.send('webhooks.deliver', { deliveryId });
    return ids.length;
  }

  /** Drops deliveries, and dispatched outbox rows, older than the retention. */
  async prune(): Promise<{ deliveries: number; events: number }> {
    return repo.pruneBefore(this.d.db, new Date(this.d.clock.now().getTime() - DELIVERY_RETENTION_MS));
  }
}
