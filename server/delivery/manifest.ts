// The public delivery API: what the websites read, under /content (docs/api.md "Delivery API"). No sign-in, GET
// only, published content only, never a person's data; cached with ETags.
import { defineModule, optionsOf } from '../module';
import { deliveryRoutes, type DeliveryOptions } from './routes';

export const manifest = defineModule('delivery', {
  routes: [{ name: 'delivery', prefix: '/content', auth: 'public', plugin: deliveryRoutes }],
  /** caching (max-age, stale-while-revalidate), the rate limit per client address, extra areas (tests) */
  options: optionsOf<DeliveryOptions>(),
});
