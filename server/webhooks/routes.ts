// Publish webhooks at start: the outbox listens to the app's committed writes (server/resources/writes.ts), the
// dispatcher starts (a pass now for what a stopped process left, then its sweep) and stops with the app.
// The webhooks' and the log's routes are the engine's (./resource.ts).
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { Gauge } from 'prom-client';
import { metric } from '../http/metrics';
import { DELIVERY_STATUS, webhookDelivery } from '../../shared/resources/webhook';
import { outboxListener } from './outbox';
import { webhooks } from './state';

export const webhookSetup: FastifyPluginAsync = async (app) => {
  const { feeds, dispatcher } = webhooks(app);
  // The dispatcher's question ("what is due?") across every website, answered from an index.
  await sql`create index if not exists webhook_deliveries_due on ${sql.table(webhookDelivery.table)} (${sql.ref('status')}, ${sql.ref('nextAttemptAt')})`.execute(app.db);
  const stopListening = app.writes.listen(outboxListener(feeds, () => app.now(), () => dispatcher.wake()));
  dispatcher.start();
  // Read from the deliveries' table at each scrape: another instance's pending and failed deliveries are in it too,
  // so every instance reports the same figures.
  metric(app, Gauge, {
    name: 'sitedesk_webhook_deliveries',
    help: 'Webhook deliveries waiting to be sent or retried (pending) and given up (failed), every instance',
    labelNames: ['status'] as const,
    async collect(this: Gauge<'status'>) {
      const rows = await app.db
        .selectFrom(webhookDelivery.table)
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('status', 'in', [DELIVERY_STATUS.pending, DELIVERY_STATUS.failed])
        .groupBy('status')
        .execute();
      for (const status of [DELIVERY_STATUS.pending, DELIVERY_STATUS.failed]) {
        this.set({ status }, Number(rows.find((r) => r.status === status)?.n ?? 0));
      }
    },
  });
  app.addHook('onClose', async () => {
    stopListening();
    await dispatcher.close();
  });
};
