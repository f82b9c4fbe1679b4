// Accounts and sign-in: the OAuth2 token endpoints under /auth (tables: the base schema).
import { defineModule } from '../module';
import { authRoutes } from './routes';

export const manifest = defineModule('auth', {
  routes: [{ name: 'auth', prefix: '/auth', auth: 'public', plugin: authRoutes }],
});
