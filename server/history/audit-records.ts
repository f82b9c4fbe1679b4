// The record an audit entry speaks of, named as a person reads it (issue 42): its title as the entry left it (not its id
// or the resource's internal name), and the console screen that shows it (`route`, with `?website=` for the workspace
// to switch to). The audit is the administrators' (./routes.ts): a title made of a personal field is opened for them,
// as the entry's changes are.
import type { ResourceDef } from '../../shared/resources/define';
import { DEFINITION_LINKS, LINKED_ROUTES } from '../../shared/deep-links';
import type { Db } from '../db/schema';
import { Opener } from '../privacy/index';
import { HISTORY_TABLE } from './entries';
import { titleAndField } from './titles';

type Row = Record<string, unknown>;

export interface NamedEntry {
  id: number;
  websiteId: number | null;
  resource: string;
  recordId: string;
  operation: string;
}

/** Definitions edited in a tab of "Thông tin website" / "Website information" rather than a screen of their own. */
const WEBSITE_INFORMATION = new Set(['settings', 'webhook', 'socialNetwork', 'branchContact', 'hardContent']);
const POSITIVE_ID = /^[1-9][0-9]{0,14}$/;
const filled = (pattern: string, id: string) => pattern.replace(/:[A-Za-z]+/, encodeURIComponent(id));

/**
 * The console path that shows a record of `resource` (null when none does): the record's editor; a child's parent's
 * (a banner's item: its banner); the screen of the linked resources (the team's records open from their list, a
 * specialization is a service of type 0); the website information's tab; the file manager.
 */
export function recordRoute(defs: Record<string, ResourceDef>, resource: string, recordId: string, record: Row | null | undefined): string | null {
  if (resource === 'file' || resource === 'folder') return '/file';
  const def = defs[resource];
  if (!def) return null;
  if (def.parent) {
    const parent = defs[def.parent.resource];
    const key = record?.[def.parent.keyField];
    return parent?.routes?.edit && key !== null && key !== undefined && POSITIVE_ID.test(String(key)) ? filled(parent.routes.edit, String(key)) : null;
  }
  if (WEBSITE_INFORMATION.has(resource)) return '/info-website';
  if (!POSITIVE_ID.test(recordId)) return def.routes?.list ?? null;
  if (resource === 'service' && Number(record?.type) === 0) return filled(LINKED_ROUTES.specializations, recordId);
  const linked = DEFINITION_LINKS[resource];
  if (linked) return filled(LINKED_ROUTES[linked], recordId);
  if (def.routes?.edit) return filled(def.routes.edit, recordId);
  return def.routes?.list ?? null;
}

const withWebsite = (route: string, websiteId: number | null) => (websiteId === null ? route : `${route}${route.includes('?') ? '&' : '?'}website=${websiteId}`);

const parsed = (text: unknown): { record?: Row | null } | null => {
  if (typeof text !== 'string') return null;
  try {
    return JSON.parse(text) as { record?: Row | null };
  } catch {
    return null;
  }
};

/**
 * Each entry with its record's `title` (null when nothing names it: a failed sign-in's account name is its record id)
 * and `route` (null after a delete: the record is in the trash, not on a screen). The record is the one the entry kept
 * (`state.record`); an entry that keeps none (who read a person's data, a sign-in) takes the newest entry's of the
 * same record that does.
 */
export async function withRecords<E extends NamedEntry>(db: Db, defs: Record<string, ResourceDef>, entries: E[], language: string): Promise<(E & { title: string | null; route: string | null })[]> {
  const history = db as unknown as import('kysely').Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const ids = entries.filter((e) => e.id > 0).map((e) => e.id);
  const states = new Map<number, string | null>();
  if (ids.length) {
    const rows = (await history.selectFrom(HISTORY_TABLE).select(['id', 'state']).where('id', 'in', ids).execute()) as { id: number; state: string | null }[];
    for (const r of rows) states.set(Number(r.id), r.state);
  }
  const key = (resource: string, recordId: string) => `${resource}\u0000${recordId}`;
  const bare = entries.filter((e) => !states.get(e.id));
  const latest = new Map<string, string>();
  if (bare.length) {
    const resources = [...new Set(bare.map((e) => e.resource))];
    const recordIds = [...new Set(bare.map((e) => e.recordId))];
    const newest = (await history
      .selectFrom(HISTORY_TABLE)
      .select((eb) => ['resource', 'recordId', eb.fn.max('id').as('id')])
      .where('state', 'is not', null)
      .where('resource', 'in', resources)
      .where('recordId', 'in', recordIds)
      .groupBy(['resource', 'recordId'])
      .execute()) as { resource: string; recordId: string; id: number }[];
    const wanted = new Set(bare.map((e) => key(e.resource, e.recordId)));
    const found = newest.filter((r) => wanted.has(key(r.resource, r.recordId)));
    if (found.length) {
      const rows = (await history.selectFrom(HISTORY_TABLE).select(['id', 'resource', 'recordId', 'state']).where('id', 'in', found.map((r) => Number(r.id))).execute()) as { resource: string; recordId: string; state: string }[];
      for (const r of rows) latest.set(key(r.resource, r.recordId), r.state);
    }
  }
  const opener = new Opener(db);
  return Promise.all(
    entries.map(async (e) => {
      const text = states.get(e.id) || latest.get(key(e.resource, e.recordId));
      const state = parsed(text);
      // Only a record with sealed values asks for its key (a read each): a page of 1,000 entries mostly has none.
      const opened = state && text?.includes('"$sealed"') ? ((await opener.state(defs, e.resource, e.recordId, state)) as { record?: Row | null }) : state;
      const record = opened?.record ?? null;
      const made = record ? titleAndField(defs[e.resource], record, language, e.recordId) : undefined;
      const title = made && made.title !== `#${e.recordId}` ? made.title : null;
      const route = e.operation === 'delete' ? null : recordRoute(defs, e.resource, e.recordId, record);
      return { ...e, title, route: route === null ? null : withWebsite(route, e.websiteId) };
    }),
  );
}
