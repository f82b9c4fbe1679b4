// The publish webhooks of one app: what feeds which area, and the dispatcher. One per app (keyed by its write
// listeners, the app's own object), never a module-level singleton: tests build many apps in one process.
import type { FastifyInstance } from 'fastify';
import { areas } from '../delivery/areas';
import { WebhookDispatcher } from './dispatcher';
import { AreaFeeds } from './feeds';

export interface Webhooks {
  feeds: AreaFeeds;
  dispatcher: WebhookDispatcher;
}

const perApp = new WeakMap<object, Webhooks>();

export function webhooks(app: FastifyInstance): Webhooks {
  let state = perApp.get(app.writes);
  if (!state) {
    state = {
      feeds: new AreaFeeds(app.resources.defs, areas),
      dispatcher: new WebhookDispatcher(app.db, () => app.now(), app.moduleOptions.webhooks ?? {}, app.resources.engine, (err) => app.log.warn({ err }, 'webhook dispatch failed')),
    };
    perApp.set(app.writes, state);
  }
  return state;
}

/** The app's dispatcher (tests run its sweep after moving the clock). */
export const webhookDispatcher = (app: FastifyInstance) => webhooks(app).dispatcher;
