// The context of an operation: the database (or the transaction every query of it runs in: SQLite has one
// connection), the clock, the interface language of messages and the website's languages.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { messageLang } from '../i18n';
import { readOnly, websiteLanguages } from './access';
import { dynamic } from './dynamic';
import { changeNumber } from '../db/changes';
import type { OperationContext, Scope } from './engine';
import type { HookContext } from './hooks';
import { isAdmin } from '../../shared/roles';
import { pageCheckOf } from './session-check';

export function operationContext(app: FastifyInstance, request: FastifyRequest, websiteId?: number, db: Kysely<Database> = app.db): OperationContext {
  return {
    // The engine's view of the request's handle (./dynamic.ts): a hook gets it back typed (HookContext.db).
    db: dynamic(db),
    now: app.now(),
    ui: messageLang(request),
    languages: () => websiteLanguages(db, websiteId),
    // A request that writes reads the number again: what it kept before its write would miss the write.
    changes: readOnly(request) ? () => requestChanges(db, request) : undefined,
    admin: isAdmin(request.user),
    request,
    // A list read whose session is not yet confirmed: its page's statement checks it (./session-check.ts).
    pageCheck: pageCheckOf(request),
  };
}

/**
 * The context of a write the server makes by itself, with no request (the webhook dispatcher recording an attempt, the
 * start-up seed's accounts and websites): the write listeners hear it as the system's (server/history/entries.ts
 * actorOf). `system`: what only such a write hands the hooks (OperationContext.system).
 */
export function systemContext(db: Kysely<Database>, now: Date, websiteId?: number, system?: OperationContext['system']): OperationContext {
  return { db: dynamic(db), now, ui: 'vi', languages: () => websiteLanguages(db, websiteId), admin: true, ...(system ? { system } : {}) };
}

/** The change number the request began with: read with its session by the bearer guard, else once here. */
export async function requestChanges(db: Kysely<Database>, request: FastifyRequest): Promise<string> {
  return (request.changes ??= await changeNumber(db));
}

/**
 * The hooks' context of a request on records in `scope` (server/resources/hooks.ts): the engine's routes build it from
 * their path, a history restore (server/history/restore.ts) from the entry's record, so both run the same save.
 */
export function hookContext(app: FastifyInstance, request: FastifyRequest, scope: Scope, params: Record<string, string | undefined> = {}, db: Kysely<Database> = app.db): HookContext {
  return { ...operationContext(app, request, scope.websiteId, db), scope, params, request, engine: app.resources.engine };
}
