// Live events (docs/api.md "Live events"): what arrives through the public intake, a record sent for review, a
// decision on one's own submission — written with the write that causes it, streamed to whoever may read it on any
// instance (PostgreSQL LISTEN/NOTIFY), replayed after a drop, marked read, muted per kind.
import { m0027_events } from '../db/migrations/0027_events';
import { defineModule, optionsOf } from '../module';
import { eventsRoutes, type EventsOptions } from './routes';

export const manifest = defineModule('events', {
  routes: [{ name: 'events', prefix: '/api', auth: 'bearer', plugin: eventsRoutes }],
  migrations: [m0027_events],
  options: optionsOf<EventsOptions>(),
});
