// `npm run server`: the API server (and the built console) on HOST:PORT. See docs/api.md.
import pretty from 'pino-pretty';
import { buildApp } from './app';
import { StartupError } from './bootstrap';
import { configFromEnv } from './config';
import { isPostgresUrl } from './db';
import { runWorkers } from './workers';

async function main() {
  const config = configFromEnv();
  // WORKERS=N on PostgreSQL: this process only keeps N server processes running (./workers.ts).
  if (runWorkers({ workers: config.workers, postgres: isPostgresUrl(config.databaseUrl) })) return;
  const app = await buildApp({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    rendererDir: config.rendererDir,
    jwtSecret: config.jwtSecret,
    trustProxy: config.trustProxy,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    sessionTtlSeconds: config.sessionTtlSeconds,
    ...(config.intakeMaxPerMinute ? { intake: { max: config.intakeMaxPerMinute, timeWindow: 60_000 } } : {}),
    delivery: {
      ...(config.delivery.maxAge !== undefined ? { maxAge: config.delivery.maxAge } : {}),
      ...(config.delivery.staleWhileRevalidate !== undefined ? { staleWhileRevalidate: config.delivery.staleWhileRevalidate } : {}),
      ...(config.delivery.maxPerMinute ? { max: config.delivery.maxPerMinute, timeWindow: 60_000 } : {}),
    },
    seed: config.seed,
    auth: {
      requireTwoFactorForAdmins: config.auth.requireTwoFactorForAdmins,
      ...(config.auth.signInRetentionDays ? { signInRetentionDays: config.auth.signInRetentionDays } : {}),
    },
    webhooks: { allowPrivate: config.webhooks.allowPrivate },
    accounts: config.accounts,
    ...(config.s3 ? { files: { s3: config.s3 } } : {}),
    ...(config.personalDataKey ? { privacy: { personalDataKey: config.personalDataKey } } : {}),
    ...(config.benchHistoryOff ? { history: { benchOff: true } } : {}),
    ...(config.metricsToken ? { metrics: { token: config.metricsToken } } : {}),
    // One JSON line per request at info (server/http/request-log.ts); LOG_FORMAT=pretty (npm start) for a person at a
    // terminal: the same lines, coloured and aligned, written synchronously by pino-pretty in this process.
    logger: {
      level: config.log.level,
      ...(config.log.pretty ? { stream: pretty({ colorize: process.stdout.isTTY, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true, sync: true }) } : {}),
    },
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`sitedesk server: ${signal}, closing`);
    app.close().then(
      () => process.exit(0),
      (err) => {
        console.error('sitedesk server: error while closing:', err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  console.log(`sitedesk server listening on ${address} (${app.dialect}, data in ${config.dataDir}${config.s3 ? `, files in S3 bucket ${config.s3.bucket}` : ''})`);
}

main().catch((err) => {
  if (err instanceof StartupError) {
    console.error(`sitedesk server: ${err.message}`);
  } else {
    console.error('sitedesk server failed to start:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
});
