// GET /metrics for Prometheus (issue 43; docs/operations.md says what each series is for). The registry and the
// request series are the http layer's (server/http/metrics.ts), every module adds its own; this module answers them.
import { defineModule, optionsOf } from '../module';
import { metricsRoutes, type MetricsOptions } from './routes';

export const manifest = defineModule('metrics', {
  routes: [{ name: 'metrics', prefix: '/metrics', auth: 'public', plugin: metricsRoutes }],
  /** METRICS_TOKEN */
  options: optionsOf<MetricsOptions>(),
});
