// Server test harness: the same suite on SQLite and on PostgreSQL, against a real listening server.
//
//   import { describeEachDatabase } from './harness';
//   describeEachDatabase('files', (ctx) => {
//     it('lists the root', async () => {
//       const res = await ctx.authed('GET', '/api/folders/current-directory/0');
//       expect(res.status).toBe(200);
//     });
//   });
//
// Each dialect gets its own describe block (`files [sqlite]`, `files [postgres]`) with a fresh
// database (SQLite in a temp DATA_DIR; PostgreSQL: a new CREATE DATABASE on the run's embedded
// server), seeded with the demo content unless `{ seedDemo: false }`, and an app listening on a
// free port. `ctx` fields are filled in beforeAll: read them inside tests/hooks only.
//
// ctx.dialect           'sqlite' | 'postgres'
// ctx.app / ctx.db      the Fastify instance and its Kysely handle (for direct checks)
// ctx.baseUrl           http://127.0.0.1:<port>
// ctx.dataDir           the app's DATA_DIR (files, jwt secret)
// ctx.clock             advance(ms) / set(date) / reset(): the app's clock (reset before each test)
// ctx.request(method, path, { json, form, token, headers, body })  → { status, headers, body, text }
// ctx.signIn(userName = 'admin', password = 'Admin@123')           → token answer (throws unless 200)
// ctx.authed(method, path, json?, opts?)   request as admin (token cached, renewed when the clock moved)
// ctx.reviewer(method, path, json?, opts?) request as the demo reviewer (a second pair of eyes for decisions)
// ctx.restart(appOptions?)                 close and rebuild the app on the same database
// ctx.freshDatabase()                      { dataDir, databaseUrl } of another, empty database
// Also: demoWebsites(ctx) (the demo sites' ids), demoWebsitesAndStaff(ctx) (those and a plain staff member's token),
// EN (ask for English answers), tr(vi, en) (a per-language text), and withProbe(plugin) (suite options adding a public
// /probe module).
// Set SITEDESK_TEST_DB=sqlite (or postgres) to run one dialect only.
/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loosely typed JSON on purpose: tests assert on them */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../server/app';
import type { RouteModule } from '../../server/module';
import type { TokenAnswer } from '../../server/auth/tokens';
import type { Database } from '../../server/db/schema';
import { createDatabase, dropDatabase } from './embedded-pg';
import { TEST_JWT_SECRET } from './global-setup';

export type Dialect = 'sqlite' | 'postgres';

export interface Res<T = any> {
  status: number;
  headers: Headers;
  /** parsed JSON when the answer is JSON, else undefined */
  body: T;
  text: string;
}

export interface RequestOptions {
  /** JSON body (sets content-type) */
  json?: unknown;
  /** form-encoded body (auth endpoints) */
  form?: Record<string, string>;
  /** raw body (set content-type in headers yourself), e.g. FormData for multipart */
  body?: RequestInit['body'];
  token?: string;
  headers?: Record<string, string>;
}

export interface Clock {
  now(): Date;
  advance(ms: number): void;
  set(date: Date | number): void;
  reset(): void;
}

export interface ServerTestContext {
  dialect: Dialect;
  app: FastifyInstance;
  db: Kysely<Database>;
  baseUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  clock: Clock;
  request<T = any>(method: string, path: string, opts?: RequestOptions): Promise<Res<T>>;
  signIn(userName?: string, password?: string): Promise<TokenAnswer>;
  authed<T = any>(method: string, path: string, json?: unknown, opts?: RequestOptions): Promise<Res<T>>;
  /** `authed` as the demo reviewer (minh.tran: staff who may review): decisions on what the admin submitted. */
  reviewer<T = any>(method: string, path: string, json?: unknown, opts?: RequestOptions): Promise<Res<T>>;
  restart(options?: Partial<BuildAppOptions>): Promise<void>;
  freshDatabase(): Promise<{ dataDir: string; databaseUrl: string | undefined }>;
}

export interface SuiteOptions {
  /** demo content (default true) */
  seedDemo?: boolean;
  /** extra buildApp options (token lifetimes, throttle…) */
  app?: Partial<BuildAppOptions>;
}

export const CLIENT = { client_id: 'sitedesk', client_secret: 'sitedesk-secret' };

/** Request options asking for the English answer (messages in en-US). */
export const EN = { headers: { 'accept-language': 'en-US' } };

/** A per-language text as the API stores and takes it: JSON keyed by language id (the English the Vietnamese unless given). */
export const tr = (vi: string, en = vi) => JSON.stringify({ 'vi-VN': vi, 'en-US': en });

/**
 * Suite options adding a public `/probe` module with the routes `plugin` declares: what a test needs the server to
 * answer (a large body, an echo of its parameters) to see how the app's own layers treat it.
 */
export function withProbe(plugin: RouteModule['plugin']): SuiteOptions {
  return { app: { extraModules: [{ name: 'probe', prefix: '/probe', auth: 'public', plugin }] } };
}

/** The demo websites' ids (seedDemo): the default clinic and the spa. */
export async function demoWebsites(ctx: ServerTestContext): Promise<{ clinic: number; spa: number }> {
  const all = (await ctx.authed('GET', '/api/Websites/get-all')).body as { id: number; isDefault: boolean }[];
  return { clinic: all.find((w) => w.isDefault)!.id, spa: all.find((w) => !w.isDefault)!.id };
}

/** The demo websites' ids and a token of lan.nguyen, the demo's staff member who is no admin and may not review. */
export async function demoWebsitesAndStaff(ctx: ServerTestContext): Promise<{ clinic: number; spa: number; lanToken: string }> {
  const websites = await demoWebsites(ctx);
  return { ...websites, lanToken: (await ctx.signIn('lan.nguyen', 'Staff@123')).access_token };
}

