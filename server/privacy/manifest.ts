// Personal data (issue 40, docs/api.md "Personal data"): the keys personal values are sealed with (migration 0032),
// the master key settled at start-up, the erase of one record. Before the history (it seals what the history keeps).
import { m0032_personal_keys } from '../db/migrations/0032_personal_keys';
import { defineModule, optionsOf } from '../module';
import { privacyKeyRoutes, type PrivacyOptions } from './routes';
import { privacyRequestRoutes } from './requests';

export const manifest = defineModule('privacy', {
  routes: [
    { name: 'privacy-keys', prefix: '/api', auth: 'bearer', plugin: privacyKeyRoutes },
    // A person's requests: find their records, export them, erase them (./requests.ts).
    { name: 'privacy-requests', prefix: '/api', auth: 'bearer', plugin: privacyRequestRoutes },
  ],
  migrations: [m0032_personal_keys],
  options: optionsOf<PrivacyOptions>(),
});
