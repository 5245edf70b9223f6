import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { SecretBox } from '../../crypto/secret-box';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookSender } from './webhook-sender';
import { WebhooksService } from './webhooks.service';

export type WebhookServices = ReturnType<typeof createWebhooks>;

/** The webhook subsystem, wired: the API, the outbox dispatcher, and the deliveries. */
export function createWebhooks(d: {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  secretBox: SecretBox;
}) {
  const sender = new WebhookSender({ rules: d.config.webhooks, log: d.log });
  return {
    api: new WebhooksService({
      secretBox: d.secretBox,
      jobs: d.jobs,
      targetRules: d.config.webhooks,
    }),
    dispatcher: new WebhookDispatcher(d),
    deliveries: new WebhookDeliveries({ ...d, sender }),
    close: () => sender.close(),
  };
}