export function dialects(): Dialect[] {
  const only = process.env.SITEDESK_TEST_DB;
  return only === 'sqlite' || only === 'postgres' ? [only] : ['sqlite', 'postgres'];
}

export function describeEachDatabase(name: string, fn: (ctx: ServerTestContext) => void, options: SuiteOptions = {}) {
  for (const dialect of dialects()) {
    describe(`${name} [${dialect}]`, () => {
      const ctx = {} as ServerTestContext;
      const cleanups: (() => Promise<void> | void)[] = [];
      let appOptions: Partial<BuildAppOptions> = options.app ?? {};
      let cached: { token: string; at: number } | undefined;

      let offset = 0;
      // A moved clock forgets the admin's cached token: an app started with the clock moved a month on purges the
      // sessions that expired by then (server/auth: the session purge), the cached one among them.
      const move = (to: number) => {
        if (to !== offset) cached = undefined;
        offset = to;
      };
      const clock: Clock = {
        now: () => new Date(Date.now() + offset),
        advance: (ms) => move(offset + ms),
        set: (d) => move(new Date(d).getTime() - Date.now()),
        reset: () => move(0),
      };

      /**
       * A new database. The suite's first, when it wants the demo as seeded (no app options of its own), is a copy of
       * the run's seeded template (tests/server/global-setup.ts): its DATA_DIR and, on PostgreSQL, its database.
       */
      async function newDatabase(fromTemplate = false) {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sitedesk-test-${dialect}-`));
        cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
        const template = fromTemplate ? inject('demoTemplates')?.[dialect] : undefined;
        if (template) fs.cpSync(template.dataDir, dataDir, { recursive: true });
        if (dialect === 'sqlite') return { dataDir, databaseUrl: undefined };
        const info = inject('pg');
        const created = await createDatabase(info, 'sd', (template as { database?: string } | undefined)?.database);
        cleanups.push(() => dropDatabase(info, created.name));
        return { dataDir, databaseUrl: created.url };
      }

      async function start() {
        const app = await buildApp({
          dataDir: ctx.dataDir,
          databaseUrl: ctx.databaseUrl,
          rendererDir: null,
          now: clock.now,
          jwtSecret: TEST_JWT_SECRET,
          seed: { demo: options.seedDemo ?? true },
          ...appOptions,
          // The tests' webhook receivers listen on 127.0.0.1 (WEBHOOKS_ALLOW_PRIVATE=1), unless a test says otherwise.
          webhooks: { allowPrivate: true, ...appOptions.webhooks },
        });
        await app.listen({ port: 0, host: '127.0.0.1' });
        const { port } = app.server.address() as { port: number };
        Object.assign(ctx, { app, db: app.db, baseUrl: `http://127.0.0.1:${port}` });
        cached = undefined;
      }

      Object.assign(ctx, {
        dialect,
        clock,
        async request(method: string, p: string, opts: RequestOptions = {}) {
          const headers: Record<string, string> = { ...opts.headers };
          let body: RequestInit['body'] | undefined = opts.body;
          if (opts.json !== undefined) {
            headers['content-type'] ??= 'application/json';
            body = JSON.stringify(opts.json);
          } else if (opts.form) {
            headers['content-type'] ??= 'application/x-www-form-urlencoded';
            body = new URLSearchParams(opts.form).toString();
          }
          if (opts.token) headers.authorization = `Bearer ${opts.token}`;
          const res = await fetch(ctx.baseUrl + p, { method, headers, body });
          const text = await res.text();
          let parsed: unknown;
          if ((res.headers.get('content-type') ?? '').includes('json') && text) {
            try {
              parsed = JSON.parse(text);
            } catch {
              parsed = undefined;
            }
          }
          return { status: res.status, headers: res.headers, body: parsed as any, text };
        },
        async signIn(userName = 'admin', password = 'Admin@123') {
          const res = await ctx.request('POST', '/auth/connect/token', {
            form: { grant_type: 'password', username: userName, password, scope: 'openid profile offline_access', type: '0', domain: '', type_special: '0', ...CLIENT },
          });
          if (res.status !== 200) throw new Error(`sign-in as ${userName} answered ${res.status}: ${res.text}`);
          return res.body as TokenAnswer;
        },
        async authed(method: string, p: string, json?: unknown, opts: RequestOptions = {}) {
          const at = clock.now().getTime();
          if (!cached || at < cached.at || at - cached.at > 10 * 60_000) {
            cached = { token: (await ctx.signIn()).access_token, at };
          }
          return ctx.request(method, p, { ...opts, json, token: cached.token });
        },
        async reviewer(method: string, p: string, json?: unknown, opts: RequestOptions = {}) {
          const token = (await ctx.signIn('minh.tran', 'Staff@123')).access_token;
          return ctx.request(method, p, { ...opts, json, token });
        },
        async restart(more: Partial<BuildAppOptions> = {}) {
          await closeApp();
          appOptions = { ...appOptions, ...more };
          await start();
        },
        freshDatabase: () => newDatabase(),
      } satisfies Partial<ServerTestContext>);

      /** Close the app without waiting for sockets a test left open (keep-alive, an aborted upload). */
      async function closeApp() {
        if (!ctx.app) return;
        const closing = ctx.app.close();
        ctx.app.server.closeAllConnections();
        await closing;
      }

      beforeAll(async () => {
        const asSeeded = (options.seedDemo ?? true) && Object.keys(options.app ?? {}).length === 0;
        Object.assign(ctx, await newDatabase(asSeeded));
        await start();
      });
      beforeEach(() => clock.reset());
      afterAll(async () => {
        await closeApp();
        for (const c of cleanups.reverse()) await c();
      });

      fn(ctx);
    });
  }
}
