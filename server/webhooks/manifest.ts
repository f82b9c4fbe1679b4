// Publish webhooks (docs/api.md "Publish webhooks"): per website, the addresses told when public content changes,
// the outbox written in each such write's transaction, the dispatcher that sends it, and the delivery log.
import { defineModule, optionsOf } from '../module';
import type { WebhookOptions } from './dispatcher';
import { webhookDeliveryResource, webhookResource } from './resource';
import { webhookSetup } from './routes';

export const manifest = defineModule('webhooks', {
  routes: [{ name: 'webhooks', prefix: '/api', auth: 'bearer', plugin: webhookSetup }],
  resources: [webhookResource, webhookDeliveryResource],
  options: optionsOf<WebhookOptions>(),
});
