// Acting on many records of a list at once (issue 42 "Act on many", docs/api.md "Bulk actions"):
// `POST /api/Bulk/{website}/{resource}` `{ action, ids, value? }` → `{ done: [id], refused: [{ id, status, message }] }`.
//
// Each record is one engine operation in its own transaction, with the checks its own route makes, in the same order:
// the definition's access rule, the user's role on the website (none/own/all, hidden fields), the record (404), the
// state that locks it, the status machine; then the engine's write (validation, hooks, one history entry). A refusal
// of one record is that record's answer (its status and message) and the others go on; only a bad request as a whole
// (unknown resource or action, too many ids) answers 4xx.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ruleOf } from '../../shared/resources/access';
import { bulkActionsOf, MAX_BULK_IDS, type BulkAction } from '../../shared/resources/bulk';
import type { ResourceDef } from '../../shared/resources/define';
import { toId } from '../../shared/input';
import { httpError, HttpError } from '../errors';
import { localize, type Text } from '../i18n';
import { M } from '../messages';
import { enforce, parseId, requireWebsite } from './access';
import { hookContext } from './context';
import type { Scope } from './engine';
import { refuseLocked } from './machines';
import { gateOf, hiddenOf, requireOperation, type Gate } from './permissions';
import { bodyObject } from './records';
import { keepHidden, saveRecord } from './routes';
import { hasWebsiteId } from './schema';

export interface BulkRefusal {
  id: number;
  status: number;
  message: string;
}

const BULK_WORDS = {
  unknownResource: (name: string): Text => ({ vi: `Không có danh sách "${name}"`, en: `There is no list "${name}"` }),
  unknownAction: (action: string): Text => ({ vi: `Không thể thực hiện "${action}" trên danh sách này`, en: `"${action}" cannot be done on this list` }),
  ids: { vi: `Danh sách id phải có từ 1 đến ${MAX_BULK_IDS} id`, en: `ids must hold 1 to ${MAX_BULK_IDS} ids` } as Text,
};

/** The definition a path names: by its name, case aside (`news`, `faqGroup`). */
function defOf(defs: Record<string, ResourceDef>, name: string): ResourceDef {
  const def = Object.values(defs).find((d) => d.name.toLowerCase() === name.toLowerCase());
  if (!def || !bulkActionsOf(def).length) throw httpError(404, BULK_WORDS.unknownResource(name));
  return def;
}

/** The ids as sent: a list of 1 to 500 ids, each once (400 naming `ids` otherwise). */
function idsOf(raw: unknown): number[] {
  if (!Array.isArray(raw) || raw.length < 1 || raw.length > MAX_BULK_IDS) throw httpError(400, BULK_WORDS.ids, { field: 'ids' });
  const ids = raw.map((v) => toId(v));
  if (ids.some((id) => id === undefined)) throw httpError(400, M.listInvalid('ids'), { field: 'ids' });
  return [...new Set(ids as number[])];
}

/** What one record's refusal says: its message (a validation's first field's words). */
function refusalOf(request: FastifyRequest, id: number, err: unknown): BulkRefusal {
  if (!(err instanceof HttpError) || err.status >= 500) throw err;
  return { id, status: err.status, message: localize(request, err.text) };
}

export const bulkRoutes: FastifyPluginAsync = async (app) => {
  const { defs, engine } = app.resources;

  app.post('/Bulk/:website/:resource', async (request) => {
    const params = request.params as { website: string; resource: string };
    const def = defOf(defs, params.resource);
    const body = bodyObject(request.body);
    const action = body.action as BulkAction;
    const choice = bulkActionsOf(def).find((c) => c.action === action && (action !== 'set' || c.field === body.field));
    if (!choice) throw httpError(400, BULK_WORDS.unknownAction(String(body.action ?? '')), { field: 'action' });
    const ids = idsOf(body.ids);
    const value = action === 'set' ? parseId(body.value, 'value') : undefined;
    const scope: Scope = { keys: {}, ...(hasWebsiteId(def) ? { websiteId: await requireWebsite(app.db, request, params.website) } : {}) };
    const gate = await gateOf(app.db, request, def, scope);

    const done: number[] = [];
    const refused: BulkRefusal[] = [];
    // One after the other: each its own transaction (SQLite has one connection; a refusal rolls back only its record).
    for (const id of ids) {
      try {
        await one(def, gate, scope, action, id, choice.field, value);
        done.push(id);
      } catch (err) {
        refused.push(refusalOf(request, id, err));
      }
    }
    return { done, refused };

    async function one(def: ResourceDef, gate: Gate | undefined, scope: Scope, action: BulkAction, id: number, field?: string, value?: number) {
      const ctx = hookContext(app, request, scope);
      const operation = action === 'delete' ? 'delete' : 'update';
      const rule = ruleOf(def.access, operation);
      enforce(request, rule);
      const reach = requireOperation(gate, operation);
      if (reach === 'own') await engine.requireOwn(ctx.db, def, scope, id, request.user.id);
      const current = await engine.readOrThrow(ctx.db, def, scope, id);
      // A rule that looks at the record (not its submitter) with the record.
      enforce(request, rule, current);
      const hidden = hiddenOf(gate);
      if (action === 'delete') return engine.remove(ctx, def, scope, id);
      if (action === 'submit') {
        // Submitting is the save "as approve" of the editor (status Pending): a pending record is locked (409).
        return saveRecord(engine, def, ctx, id, await keepHidden(engine, ctx, def, { ...current, isApproveFlag: true }, hidden, id));
      }
      if (action === 'set') {
        // A field the form has (a FAQ's group): the form's save with that value, so its rules and the reference's check hold.
        if (hidden.includes(field!)) throw httpError(403, M.forbidden, { field });
        return saveRecord(engine, def, ctx, id, { ...current, [field!]: value });
      }
      // Active beside the form (engine.change: its history entry, without the save's demotion of a reviewed record to
      // Draft), refused where a save would be: a locked state, a field the role hides.
      if (hidden.includes('isActive')) throw httpError(403, M.forbidden, { field: 'isActive' });
      refuseLocked(def, current);
      return engine.change(ctx, def, scope, id, { isActive: action === 'activate' });
    }
  });
};
