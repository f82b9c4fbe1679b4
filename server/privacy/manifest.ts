// Personal data (issue 40, docs/api.md "Personal data"): the keys personal values are sealed with (migration 0032),
// the master key settled at start-up, the erase of one record. Before the history (it seals what the history keeps).
import { m0032_personal_keys } from '../db/migrations/0032_personal_keys';
import { defineModule, optionsOf } from '../module';
import { privacyKeyRoutes, type PrivacyOptions } from './routes';
// Retention (part "retention"): its settings' routes and its periodic task, its tables.
import { m0034_privacy_retention } from '../db/migrations/0034_privacy_retention';
import { retentionRoutes } from './retention';

export const manifest = defineModule('privacy', {
  routes: [
    { name: 'privacy-keys', prefix: '/api', auth: 'bearer', plugin: privacyKeyRoutes },
    // retention
    { name: 'privacy-retention', prefix: '/api', auth: 'bearer', plugin: retentionRoutes },
  ],
  migrations: [
    m0032_personal_keys,
    // retention
    m0034_privacy_retention,
  ],
  options: optionsOf<PrivacyOptions>(),
});
