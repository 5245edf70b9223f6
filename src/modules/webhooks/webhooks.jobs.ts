import type { Container } from '../../container';
import type { JobHandlers } from '../../jobs/catalog';
import { OUTBOX_WAKEUP_TOPIC } from '../events';

/** Outbox dispatch (on every commit that wrote events, and a tick), delivery attempts, retries due, pruning. */
export function webhooksJobs(c: Container) {
  const { webhooks } = c.services;
  c.jobs.onWakeup(OUTBOX_WAKEUP_TOPIC, () => void webhooks.dispatcher.kick());
  return {
    'webhooks.dispatch': () => webhooks.dispatcher.kick(),
    'webhooks.deliver': ({ deliveryId }) => webhooks.deliveries.deliver(deliveryId),
    'webhooks.send_due': async () => void (await webhooks.deliveries.sendDue()),
    'webhooks.prune': async () => void (await webhooks.deliveries.prune()),
  } satisfies Pick<JobHandlers, 'webhooks.dispatch' | 'webhooks.deliver' | 'webhooks.send_due' | 'webhooks.prune'>;
}
