// Accounts and your own account (issue 39): the accounts as an engine resource with its hooks (./resource.ts), the
// password policy (./password-policy.ts), reset links (./reset.ts: /api/Users/{id}/password-reset and the public
// /auth/password-reset), your password and sessions (./me.ts: /api/Me/…). Tables: the base schema's users and
// sessions, with 0029's columns and the reset links' table.
import { m0029_accounts } from '../db/migrations/0029_accounts';
import { defineModule, optionsOf } from '../module';
import { meRoutes } from './me';
import { resetRoutes, type AccountsOptions } from './reset';
import { fillSearchText, userResource } from './resource';

export const manifest = defineModule('accounts', {
  routes: [
    { name: 'me', prefix: '/api', auth: 'bearer', plugin: meRoutes },
    { name: 'password-reset', prefix: '/auth', auth: 'public', plugin: resetRoutes },
  ],
  resources: [userResource],
  migrations: [m0029_accounts],
  /** SMTP_URL, MAIL_FROM, PUBLIC_URL (server/config.ts) */
  options: optionsOf<AccountsOptions>(),
  ready: fillSearchText,
});
