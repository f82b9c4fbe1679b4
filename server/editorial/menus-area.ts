// GET /content/{website}/{lang}/menus (the delivery API, server/resources/area.ts): the website's active menus in
// order, each with its active items as a tree in order. docs/api.md "Delivery API", menus.
//
//   - a menu or an item without a name in {lang} is not listed (hasText); a menu's own texts otherwise fall back to
//     the website's default language (publicText);
//   - an inactive item hides its whole subtree (its children have no place without it), and so does an item that is
//     not listed for the reasons below;
//   - `url`: a custom item's (type 0) own URL as stored, or null for a heading without one; an item linking a news
//     item, category, service or album (objectType 2, 1, 5, 8 with an objectId) links to that record's page by its
//     current SEO link in {lang}, a path shaped like the delivery API's own: `/news/{seoLink}`, `/categories/{seoLink}`,
//     `/services/{seoLink}`, `/albums/{seoLink}`; `type` and `seoLink` let a site with routes of its own build them. The item's stored seoLink is a copy taken when it was saved (the
//     news' link in the default language), so it is not what the site links to;
//   - an item whose linked record is not published in {lang} (inactive, not approved, a news item not started yet,
//     no title in {lang}, deleted) is not listed, with its subtree: a menu never leads to a 404 page. It appears by
//     itself when the record is published; a news item's start time is part of the answer's ETag (epoch).
import { MENU_OBJECT_TYPE } from '../../shared/editorial';
import { hasText, publicText } from '../../shared/resources/delivery';
import { menu, menuItem } from '../../shared/resources/menu';
import { imageUrl, type ContentArea, type ContentContext, type JsonSchema } from '../resources/index';
import { latestPassed, publishedLinks, type LinkKind } from './published-links';

/** The item's kind on the wire, by objectType (the spec names 0, 1, 2, 5 and 8; the others are "other"). */
const KINDS: Record<number, string> = {
  [MENU_OBJECT_TYPE.custom]: 'custom',
  [MENU_OBJECT_TYPE.category]: 'category',
  [MENU_OBJECT_TYPE.news]: 'news',
  [MENU_OBJECT_TYPE.service]: 'service',
  [MENU_OBJECT_TYPE.album]: 'album',
};
export const MENU_ITEM_TYPES = ['custom', 'category', 'news', 'service', 'album', 'other'] as const;

/** The kinds that link a record, and the path of that record's page (as the delivery API reads it). */
const LINKED: Record<string, { kind: LinkKind; path: (seoLink: string) => string }> = {
  news: { kind: 'news', path: (s) => `/news/${s}` },
  category: { kind: 'category', path: (s) => `/categories/${s}` },
  service: { kind: 'service', path: (s) => `/services/${s}` },
  album: { kind: 'album', path: (s) => `/albums/${s}` },
};

interface MenuRow {
  id: number;
  name: string | null;
  description: string | null;
  position: number;
}

interface ItemRow {
  id: number;
  menuId: number;
  parentId: number | null;
  name: string | null;
  description: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  metaKeyword: string | null;
  objectType: number | null;
  objectId: number | null;
  url: string | null;
  icon: string | null;
  images: string | null;
  alt: string | null;
}

export interface PublicMenuItem {
  id: number;
  name: string;
  description: string;
  url: string | null;
  type: (typeof MENU_ITEM_TYPES)[number];
  objectId: number | null;
  seoLink: string | null;
  icon: string | null;
  images: string | null;
  alt: string | null;
  metaTitle: string;
  metaDescription: string;
  metaKeyword: string;
  children: PublicMenuItem[];
}

const kindOf = (row: ItemRow) => (row.objectType === null ? 'custom' : (KINDS[row.objectType] ?? 'other')) as PublicMenuItem['type'];
const linkOf = (row: ItemRow) => (row.objectId !== null ? LINKED[kindOf(row)] : undefined);

async function activeMenus(ctx: ContentContext): Promise<MenuRow[]> {
  let query = ctx.db
    .selectFrom(menu.table)
    .select(['id', 'name', 'description', 'position'])
    .where('websiteId', '=', ctx.websiteId)
    .where('isActive', '=', true);
  const position = ctx.query.position;
  if (position !== undefined && position !== '') query = query.where('position', '=', /^\d{1,2}$/.test(position) ? Number(position) : -1);
  const rows = (await query.orderBy('order').orderBy('id').execute()) as MenuRow[];
  return rows.filter((m) => hasText(m.name, ctx.lang));
}

async function activeItems(ctx: ContentContext, menuIds: number[]): Promise<ItemRow[]> {
  if (!menuIds.length) return [];
  return (await ctx.db
    .selectFrom(menuItem.table)
    .select(['id', 'menuId', 'parentId', 'name', 'description', 'metaTitle', 'metaDescription', 'metaKeyword', 'objectType', 'objectId', 'url', 'icon', 'images', 'alt'])
    .where('websiteId', '=', ctx.websiteId)
    .where('menuId', 'in', menuIds)
    .where('isActive', '=', true)
    .orderBy('order')
    .orderBy('id')
    .execute()) as ItemRow[];
}

/** The ids each linked kind's items point at. */
function linkedIds(items: ItemRow[]): Partial<Record<LinkKind, number[]>> {
  const ids: Partial<Record<LinkKind, number[]>> = {};
  for (const row of items) {
    const link = linkOf(row);
    if (link) (ids[link.kind] ??= []).push(row.objectId!);
  }
  return ids;
}

