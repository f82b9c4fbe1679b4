// The privacy module's start: it settles the master key personal data keys are wrapped with (./keys.ts), under the
// start-up lock (route modules are registered inside it), before any write can seal a value; then seals what an
// earlier version kept in clear (./upgrade.ts).
import type { FastifyPluginAsync } from 'fastify';
import { parseMasterKey, settleMasterKey } from './keys';
import { sealEarlierValues } from './upgrade';

/** buildApp({ privacy }): PERSONAL_DATA_KEY (base64 of 32 bytes); unset, the database keeps one. */
export interface PrivacyOptions {
  personalDataKey?: string;
}

export const privacyKeyRoutes: FastifyPluginAsync = async (app) => {
  await settleMasterKey(app.db, app.now(), parseMasterKey(app.moduleOptions.privacy?.personalDataKey));
  // What an earlier version wrote in clear, sealed now (once; a no-op afterwards).
  const sealed = await sealEarlierValues(app);
  if (sealed) app.log.info({ sealed }, 'privacy: earlier history entries, trash rows and events sealed');
};
