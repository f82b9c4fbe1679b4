// Helpers shared by the website routes.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { dynamic, websiteLanguages, type OperationContext } from '../resources/index';
import { messageLang } from '../i18n';

/** `db` may be a transaction: every query of the operation then runs in it (SQLite has one connection). */
export function operationContext(app: FastifyInstance, request: FastifyRequest, websiteId?: number, db: Kysely<Database> = app.db): OperationContext {
  return {
    db: dynamic(db),
    now: app.now(),
    ui: messageLang(request),
    languages: () => websiteLanguages(db, websiteId),
  };
}
