// GET /metrics: this instance's registry (server/http/metrics.ts) in Prometheus' text format, with the series read at
// scrape time that no module owns: the database pool, the periodic tasks' last runs, and the process's own.
//
// Who may read it: a client on this machine (the connection's address is loopback and no proxy forwarded it, since a
// reverse proxy on the same machine connects from loopback for everyone), or any client sending METRICS_TOKEN as a
// bearer. Otherwise 403 (no token sent) or 401 (a wrong one), with a Message as every error has.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge } from 'prom-client';
import { httpError } from '../errors';
import { metric } from '../http/metrics';
import { M } from '../messages';

export interface MetricsOptions {
  /** METRICS_TOKEN: the bearer token a scraper on another machine sends. Unset: loopback only. */
  token?: string;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** Whether the request comes from this machine itself, not through a proxy. */
function fromThisMachine(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && LOOPBACK.test(request.socket.remoteAddress ?? '');
}

/** Compares two secrets in a time that does not depend on where they differ. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export const metricsRoutes: FastifyPluginAsync = async (app) => {
  const token = app.moduleOptions.metrics?.token;

  metric(app, Gauge, {
    name: 'sitedesk_db_pool_in_use',
    help: 'Database connections lent to a query or transaction now (SQLite: always 0, one synchronous connection)',
    collect(this: Gauge) {
      this.set(app.dbPool().inUse);
    },
  });
  metric(app, Gauge, {
    name: 'sitedesk_db_pool_waiting',
    help: 'Queries waiting for a free database connection now (SQLite: always 0)',
    collect(this: Gauge) {
      this.set(app.dbPool().waiting);
    },
  });
  metric(app, Gauge, {
    name: 'sitedesk_db_pool_max',
    help: 'Database connections the pool may open (SQLite: 1)',
    collect(this: Gauge) {
      this.set(app.dbPool().max);
    },
  });
  // Read from the table every instance writes (server/db/periodic.ts), so each reports the same ages.
  metric(app, Gauge, {
    name: 'sitedesk_periodic_task_age_seconds',
    help: 'Seconds since the last run of each periodic task ended, whichever instance ran it',
    labelNames: ['task'] as const,
    async collect(this: Gauge<'task'>) {
      this.reset();
      const now = app.now().getTime();
      for (const run of await app.db.selectFrom('periodic_runs').select(['name', 'finishedAt']).execute()) {
        this.set({ task: run.name }, Math.max(0, (now - Date.parse(run.finishedAt)) / 1000));
      }
    },
  });
  metric(app, Gauge, {
    name: 'sitedesk_periodic_task_failed',
    help: 'Whether the last run of each periodic task failed (1) or not (0)',
    labelNames: ['task'] as const,
    async collect(this: Gauge<'task'>) {
      this.reset();
      for (const run of await app.db.selectFrom('periodic_runs').select(['name', 'failed']).execute()) this.set({ task: run.name }, run.failed ? 1 : 0);
    },
  });

  // The process's own (event-loop lag, memory, CPU, handles), on this app's registry. Started at the first scrape:
  // their timers and observers then cost only a server that is scraped (the suite's apps never are, but one).
  let processMetrics = false;

  app.get('/', async (request, reply) => {
    if (!fromThisMachine(request)) {
      const auth = request.headers.authorization;
      if (!auth) throw httpError(403, M.metricsLocalOnly);
      const given = /^Bearer\s+(.+)$/i.exec(auth)?.[1]?.trim();
      if (!token || !given || !sameSecret(given, token)) throw httpError(401, M.metricsBadToken, {}, { 'www-authenticate': 'Bearer' });
    }
    if (!processMetrics) {
      processMetrics = true;
      collectDefaultMetrics({ register: app.metrics });
    }
    const text = await app.metrics.metrics();
    return reply.header('content-type', app.metrics.contentType).header('cache-control', 'no-store').send(text);
  });
};
