// The app's metrics (issue 43; docs/operations.md): one prom-client registry per app instance, never prom-client's
// global one (the server tests run several apps in one process: the same metric registered twice on one registry
// throws, and two apps would add up each other's counts). Every module registers its own series on `app.metrics`
// (`metric(app, Gauge, {…})`); the /metrics route (server/metrics/) answers the registry.
//
// The request series are counted here, by an onResponse hook on the root (so every route of every module sees it):
// labelled by the route's template (`/api/news/:id`), never the raw URL (ids, queries: a series per record would grow
// without end), answers no route matched (the console's files, unknown addresses) under `(unmatched)`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Histogram, Registry, type Metric } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics registry (server/http/metrics.ts). */
    metrics: Registry;
  }
}

/** The label of a request no route answered. */
export const UNMATCHED = '(unmatched)';

/** The route template a request was answered by (`/api/news/:id`), or UNMATCHED. */
export function routeTemplate(request: FastifyRequest): string {
  return request.is404 ? UNMATCHED : (request.routeOptions?.url ?? UNMATCHED);
}

/** A metric of this app's registry: `metric(app, Gauge, { name, help, collect })`. */
export function metric<T extends Metric, C>(app: FastifyInstance, Kind: new (config: C & { registers: Registry[] }) => T, config: C): T {
  return new Kind({ ...config, registers: [app.metrics] });
}

/**
 * Decorates `app.metrics` and counts every request: by route template, method and status (a counter), and their
 * durations (a histogram by route template and method). Called by buildApp before any module registers.
 */
export function installMetrics(app: FastifyInstance): void {
  const registry = new Registry();
  app.decorate('metrics', registry);
  const requests = new Counter({
    name: 'sitedesk_http_requests_total',
    help: 'Requests answered, by route template, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'sitedesk_http_request_duration_seconds',
    help: 'Time from a request received to its answer sent, by route template and method',
    labelNames: ['route', 'method'] as const,
    // From a cached delivery answer (about a millisecond) to a slow export or upload.
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = routeTemplate(request);
    requests.inc({ route, method: request.method, status: String(reply.statusCode) });
    durations.observe({ route, method: request.method }, reply.elapsedTime / 1000);
  });
}
