// buildApp: the whole server as a Fastify instance, without listening. main.ts and the tests use it.
//
// Decorations available to every route module:
//   app.db        Kysely<Database> (SQLite or PostgreSQL, one query code path)
//   app.dialect   'sqlite' | 'postgres' (rarely needed: prefer the helpers in db/dialect.ts)
//   app.now()     the clock (injectable so tests can move time)
//   app.dataDir   where files live
//   app.tokens    TokenService;  app.throttle  LoginThrottle
//   app.limits    where the rate limits count (http/rate-limit-store.ts: PostgreSQL or memory)
//   app.requireUser  the bearer guard (onRequest hook) for routes outside `auth: 'bearer'` modules
//   app.writes    the listeners of committed writes (server/resources/writes.ts), told in each write's transaction
//   request.user  { id, userName, fullName, sessionId, clientId } on bearer-guarded routes
import Fastify, { LogController, type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import type { Kysely } from 'kysely';
import { requireUser } from './auth/guard';
import { LoginThrottle, type ThrottleSettings } from './auth/throttle';
import { signingKey } from './auth/signing-key';
import { TokenService, type AuthUser } from './auth/tokens';
import { prepareDatabase, seedFirstAccounts, settleBuiltInRoles, type SeedOptions } from './bootstrap';
import { seedDemoContent } from './demo/seed';
import { createDb, type DbHandle, type DialectName } from './db/dialect';
import { migrateToLatest } from './db/migrate';
import type { Database } from './db/schema';
import { errorBody, httpError, installErrorHandlers, sendError } from './errors';
import { cleanRequestInput } from './http/input';
import { sharedLimits, type SharedLimits } from './http/rate-limit-store';
import { redactingLogger } from './http/log-redaction';
import { installMetrics } from './http/metrics';
import { installRequestLog, requestIdOf } from './http/request-log';
import { readiness } from './health';
import { securityHeaders } from './http/security-headers';
import { cspDirectives } from '../shared/csp';
import { localize } from './i18n';
import { registerRenderer } from './renderer';
import type { ResourceDef } from '../shared/resources/define';
import { resourceSet, syncTables, type ServedResource } from './resources/index';
import { apiPrefixes, manifests, migrations, optionNames, routeModules, servedResources, type ModuleOptions, type RouteModule } from './routes';
import { M } from './messages';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: DialectName;
    /** PostgreSQL: LISTEN on a channel (DbHandle.listen); undefined on SQLite. */
    listenDb: DbHandle['listen'];
    /** The database's connections now (DbHandle.pool). */
    dbPool: DbHandle['pool'];
    dataDir: string;
    now(): Date;
    tokens: TokenService;
    throttle: LoginThrottle;
    limits: SharedLimits;
    requireUser: typeof requireUser;
    /** Options of the route modules, from buildApp. */
    moduleOptions: ModuleOptions;
  }
  interface FastifyRequest {
    /** Set by the bearer guard; only meaningful on guarded routes. */
    user: AuthUser;
    /** The database's change number when the request began (server/db/changes.ts), read by the bearer guard. */
    changes?: string;
  }
}

/** With the modules' own options (ModuleOptions: `files`, `intake`…, each declared in its module's manifest). */
export interface BuildAppOptions extends ModuleOptions {
  dataDir: string;
  /** an open database; the caller closes it. Default: createDb({ databaseUrl, dataDir }), closed with the app */
  db?: DbHandle;
  databaseUrl?: string;
  /** the built console; null: do not serve it */
  rendererDir?: string | null;
  now?: () => Date;
  jwtSecret?: string;
  /**
   * TRUST_PROXY: the proxies whose X-Forwarded-For gives the client's address (hops, or their addresses/networks,
   * comma-separated); default none: the connection's address. Behind a load balancer the limits per client address
   * need it, or every visitor is the balancer.
   */
  trustProxy?: number | string;
  /** access token lifetime, default 900 s */
  accessTokenTtlSeconds?: number;
  /** absolute session (refresh token family) lifetime, default 30 days */
  sessionTtlSeconds?: number;
  throttle?: Partial<ThrottleSettings>;
  seed?: SeedOptions;
  /** JSON body limit in bytes, default 1 MiB */
  bodyLimit?: number;
  logger?: FastifyServerOptions['logger'];
  /** extra modules (tests); the real ones are listed in routes.ts */
  extraModules?: RouteModule[];
  /** definitions beyond the registry and the modules' (tests: "a definition is all a resource needs") */
  resources?: { defs?: Record<string, ResourceDef>; served?: ServedResource[] };
}

