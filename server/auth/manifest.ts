// Accounts and sign-in: the OAuth2 token endpoints under /auth (tables: the base schema; the signing key's: 0024).
import { m0024_server_secrets } from '../db/migrations/0024_server_secrets';
import { defineModule } from '../module';
import { authRoutes } from './routes';

export const manifest = defineModule('auth', {
  routes: [{ name: 'auth', prefix: '/auth', auth: 'public', plugin: authRoutes }],
  migrations: [m0024_server_secrets],
});
