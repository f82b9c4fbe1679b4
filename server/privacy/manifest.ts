// Personal data (issue 40, docs/api.md "Personal data"): the keys personal values are sealed with (migration 0032),
// the master key settled at start-up, the erase of one record. Before the history (it seals what the history keeps).
import { m0032_personal_keys } from '../db/migrations/0032_personal_keys';
import { defineModule, optionsOf } from '../module';
import { privacyKeyRoutes, type PrivacyOptions } from './routes';

export const manifest = defineModule('privacy', {
  routes: [{ name: 'privacy-keys', prefix: '/api', auth: 'bearer', plugin: privacyKeyRoutes }],
  migrations: [m0032_personal_keys],
  options: optionsOf<PrivacyOptions>(),
});
