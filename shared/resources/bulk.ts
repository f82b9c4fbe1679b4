/**
 * Acting on many records of a list at once (issue 42 "Act on many"): which actions a definition's list offers. The
 * server (`POST /api/Bulk/{website}/{resource}`, server/resources/bulk.ts) and the console's bulk bar both read it, so
 * the console never offers what the server refuses for the definition as a whole. Each record still goes through the
 * engine on its own (access, role, locks, status machine, validation, history).
 *
 * Runtime-free: read by the server and the console.
 */
import { l, type Label, type ResourceDef } from './define';

/** At most this many ids in one request. */
export const MAX_BULK_IDS = 500;

export type BulkAction = 'delete' | 'activate' | 'deactivate' | 'submit' | 'set';

export interface BulkChoice {
  action: BulkAction;
  /** `set`: the field given the one value (a FAQ's group, a service's group). */
  field?: string;
  label: Label;
  /** The question before it runs, `{count}` standing for how many records. */
  confirm: Label;
  danger?: boolean;
}

/** A list of its own (not a child edited under its parent, not a singleton) whose records are reached by id. */
export function isBulkable(def: ResourceDef): boolean {
  return !def.singleton && !def.idField && (!def.parent || def.parent.keyField === 'websiteId') && Boolean(def.routes?.list);
}

const activeField = (def: ResourceDef) => def.fields.find((f) => f.name === 'isActive' && f.type === 'boolean' && !f.computed && !f.serverSet && !f.hidden);

/** The review machine (news, Q&A, services): submitting for review is a save "as approve" (status Pending). */
export const reviewsOf = (def: ResourceDef) => (def.machines ?? []).some((m) => m.action === 'review');

/** The actions the list of `def` offers, in the bulk bar's order. */
export function bulkActionsOf(def: ResourceDef): BulkChoice[] {
  if (!isBulkable(def)) return [];
  const out: BulkChoice[] = [];
  if (def.api.update && reviewsOf(def)) {
    out.push({ action: 'submit', label: l('Gửi duyệt', 'Submit for review'), confirm: l('Gửi duyệt {count} bản ghi?', 'Submit {count} records for review?') });
  }
  if (def.api.update && activeField(def)) {
    out.push({ action: 'activate', label: l('Kích hoạt', 'Activate'), confirm: l('Kích hoạt {count} bản ghi?', 'Activate {count} records?') });
    out.push({ action: 'deactivate', label: l('Ngừng kích hoạt', 'Deactivate'), confirm: l('Ngừng kích hoạt {count} bản ghi?', 'Deactivate {count} records?') });
  }
  for (const f of def.fields) {
    if (!def.api.update || !f.bulkSet || f.type !== 'reference' || f.perLanguage || f.computed || f.hidden) continue;
    out.push({ action: 'set', field: f.name, label: l(`Đổi ${f.label.vi.toLowerCase()}`, `Set ${f.label.en.toLowerCase()}`), confirm: l(`Đổi ${f.label.vi.toLowerCase()} của {count} bản ghi?`, `Set the ${f.label.en.toLowerCase()} of {count} records?`) });
  }
  if (def.api.remove) {
    out.push({ action: 'delete', label: l('Xoá', 'Delete'), confirm: l('Xoá {count} bản ghi?', 'Delete {count} records?'), danger: true });
  }
  return out;
}
