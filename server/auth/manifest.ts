// Accounts and sign-in: the OAuth2 token endpoints under /auth (tables: the base schema; the signing key's: 0024; the
// second factor's and the sign-in records': 0030), and one's own second factor under /api/Me/2fa.
import { m0024_server_secrets } from '../db/migrations/0024_server_secrets';
import { m0030_two_factor } from '../db/migrations/0030_two_factor';
import { defineModule, optionsOf } from '../module';
import { authRoutes, type AuthOptions } from './routes';
import { twoFactorRoutes } from './two-factor-routes';

export const manifest = defineModule('auth', {
  routes: [
    { name: 'auth', prefix: '/auth', auth: 'public', plugin: authRoutes },
    { name: 'twoFactor', prefix: '/api', auth: 'bearer', plugin: twoFactorRoutes },
  ],
  migrations: [m0024_server_secrets, m0030_two_factor],
  options: optionsOf<AuthOptions>(),
});
