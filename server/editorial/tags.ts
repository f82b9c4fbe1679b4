// Tags of a website: free entry in news and Q&A (`subjectTags: [{ name }]`). A name not known yet is
// created for the website; names are unique per website ignoring case and repeated spaces.
import type { FastifyPluginAsync } from 'fastify';
import { iso, jsonArrayFrom } from '../db/dialect';
import { httpError } from '../errors';
import { sql } from 'kysely';
import { requireWebsite } from '../resources/index';
import { type Db } from './common';
import { M } from '../messages';

export type TagKind = 'news' | 'qa';

const tidy = (name: string) => name.trim().replace(/\s+/g, ' ');
const keyOf = (name: string) => tidy(name).toLowerCase();

/** `[{ name }]` or `['name']` → distinct tidy names in order (blank ones dropped); 400 for anything else. */
export function parseTagNames(raw: unknown, field = 'subjectTags'): string[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw httpError(400, M.listInvalid(field), { field });
  const names: string[] = [];
  const keys = new Set<string>();
  for (const item of raw) {
    const name = typeof item === 'string' ? item : item && typeof item === 'object' ? (item as { name?: unknown }).name : undefined;
    if (typeof name !== 'string') throw httpError(400, M.listInvalid(field), { field });
    const t = tidy(name);
    if (!t || keys.has(keyOf(t))) continue;
    if (t.length > 100) throw httpError(400, M.tagTooLong, { field });
    keys.add(keyOf(t));
    names.push(t);
  }
  return names;
}

/** Replace the tags of one item (inside the caller's transaction), creating unknown names for the website. */
export async function setTags(db: Db, websiteId: number, kind: TagKind, objectId: number, names: string[], now: Date): Promise<void> {
  await db.deleteFrom('tag_links').where('kind', '=', kind).where('objectId', '=', objectId).execute();
  if (!names.length) return;
  await db
    .insertInto('tags')
    .values(names.map((name) => ({ websiteId, name, nameKey: keyOf(name), createdAt: iso(now) })))
    .onConflict((oc) => oc.columns(['websiteId', 'nameKey']).doNothing())
    .execute();
  const rows = await db.selectFrom('tags').select(['id', 'nameKey']).where('websiteId', '=', websiteId).where('nameKey', 'in', names.map(keyOf)).execute();
  const idOf = new Map(rows.map((r) => [r.nameKey, r.id]));
  await db
    .insertInto('tag_links')
    .values(names.map((name, i) => ({ kind, objectId, tagId: idOf.get(keyOf(name))!, websiteId, sortOrder: i })))
    .execute();
}

/**
 * The tags of each row of a list as a column read with the row (`tagList`, a JSON array: read it with `jsonRows`),
 * `[{ name }]` in their order; `objectId` is the listed table's id column (`news.id`).
 */
export function tagsColumn(db: Db, kind: TagKind, objectId: string) {
  const q = db
    .selectFrom('tag_links as tl')
    .innerJoin('tags as tg', 'tg.id', 'tl.tagId')
    .select(['tg.name'])
    .where('tl.kind', '=', kind)
    // The listed row's id (a correlated subquery: its table is not among this query's).
    .where('tl.objectId', '=', sql.ref<number>(objectId))
    .orderBy('tl.sortOrder');
  return jsonArrayFrom(db, q).as('tagList');
}

/** Tags of several items: objectId → `[{ name }]`, in the order they were given. */
export async function tagsOf(db: Db, kind: TagKind, objectIds: number[]): Promise<Map<number, { name: string }[]>> {
  const out = new Map<number, { name: string }[]>();
  if (!objectIds.length) return out;
  const rows = await db
    .selectFrom('tag_links as l')
    .innerJoin('tags as t', 't.id', 'l.tagId')
    .select(['l.objectId', 't.name'])
    .where('l.kind', '=', kind)
    .where('l.objectId', 'in', objectIds)
    .orderBy('l.objectId')
    .orderBy('l.sortOrder')
    .execute();
  for (const r of rows) {
    const list = out.get(r.objectId) ?? [];
    list.push({ name: r.name });
    out.set(r.objectId, list);
  }
  return out;
}

export async function removeTagLinks(db: Db, kind: TagKind, objectId: number) {
  await db.deleteFrom('tag_links').where('kind', '=', kind).where('objectId', '=', objectId).execute();
}

/** GET Tags/get-all/{website}: `[{ id, name }]` by name. */
export const tagRoutes: FastifyPluginAsync = async (app) => {
  app.get('/Tags/get-all/:website', async (request) => {
    const websiteId = await requireWebsite(app.db, request, (request.params as { website: string }).website);
    return app.db.selectFrom('tags').select(['id', 'name']).where('websiteId', '=', websiteId).orderBy('nameKey').execute();
  });
};