async function menus(ctx: ContentContext) {
  const found = await activeMenus(ctx);
  const items = await activeItems(ctx, found.map((m) => m.id));
  const links = await publishedLinks(ctx, linkedIds(items));
  const text = (v: unknown) => publicText(v, ctx.lang, ctx.defaultLang);

  /** The item on the wire, or undefined when it is not listed. */
  const shape = (row: ItemRow): Omit<PublicMenuItem, 'children'> | undefined => {
    if (!hasText(row.name, ctx.lang)) return undefined;
    const link = linkOf(row);
    let url = row.url?.trim() || null;
    let seoLink: string | null = null;
    if (link) {
      const target = links[link.kind].get(row.objectId!);
      if (!target) return undefined;
      seoLink = target.seoLink;
      url = link.path(encodeURIComponent(target.seoLink));
    }
    return {
      id: row.id,
      name: text(row.name),
      description: text(row.description),
      url,
      type: kindOf(row),
      objectId: link ? row.objectId : null,
      seoLink,
      icon: row.icon || null,
      images: row.images || null,
      alt: row.alt || null,
      metaTitle: text(row.metaTitle),
      metaDescription: text(row.metaDescription),
      metaKeyword: text(row.metaKeyword),
    };
  };

  // Children by parent, in order; a tree is built from its roots, so a hidden item's subtree is never reached.
  const byParent = new Map<string, ItemRow[]>();
  for (const row of items) {
    const key = `${row.menuId}:${row.parentId ?? ''}`;
    byParent.set(key, [...(byParent.get(key) ?? []), row]);
  }
  const tree = (menuId: number, parentId: number | null, depth: number): PublicMenuItem[] => {
    // A cycle cannot be saved (server/editorial/tree.ts); the depth bound only keeps a damaged row from looping.
    if (depth > 64) return [];
    const out: PublicMenuItem[] = [];
    for (const row of byParent.get(`${menuId}:${parentId ?? ''}`) ?? []) {
      const item = shape(row);
      if (item) out.push({ ...item, children: tree(menuId, row.id, depth + 1) });
    }
    return out;
  };
  return found.map((m) => ({ id: m.id, name: text(m.name), description: text(m.description), position: m.position, items: tree(m.id, null, 0) }));
}

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;

const itemSchema: JsonSchema = {
  $anchor: 'menuItem',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'description', 'url', 'type', 'objectId', 'seoLink', 'icon', 'images', 'alt', 'metaTitle', 'metaDescription', 'metaKeyword', 'children'],
  properties: {
    id: { type: 'integer' },
    name: { ...text, description: 'In the asked language (never empty: an item without a name there is not listed).' },
    description: text,
    url: { ...nullableText, description: 'What the site links to: a custom item\'s own URL (null for a heading without one), or the linked record\'s page: /news/{seoLink}, /categories/{seoLink}, /services/{seoLink}, /albums/{seoLink}.' },
    type: { type: 'string', enum: [...MENU_ITEM_TYPES], description: 'The item\'s kind (the console\'s object type: custom URL, news category, news item, service, album; other for the unnamed ones).' },
    objectId: { type: ['integer', 'null'], description: 'The linked record\'s id (news, category, service, album), else null.' },
    seoLink: { ...nullableText, description: 'The linked record\'s SEO link in the asked language, else null.' },
    icon: imageUrl(nullableText),
    images: imageUrl(nullableText),
    alt: nullableText,
    metaTitle: text,
    metaDescription: text,
    metaKeyword: text,
    children: { type: 'array', items: { $ref: '#menuItem' } },
  },
};

/**
 * A menu with its item tree. The item schema sits in `$defs` and names itself by a plain-name anchor (`$anchor`), so
 * its recursion (`$ref: '#menuItem'`) resolves the same whether this schema is compiled alone or embedded in the
 * OpenAPI document, without an `$id` that a validator would refuse to register twice.
 */
const menuSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'description', 'position', 'items'],
  properties: {
    id: { type: 'integer' },
    name: { ...text, description: 'In the asked language (never empty: a menu without a name there is not listed).' },
    description: text,
    position: { type: 'integer', enum: [0, 1, 2, 3, 4, 5], description: '0 top, 1 bottom, 2 left, 3 right, 4 centre, 5 popup.' },
    items: { type: 'array', items: { $ref: '#menuItem' }, description: 'The root items in order, each with its children.' },
  },
  $defs: { menuItem: itemSchema },
};

export const menusArea: ContentArea = {
  path: 'menus',
  summary: "The website's active menus in order, each with its active items as a tree in order.",
  // What the publish webhooks hear about (server/webhooks/feeds.ts): its own records. A linked record's approval or
  // start changes an item's link too, but telling every site about every news save would drown what matters.
  sources: ['menu', 'menuItem'],
  list: async (ctx) => ({ data: await menus(ctx) }),
  /** A linked news item's start time: the menu gains the item when it starts, without a write. */
  async epoch(ctx) {
    const rows = (await ctx.db
      .selectFrom('published_content as p')
      .innerJoin(`${menuItem.table} as i`, 'i.objectId', 'p.recordId')
      .select('p.startTime')
      .where('p.websiteId', '=', ctx.websiteId)
      .where('p.resource', '=', 'news')
      .where('p.languageId', '=', ctx.lang)
      .where('i.websiteId', '=', ctx.websiteId)
      .where('i.objectType', '=', MENU_OBJECT_TYPE.news)
      .where('i.isActive', '=', true)
      .execute()) as { startTime: string | null }[];
    return latestPassed(rows.map((r) => r.startTime), ctx.now);
  },
  schema: {
    item: menuSchema,
    query: [{ name: 'position', type: 'integer', description: 'Only the menus of this position (0 top, 1 bottom, 2 left, 3 right, 4 centre, 5 popup).' }],
  },
};