export type { ModuleOptions } from './routes';

export const DEFAULTS = {
  accessTokenTtlSeconds: 900,
  sessionTtlSeconds: 30 * 24 * 3600,
  throttle: { maxFailures: 5, windowSeconds: 15 * 60, maxFailuresPerAddress: 50 },
  bodyLimit: 1024 * 1024,
};

/** Routes that stream stored files (files/routes.ts): never compressed per request. */
const STORED_FILE_ROUTES = /^\/files\/|^\/api\/files\/downloads\//i;

/**
 * The whole start-up holds the database's start-up lock (DbHandle.startupLock: a PostgreSQL advisory lock, nothing on
 * SQLite): instances started at once on one database take turns through the migrations, the definitions' tables and
 * indexes, the modules' ready steps, the first accounts (and the demo content) and the signing key, so each step runs
 * once and the instances after it find it done (without the lock, two of four died on duplicate keys).
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const handle = options.db ?? createDb({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  let release: () => Promise<void>;
  try {
    release = await handle.startupLock();
  } catch (err) {
    if (!options.db) await handle.close();
    throw err;
  }
  try {
    return await startApp(options, handle, !options.db);
  } finally {
    await release();
  }
}

async function startApp(options: BuildAppOptions, handle: DbHandle, ownsDb: boolean): Promise<FastifyInstance> {
  const now = options.now ?? (() => new Date());

  const app = Fastify({
    // Request logs hold no personal field, password, token or secret (issue 40): ./http/log-redaction.ts.
    logger: redactingLogger(options.logger),
    // One line per request, written by ./http/request-log.ts (with the route template, user and website), instead of
    // Fastify's two; its id is the proxy's X-Request-Id when sane, and is logged as `requestId`.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    genReqId: requestIdOf,
    requestIdHeader: false,
    bodyLimit: options.bodyLimit ?? DEFAULTS.bodyLimit,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 500 },
    // Undecodable URLs and over-long parameters: the same error shape as everything else.
    frameworkErrors: (error, request, reply) => sendError(request, reply, httpError(400, M.badRequest)),
    // The client's address (request.ip) keys the public limits (intake, delivery); sign-in throttling is per account.
    // Behind a load balancer it is the balancer's unless TRUST_PROXY names it; never every X-Forwarded-For (spoofable).
    // (A number of hops as Fastify takes it, which its typings omit: the nearest `hops` proxies are believed.)
    trustProxy: typeof options.trustProxy === 'number' ? ((_address: string, hop: number) => hop < (options.trustProxy as number)) : (options.trustProxy ?? false),
  });
  if (ownsDb) app.addHook('onClose', () => handle.close());

  const resources = resourceSet([...servedResources, ...(options.resources?.served ?? [])], options.resources?.defs);
  let firstAccounts = false;
  let secret: string;
  let limits: SharedLimits;
  try {
    // The schema in one place, before any route exists: the migrations, the base rows, then the tables of the
    // definitions with their search text. The first accounts wait for the routes (below).
    await migrateToLatest(handle.db, migrations);
    ({ firstAccounts } = await prepareDatabase(handle.db, options.seed ?? {}, now()));
    await syncTables(handle.db, handle.dialect, resources, now());
    // The modules' start-up steps on the final schema (published versions of records approved before they existed).
    for (const m of manifests) if ('ready' in m && m.ready) await m.ready(handle.db, now());
    // The tokens' signing key: JWT_SECRET, else the database's (every instance on it shares it; made once).
    secret = options.jwtSecret ?? (await signingKey(handle.db, now(), options.dataDir));
    // Where the rate limits count: every instance on one database counts them together.
    limits = await sharedLimits({ db: handle.db, dialect: handle.dialect });
    handle.settle(); // the schema is final: reads may be kept prepared (server/db/dialect.ts)
  } catch (err) {
    await app.close();
    throw err;
  }

  app.decorate('db', handle.db);
  app.decorate('dialect', handle.dialect);
  // LISTEN on PostgreSQL (server/events: live events between instances); undefined on SQLite.
  app.decorate('listenDb', handle.listen);
  // The pool's connections in use and waiting (the metrics: server/metrics/).
  app.decorate('dbPool', handle.pool);
  app.decorate('dataDir', options.dataDir);
  app.decorate('moduleOptions', Object.fromEntries(optionNames.map((name) => [name, options[name]])) as ModuleOptions);
  app.decorate('resources', resources);
  app.decorate('writes', resources.writes);
  app.decorate('now', now);
  app.decorate(
    'tokens',
    new TokenService(handle.db, now, {
      secret,
      accessTtlSeconds: options.accessTokenTtlSeconds ?? DEFAULTS.accessTokenTtlSeconds,
      sessionTtlSeconds: options.sessionTtlSeconds ?? DEFAULTS.sessionTtlSeconds,
    }, resources.writes),
  );
  app.decorate('throttle', new LoginThrottle(handle.db, now, { ...DEFAULTS.throttle, ...options.throttle }));
  app.decorate('requireUser', requireUser);
  app.decorate<SharedLimits>('limits', limits);
  app.decorateRequest('user', null as unknown as AuthUser);

  installErrorHandlers(app);
  // Before any module: the request id, the request's log line and its metrics apply to every route.
  installRequestLog(app, !!options.logger);
  installMetrics(app);
  // API answers above 1 KB go out compressed when the client accepts it: lists of news run to hundreds
  // of KB. Stored files (their public URLs and Files/downloads) go out byte for byte as stored, so that
  // Content-Length, ETag and byte ranges describe what is sent (a .txt would otherwise be compressed on
  // the fly). The console's files are precompressed at build (server/renderer.ts) and answered by the
  // not-found handler, which this plugin's per-route hooks never see.
  app.addHook('onRoute', (route) => {
    if (STORED_FILE_ROUTES.test(route.url)) route.compress = false;
  });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  // Security headers on every answer, the console's pages included: the desktop app's Content-Security-Policy
  // (shared/csp.ts; data calls to this origin), no framing, nosniff, no referrer. Stored files stay usable from the
  // public websites (cross-origin resource policy), and HTTPS pinning is the proxy's decision, not ours. Helmet runs
  // once, here: each answer gets the headers it made (http/security-headers.ts).
  securityHeaders(app, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives() },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  await app.register(formbody);
  app.addHook('preValidation', cleanRequestInput);
  // An empty body with a JSON content type (some clients send one on DELETE) means "no body",
  // not a parse error; everything else goes through Fastify's own (prototype-poisoning-safe) parser.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return jsonParser(request, text, done);
  });

  // Liveness: the process answers. Readiness (/health/ready, ./health.ts): the database, the file store, the schema.
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/health/ready', readiness(migrations));

  for (const m of [...routeModules, ...(options.extraModules ?? [])]) {
    await app.register(
      async (scope) => {
        if (m.auth === 'bearer') scope.addHook('onRequest', requireUser);
        await scope.register(m.plugin);
      },
      { prefix: m.prefix },
    );
  }

  const serveConsole = options.rendererDir ? await registerRenderer(app, options.rendererDir) : undefined;
  const isApiPath = (url: string) => {
    const p = url.split('?')[0].toLowerCase();
    return apiPrefixes.some((prefix) => p === prefix || p.startsWith(prefix + '/'));
  };
  // A person who types an API address (`/files`, `/api`) into a browser gets the console, which shows
  // its own not-found page, rather than a JSON error; API clients still get the JSON 404.
  const wantsPage = (request: FastifyRequest) => String(request.headers.accept ?? '').includes('text/html');
  app.setNotFoundHandler(async (request, reply) => {
    if (serveConsole && (!isApiPath(request.url) || wantsPage(request)) && (await serveConsole(request, reply))) return reply;
    return reply.code(404).send(errorBody(localize(request, M.notFound), 404));
  });

  try {
    // The first accounts of an empty database (the demo's, with its websites; or the administrator) are created
    // through the engine, so their history, events and webhooks need the write listeners the route modules register
    // above. Still under the start-up lock (buildApp): one instance seeds, the others find the accounts. First the
    // built-in roles take the areas of definitions newer than them (and their history's first entry), as the engine's
    // writes too.
    await settleBuiltInRoles(handle.db, resources, now());
    const seededDemo = firstAccounts && (await seedFirstAccounts(handle.db, resources, options.seed ?? {}, now()));
    // The demo content goes in through the routes themselves, so it needs them registered.
    if (seededDemo && options.seed?.content) await seedDemoContent(app);
  } catch (err) {
    await app.close();
    throw err;
  }
  return app;
}
