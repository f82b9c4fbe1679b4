// Environment → options for buildApp. Only main.ts reads process.env.
import path from 'node:path';

/** What bootstrap.ts seeds on start (SEED_DEMO, ADMIN_USERNAME / ADMIN_PASSWORD). Declared here, in the base layer, so that
 * config does not import the app layer's bootstrap. */
export interface SeedOptions {
  /** SEED_DEMO=1: demo websites, accounts and expert questions on an empty database */
  demo?: boolean;
  /**
   * With `demo`: also the content of every screen (news, categories, diseases, menus, settings, files…, from
   * server/demo/content.ts). SEED_DEMO=1 sets it; the server suite leaves it off so its figures start small.
   */
  content?: boolean;
  /** ADMIN_USERNAME / ADMIN_PASSWORD: the first account on an empty database */
  admin?: { userName: string; password: string; fullName?: string };
}

/** S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE=1 (server/files/s3-store.ts) */
export interface S3Settings {
  bucket: string;
  /** Unset: AWS itself. MinIO, R2, Ceph: their address. */
  endpoint?: string;
  /** Default us-east-1 (R2 wants `auto`). */
  region?: string;
  /** Unset: the AWS SDK's own chain (environment, instance role…). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path (`endpoint/bucket/key`), as MinIO and most self-hosted stores want. */
  forcePathStyle?: boolean;
}

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  rendererDir: string;
  /** JWT_SECRET: the access tokens' signing key; unset, the database keeps one (server/auth/signing-key.ts) */
  jwtSecret?: string;
  accessTokenTtlSeconds?: number;
  sessionTtlSeconds?: number;
  /** Public intake posts per client address per minute (INTAKE_MAX_PER_MINUTE; default 10). */
  intakeMaxPerMinute?: number;
  /**
   * The delivery API (/content): Cache-Control max-age and stale-while-revalidate in seconds (DELIVERY_MAX_AGE,
   * DELIVERY_STALE_WHILE_REVALIDATE; defaults 60 and 600) and requests per client address per minute
   * (DELIVERY_MAX_PER_MINUTE; default 600).
   */
  delivery: { maxAge?: number; staleWhileRevalidate?: number; maxPerMinute?: number };
  /** WEBHOOKS_ALLOW_PRIVATE=1: webhooks may send to loopback and private addresses (never link-local or metadata ones). */
  webhooks: { allowPrivate: boolean };
  /** SMTP_URL (reset links are also e-mailed), MAIL_FROM, PUBLIC_URL (the console's address in those links). */
  accounts: { smtpUrl?: string; mailFrom?: string; publicUrl?: string };
  /** WORKERS: server processes sharing the port (node:cluster), on PostgreSQL; 1 on SQLite. */
  workers: number;
  /**
   * S3_BUCKET (with S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE=1): files and
   * uploads in progress in that S3-compatible bucket; unset, under DATA_DIR.
   */
  s3?: S3Settings;
  /**
   * TRUST_PROXY: behind a load balancer or reverse proxy, which of them to believe about the client's address
   * (X-Forwarded-For), so that the limits per client address count visitors, not the proxy: a number of proxy hops
   * (`1`: the one in front), or their addresses or networks separated by commas (`10.0.0.0/8,127.0.0.1`). Unset: the
   * connection's own address.
   */
  trustProxy?: number | string;
  /** METRICS_TOKEN: /metrics answers a client that is not on this machine when it sends it as a bearer (server/metrics/). */
  metricsToken?: string;
  /** LOG_LEVEL (default info) and LOG_FORMAT (`json`, the default: one JSON line per request; `pretty`: for a person). */
  log: { level: string; pretty: boolean };
  seed: SeedOptions;
  /**
   * PERSONAL_DATA_KEY: the master key (base64 of 32 random bytes) that wraps the keys personal values are sealed with
   * in the history, the trash and the live events (server/privacy/keys.ts); unset, the database keeps one.
   */
  personalDataKey?: string;
  /**
   * REQUIRE_2FA_FOR_ADMINS=1: administrators without the second factor may only enrol (server/auth/guard.ts);
   * SIGN_IN_RETENTION_DAYS: how long sign-in records are kept until an administrator sets their retention
   * (server/privacy/retention.ts; without either, 12 months).
   */
  auth: { requireTwoFactorForAdmins: boolean; signInRetentionDays?: number };
  /**
   * SITEDESK_BENCH_HISTORY_OFF=1: write no history entries. Only for `npm run bench` (tests/bench/save-cost.ts), to
   * measure what the history adds to a save in the same run; never for a real server.
   */
  benchHistoryOff?: boolean;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number of seconds, not "${raw}"`);
  return n;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number of seconds, not "${raw}"`);
  return n;
}

