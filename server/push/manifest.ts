// The push service: device tokens of signed-in users (table: the base schema).
import { defineModule } from '../module';
import { pushRoutes } from './routes';

export const manifest = defineModule('push', {
  routes: [{ name: 'push', prefix: '/push', auth: 'bearer', plugin: pushRoutes }],
});
