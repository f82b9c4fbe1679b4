// Publish webhooks at start: the outbox listens to the app's committed writes (server/resources/writes.ts), the
// dispatcher starts (a pass now for what a stopped process left, then its sweep) and stops with the app.
// The webhooks' and the log's routes are the engine's (./resource.ts).
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { webhookDelivery } from '../../shared/resources/webhook';
import { outboxListener } from './outbox';
import { webhooks } from './state';

export const webhookSetup: FastifyPluginAsync = async (app) => {
  const { feeds, dispatcher } = webhooks(app);
  // The dispatcher's question ("what is due?") across every website, answered from an index.
  await sql`create index if not exists webhook_deliveries_due on ${sql.table(webhookDelivery.table)} (${sql.ref('status')}, ${sql.ref('nextAttemptAt')})`.execute(app.db);
  const stopListening = app.writes.listen(outboxListener(feeds, () => app.now(), () => dispatcher.wake()));
  dispatcher.start();
  app.addHook('onClose', async () => {
    stopListening();
    await dispatcher.close();
  });
};
