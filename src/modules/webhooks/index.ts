export { createWebhooks } from './webhooks';
export type { WebhookServices } from './webhooks';
