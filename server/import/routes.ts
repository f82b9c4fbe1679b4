// Bringing data in (issue 42, "Bring data in"; docs/api.md "Import"): rows of a spreadsheet, already mapped to a
// definition's fields by the console, each created through the engine's create, exactly as its POST creates one
// (validation, uniqueness, the module's hooks, history, events, webhooks).
//
//   POST /api/Import/{website}/{resource}/check   the dry run: every row created and rolled back, the refused named
//   POST /api/Import/{website}/{resource}         the import: every row in its own transaction, committed or refused
//
// `{resource}` is a definition's name (`faq`, `menuItem`) that declares `import`; a child's parent keys come in the
// query (`?menuId=3`). Body `{ rows: [ { <field>: <wire value> } ], first?: n }` (at most MAX_ROWS rows; `first`, the
// row number of rows[0] in the file, so the answer names the file's rows). Answer `{ code: 1, message, data: { done:
// [ { row, id } ], refused: [ { row, status, message, errors? } ] } }`. A long file is sent in batches; the server
// gives the event loop back between rows, so other requests are answered while an import runs.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ResourceDef } from '../../shared/resources/define';
import { ruleOf } from '../../shared/resources/access';
import { httpError, HttpError } from '../errors';
import { ok } from '../http/envelope';
import { localize } from '../i18n';
import { M } from '../messages';
import { enforce, gateOf, hiddenOf, hookContext, requireOperation, scopeOf, type Scope } from '../resources/index';

type Row = Record<string, unknown>;

/** Rows per request: a batch the console sends (its progress bar moves per batch). */
export const MAX_ROWS = 500;
/**
 * The console's dry-run batch: a dry run holds its transaction for the batch (on SQLite, the one connection), so it is
 * kept short; an import's rows each commit on their own.
 */
export const DRY_RUN_ROWS = 100;

export interface Refused {
  row: number;
  status: number;
  message: string;
  /** The validation's every error, when it was that (`{ field, languageId?, message }`). */
  errors?: unknown[];
}

/** Thrown to roll back a dry run's row once the engine created it. */
const ROLLBACK = Symbol('dry run');

/** Lets the requests waiting on the event loop (and, on SQLite, on its one connection) in between two rows. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

function importable(request: FastifyRequest, name: string): ResourceDef {
  const def = Object.hasOwn(request.server.resources.defs, name) ? request.server.resources.defs[name] : undefined;
  if (!def?.import || !def.api.create || def.singleton) throw httpError(404, M.notImportable);
  return def;
}

function rowsOf(body: unknown): { rows: unknown[]; first: number } {
  const { rows, first } = (body && typeof body === 'object' ? body : {}) as { rows?: unknown; first?: unknown };
  if (!Array.isArray(rows) || rows.length === 0 || rows.length > MAX_ROWS) throw httpError(400, M.importRows(MAX_ROWS), { field: 'rows' });
  return { rows, first: typeof first === 'number' && Number.isSafeInteger(first) && first >= 0 ? first : 1 };
}

/** A refused row: the engine's 4xx as its message; anything else is a fault of the server and fails the request. */
function refusal(request: FastifyRequest, row: number, err: unknown): Refused {
  if (!(err instanceof HttpError) || err.status >= 500) throw err;
  const errors = Array.isArray(err.extra.errors) ? err.extra.errors : undefined;
  return { row, status: err.status, message: localize(request, err.text), ...(errors ? { errors } : {}) };
}

export const importRoutes: FastifyPluginAsync = async (app) => {
  const engine = app.resources.engine;

  /** The checks of the resource's create route, in its order: the website and parents, the rule, the role. */
  async function prepare(request: FastifyRequest) {
    const params = request.params as { website: string; resource: string };
    const def = importable(request, params.resource);
    const query = request.query as Record<string, unknown>;
    const scope: Scope = await scopeOf(engine, request, def, (name) => (name === 'website' ? params.website : query[name]));
    enforce(request, ruleOf(def.access, 'create'));
    const gate = await gateOf(app.db, request, def, scope);
    requireOperation(gate, 'create');
    // Fields the role does not see are left at their defaults, as the create route leaves them (routes.ts keepHidden).
    const hidden = hiddenOf(gate);
    const bodyOf = (raw: unknown): Row => {
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw httpError(400, M.importRowNotObject);
      const body = { ...(raw as Row) };
      for (const f of hidden) delete body[f];
      return body;
    };
    const pathParams: Record<string, string> = { website: params.website, ...Object.fromEntries(Object.keys(scope.keys).map((k) => [k, String(scope.keys[k])])) };
    return { def, scope, bodyOf, pathParams, ...rowsOf(request.body) };
  }

  app.post('/Import/:website/:resource', async (request) => {
    const { def, scope, bodyOf, pathParams, rows, first } = await prepare(request);
    const done: { row: number; id: unknown }[] = [];
    const refused: Refused[] = [];
    for (const [i, raw] of rows.entries()) {
      if (i > 0) await breathe();
      try {
        // Its own transaction (the engine's), so a refused row leaves nothing and the others still go in.
        const created = await engine.create(hookContext(app, request, scope, pathParams), def, scope, bodyOf(raw));
        done.push({ row: first + i, id: created[def.idField ?? 'id'] });
      } catch (err) {
        refused.push(refusal(request, first + i, err));
      }
    }
    return ok(request, M.success, { done, refused });
  });

  app.post('/Import/:website/:resource/check', async (request) => {
    const { def, scope, bodyOf, pathParams, rows, first } = await prepare(request);
    const done: { row: number; id: null }[] = [];
    const refused: Refused[] = [];
    // One transaction for the batch, rolled back at the end, each row in a savepoint: a row sees the rows before it
    // (a value an earlier row takes is taken, in the engine's or the module's own words), and a refused row's failed
    // statement does not end the transaction (PostgreSQL). The console sends a dry run in batches of DRY_RUN_ROWS.
    await app.db
      .transaction()
      .execute(async (trx) => {
        for (const [i, raw] of rows.entries()) {
          if (i > 0) await breathe();
          await sql`savepoint import_row`.execute(trx);
          try {
            await engine.create(hookContext(app, request, scope, pathParams, trx), def, scope, bodyOf(raw));
            await sql`release savepoint import_row`.execute(trx);
            done.push({ row: first + i, id: null });
          } catch (err) {
            await sql`rollback to savepoint import_row`.execute(trx);
            await sql`release savepoint import_row`.execute(trx);
            refused.push(refusal(request, first + i, err));
          }
        }
        throw ROLLBACK;
      })
      .catch((err: unknown) => {
        if (err !== ROLLBACK) throw err;
      });
    return ok(request, M.success, { done, refused });
  });
};
