// The public delivery API: what the websites read, under /content (docs/api.md "Delivery API"). No sign-in, GET
// only, published content only, never a person's data; cached with ETags.
import { defineModule, optionsOf } from '../module';
import { m0037_preview } from '../db/migrations/0037_preview';
import { deliveryRoutes, type DeliveryOptions } from './routes';
import { previewRoutes, websitePreviewResource } from './preview';

export const manifest = defineModule('delivery', {
  routes: [
    { name: 'delivery', prefix: '/content', auth: 'public', plugin: deliveryRoutes },
    // A preview of a record's saved version (./preview.ts): for who may read the record.
    { name: 'preview', prefix: '/api', auth: 'bearer', plugin: previewRoutes },
  ],
  resources: [websitePreviewResource],
  migrations: [m0037_preview],
  /** caching (max-age, stale-while-revalidate), the rate limit per client address, extra areas (tests) */
  options: optionsOf<DeliveryOptions>(),
});
