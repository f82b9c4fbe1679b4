// Personal data (issue 40, docs/api.md "Personal data"): the keys personal values are sealed with (migration 0032),
// the master key settled at start-up, the erase of one record. Before the history (it seals what the history keeps).
import { m0032_personal_keys } from '../db/migrations/0032_personal_keys';
import { defineModule, optionsOf } from '../module';
import { privacyKeyRoutes, type PrivacyOptions } from './routes';
import { m0034_privacy_retention } from '../db/migrations/0034_privacy_retention';
import { m0035_history_sealing_upgrade } from '../db/migrations/0035_history_sealing_upgrade';
import { privacyRequestRoutes } from './requests';
import { retentionRoutes } from './retention';

export const manifest = defineModule('privacy', {
  routes: [
    { name: 'privacy-keys', prefix: '/api', auth: 'bearer', plugin: privacyKeyRoutes },
    // How long personal data stays: its settings' routes and its periodic task (./retention.ts).
    { name: 'privacy-retention', prefix: '/api', auth: 'bearer', plugin: retentionRoutes },
    // A person's requests: find their records, export them, erase them (./requests.ts).
    { name: 'privacy-requests', prefix: '/api', auth: 'bearer', plugin: privacyRequestRoutes },
  ],
  migrations: [m0032_personal_keys, m0034_privacy_retention, m0035_history_sealing_upgrade],
  options: optionsOf<PrivacyOptions>(),
});