function workerCount(env: NodeJS.ProcessEnv): number {
  const raw = env.WORKERS?.trim();
  if (!raw) return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`WORKERS must be a whole number from 1 to 64, not "${raw}"`);
  return n;
}

function s3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither (the AWS SDK then finds its own)');
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint)) throw new Error(`S3_ENDPOINT must be an http(s) address, not "${endpoint}"`);
  return {
    bucket,
    endpoint,
    region: env.S3_REGION?.trim() || undefined,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: /^(1|true|yes)$/i.test(env.S3_FORCE_PATH_STYLE ?? ''),
  };
}

function trustProxy(env: NodeJS.ProcessEnv): number | string | undefined {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw) return undefined;
  if (/^\d+$/.test(raw)) return Number(raw);
  // `true` would believe any X-Forwarded-For, which a visitor can write: a limit per address would then be none.
  if (/^(true|yes)$/i.test(raw)) throw new Error('TRUST_PROXY must be a number of proxy hops or the proxies\' addresses, not "true"');
  return raw;
}

function personalDataKey(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.PERSONAL_DATA_KEY?.trim();
  if (!raw) return undefined;
  if (Buffer.from(raw, 'base64').length !== 32) throw new Error('PERSONAL_DATA_KEY must be the base64 of 32 random bytes (openssl rand -base64 32)');
  return raw;
}

function logFormat(env: NodeJS.ProcessEnv): 'json' | 'pretty' {
  const raw = env.LOG_FORMAT?.trim().toLowerCase() || 'json';
  if (raw !== 'json' && raw !== 'pretty') throw new Error(`LOG_FORMAT must be json or pretty, not "${env.LOG_FORMAT}"`);
  return raw;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 5080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  const admin =
    env.ADMIN_USERNAME && env.ADMIN_PASSWORD
      ? { userName: env.ADMIN_USERNAME.trim(), password: env.ADMIN_PASSWORD }
      : undefined;
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    rendererDir: path.resolve(env.RENDERER_DIR || 'dist/renderer'),
    jwtSecret: env.JWT_SECRET || undefined,
    // Shorter lifetimes for end-to-end journeys of the expiry screens; defaults 900 s and 30 days.
    accessTokenTtlSeconds: positiveInt(env, 'ACCESS_TOKEN_TTL_SECONDS'),
    sessionTtlSeconds: positiveInt(env, 'SESSION_TTL_SECONDS'),
    intakeMaxPerMinute: positiveInt(env, 'INTAKE_MAX_PER_MINUTE'),
    delivery: {
      maxAge: wholeNumber(env, 'DELIVERY_MAX_AGE'),
      staleWhileRevalidate: wholeNumber(env, 'DELIVERY_STALE_WHILE_REVALIDATE'),
      maxPerMinute: positiveInt(env, 'DELIVERY_MAX_PER_MINUTE'),
    },
    // Webhook receivers on loopback and private addresses (never link-local or metadata ones): off unless set.
    webhooks: { allowPrivate: /^(1|true|yes)$/i.test(env.WEBHOOKS_ALLOW_PRIVATE ?? '') },
    accounts: { smtpUrl: env.SMTP_URL?.trim() || undefined, mailFrom: env.MAIL_FROM?.trim() || undefined, publicUrl: env.PUBLIC_URL?.trim() || undefined },
    // Processes sharing the port (server/workers.ts); PostgreSQL only.
    workers: workerCount(env),
    trustProxy: trustProxy(env),
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
    log: { level: env.LOG_LEVEL?.trim() || 'info', pretty: logFormat(env) === 'pretty' },
    s3: s3Settings(env),
    auth: {
      requireTwoFactorForAdmins: /^(1|true|yes)$/i.test(env.REQUIRE_2FA_FOR_ADMINS ?? ''),
      signInRetentionDays: positiveInt(env, 'SIGN_IN_RETENTION_DAYS'),
    },
    personalDataKey: personalDataKey(env),
    seed: { demo: /^(1|true|yes)$/i.test(env.SEED_DEMO ?? ''), content: /^(1|true|yes)$/i.test(env.SEED_DEMO ?? ''), admin },
    ...(env.SITEDESK_BENCH_HISTORY_OFF === '1' ? { benchHistoryOff: true } : {}),
  };
}
