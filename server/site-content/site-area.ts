// GET /content/{website}/{lang}/site (the delivery API, server/resources/area.ts): what every page of a website shows
// around its content, in one answer: the website's settings (brand, logos, meta texts, contacts), its languages, its
// branches with their contacts and images, its social networks and its hard contents with their items.
// docs/api.md "Delivery API", site.
//
// Published: active records in order (branches, social networks, hard contents and their items), each with a name in
// {lang} (hasText); per-language fields as plain text in {lang}, else the website's default language (publicText).
//
// Never here (the answer is public, to anyone on the internet):
//   - ipBlocking: the addresses the site refuses are people's data, and a defence an attacker must not read;
//   - commentNotAllow: the words the comments refuse; published, it tells a spammer what to misspell;
//   - the website's staff note, its staff, anything about users or accounts.
// Published on purpose although only an administrator may change them: googleAnalytics, trackingHeader and
// trackingBody are the code the site puts in every page it serves, so every visitor's browser receives them anyway,
// and a site built from this API cannot run its analytics without them. Who may change them guards what runs on the
// site, not a secret. (They are the only settings the site injects as HTML: a site must not trust anything else
// here as markup beyond the rich-text fields.)
import { publicText, hasText } from '../../shared/resources/delivery';
import { branchContact, branchContactImage, branchContactItem, CONTACT_TYPES } from '../../shared/resources/branch-contact';
import { hardContent, hardContentDetail } from '../../shared/resources/hard-content';
import { settings } from '../../shared/resources/settings';
import { socialNetwork } from '../../shared/resources/social-network';
import { dynamic, imageUrl, type ContentArea, type ContentContext, type JsonSchema } from '../resources/index';

/** Settings a site reads, by kind: per-language texts and the other (single) values. */
const SETTING_TEXTS = ['brand', 'instruction', 'metaTitle', 'metaKeyword', 'metaDescription'] as const;
const SETTING_VALUES = ['logo', 'favicon', 'logoMobile', 'logoFooter', 'hotline', 'zaloId', 'fanpage', 'fanPageFacebookId', 'googleMap', 'googleAnalytics', 'trackingHeader', 'trackingBody'] as const;
/** What the settings keep from the public (see above); a test asserts the answer's keys. */
export const PRIVATE_SETTINGS = ['ipBlocking', 'commentNotAllow'] as const;

/** Contact kinds on the wire (CONTACT_TYPES: 0 Email, 1 Phone, 2 TIN, 3 KvK). */
const CONTACT_KINDS: Record<number, string> = { 0: 'email', 1: 'phone', 2: 'tin', 3: 'kvk' };

type Row = Record<string, unknown>;

const orNull = (v: unknown) => (v === undefined || v === null || v === '' ? null : v);

/**
 * Rows of a website's table in order: the active ones when the table has `isActive`, and only the children of
 * `parents` (column, ids) when given.
 */
async function rows(ctx: ContentContext, table: string, columns: string[], order: string[], options: { active?: boolean; parents?: [string, number[]] } = {}): Promise<Row[]> {
  const [parentKey, parentIds] = options.parents ?? [];
  if (parentIds && !parentIds.length) return [];
  // One reader for several definitions' tables, named by the caller: the engine's view of the handle.
  let query = dynamic(ctx.db).selectFrom(table).select(columns).where('websiteId', '=', ctx.websiteId);
  if (options.active !== false) query = query.where('isActive', '=', true);
  if (parentKey) query = query.where(parentKey, 'in', parentIds!);
  for (const column of order) query = query.orderBy(column);
  return (await query.execute()) as Row[];
}

/** Children of the given parents, grouped by parent id (rows in order). */
function byParent(children: Row[], key: string): Map<number, Row[]> {
  const out = new Map<number, Row[]>();
  for (const c of children) out.set(c[key] as number, [...(out.get(c[key] as number) ?? []), c]);
  return out;
}

async function site(ctx: ContentContext) {
  const text = (v: unknown) => publicText(v, ctx.lang, ctx.defaultLang);
  const named = (r: Row) => hasText(r.name, ctx.lang);

  const website = (await ctx.db.selectFrom('websites').select(['name', 'phoneNumber', 'address']).where('id', '=', ctx.websiteId).executeTakeFirst()) as Row | undefined;
  const languages = (await ctx.db
    .selectFrom('website_languages as wl')
    .innerJoin('languages as l', 'l.id', 'wl.languageId')
    .select(['wl.languageId', 'l.name', 'wl.isDefault'])
    .where('wl.websiteId', '=', ctx.websiteId)
    .where((eb) => eb.or([eb('wl.isActive', '=', true), eb('wl.isDefault', '=', true)]))
    .orderBy('wl.isDefault', 'desc')
    .orderBy('l.sortOrder')
    .execute()) as { languageId: string; name: string; isDefault: boolean }[];

  const own = (await ctx.db.selectFrom(settings.table).select([...SETTING_TEXTS, ...SETTING_VALUES]).where('websiteId', '=', ctx.websiteId).executeTakeFirst()) as Row | undefined;
  const settingsOut: Record<string, unknown> = {};
  for (const f of SETTING_TEXTS) settingsOut[f] = text(own?.[f]);
  for (const f of SETTING_VALUES) settingsOut[f] = orNull(own?.[f]);

  const branches = (await rows(ctx, branchContact.table, ['id', 'name', 'address', 'workTime', 'description', 'logo', 'link', 'website', 'googleMap', 'isDefault', 'isOffice'], ['order', 'id'])).filter(named);
  // Contact items have no state nor order of their own: all of them, as entered.
  const ofBranches = { active: false, parents: ['branchContactId', branches.map((b) => b.id as number)] as [string, number[]] };
  const contacts = byParent(await rows(ctx, branchContactItem.table, ['branchContactId', 'contactType', 'contactValue'], ['id'], ofBranches), 'branchContactId');
  const images = byParent(await rows(ctx, branchContactImage.table, ['branchContactId', 'images', 'alt', 'url'], ['order', 'id'], ofBranches), 'branchContactId');

  const networks = (await rows(ctx, socialNetwork.table, ['id', 'name', 'description', 'url', 'image', 'icon'], ['order', 'id'])).filter(named);

  const blocks = (await rows(ctx, hardContent.table, ['id', 'name', 'code', 'description', 'image', 'alt', 'url'], ['order', 'id'])).filter(named);
  const ofBlocks = { parents: ['hardContentId', blocks.map((h) => h.id as number)] as [string, number[]] };
  const details = byParent((await rows(ctx, hardContentDetail.table, ['id', 'hardContentId', 'name', 'description', 'image', 'alt', 'url'], ['order', 'id'], ofBlocks)).filter(named), 'hardContentId');

  return {
    name: text(website?.name),
    phoneNumber: orNull(website?.phoneNumber),
    address: text(website?.address),
    defaultLanguage: ctx.defaultLang,
    languages,
    ...settingsOut,
    branches: branches.map((b) => ({
      id: b.id,
      name: text(b.name),
      address: text(b.address),
      workTime: text(b.workTime),
      description: text(b.description),
      logo: orNull(b.logo),
      link: orNull(b.link),
      website: orNull(b.website),
      googleMap: orNull(b.googleMap),
      isDefault: b.isDefault,
      isOffice: b.isOffice,
      contacts: (contacts.get(b.id as number) ?? []).map((c) => ({ type: CONTACT_KINDS[c.contactType as number] ?? 'other', value: c.contactValue })),
      images: (images.get(b.id as number) ?? []).map((i) => ({ image: i.images, alt: orNull(i.alt), url: orNull(i.url) })),
    })),
    socialNetworks: networks.map((n) => ({ id: n.id, name: text(n.name), description: text(n.description), url: orNull(n.url), image: orNull(n.image), icon: orNull(n.icon) })),
    hardContents: blocks.map((h) => ({
      id: h.id,
      code: orNull(h.code),
      name: text(h.name),
      description: text(h.description),
      image: orNull(h.image),
      alt: text(h.alt),
      url: orNull(h.url),
      items: (details.get(h.id as number) ?? []).map((d) => ({ id: d.id, name: text(d.name), description: text(d.description), image: orNull(d.image), alt: text(d.alt), url: orNull(d.url) })),
    })),
  };
}

// ---- the answer's schema ----

const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;
const bool = { type: 'boolean' } as const;

function object(properties: Record<string, unknown>, description?: string): JsonSchema {
  return { type: 'object', additionalProperties: false, required: Object.keys(properties), properties, ...(description ? { description } : {}) };
}
const list = (item: JsonSchema, description: string): JsonSchema => ({ type: 'array', items: item, description });

const siteSchema = object(
  {
    name: { ...str, description: "The website's name." },
    phoneNumber: strOrNull,
    address: str,
    defaultLanguage: { ...str, description: 'What per-language texts fall back to.' },
    languages: list(object({ languageId: str, name: str, isDefault: bool }), "The website's languages (a language switcher's entries), the default first."),
    brand: str,
    instruction: str,
    metaTitle: str,
    metaKeyword: str,
    metaDescription: str,
    logo: imageUrl(strOrNull),
    favicon: imageUrl(strOrNull),
    logoMobile: imageUrl(strOrNull),
    logoFooter: imageUrl(strOrNull),
    hotline: strOrNull,
    zaloId: strOrNull,
    fanpage: strOrNull,
    fanPageFacebookId: strOrNull,
    googleMap: { ...strOrNull, description: 'The map to embed (as staff pasted it).' },
    googleAnalytics: { ...strOrNull, description: 'Analytics code the site places in its pages.' },
    trackingHeader: { ...strOrNull, description: "Tracking code for the pages' head." },
    trackingBody: { ...strOrNull, description: "Tracking code for the pages' body." },
    branches: list(
      object({
        id: int,
        name: str,
        address: str,
        workTime: { ...str, description: 'HTML.' },
        description: str,
        logo: imageUrl(strOrNull),
        link: strOrNull,
        website: strOrNull,
        googleMap: strOrNull,
        isDefault: bool,
        isOffice: bool,
        contacts: list(object({ type: { type: 'string', enum: [...CONTACT_TYPES.map((c) => CONTACT_KINDS[c.value as number]), 'other'] }, value: str }), 'Email, phone, tax id (TIN), KvK number.'),
        images: list(object({ image: imageUrl(str), alt: strOrNull, url: strOrNull }), 'In order.'),
      }),
      'Active branches in order.',
    ),
    socialNetworks: list(object({ id: int, name: str, description: str, url: strOrNull, image: imageUrl(strOrNull), icon: imageUrl(strOrNull) }), 'Active social networks in order.'),
    hardContents: list(
      object({
        id: int,
        code: { ...strOrNull, description: 'The key a site finds a block by.' },
        name: str,
        description: { ...str, description: 'HTML.' },
        image: imageUrl(strOrNull),
        alt: str,
        url: strOrNull,
        items: list(object({ id: int, name: str, description: str, image: imageUrl(strOrNull), alt: str, url: strOrNull }), 'Active items in order.'),
      }),
      'Active fixed-content blocks in order, with their active items.',
    ),
  },
  "What every page of the website shows around its content. Never: IP blocking, the comments' refused words, anything about staff or users.",
);

export const siteArea: ContentArea = {
  path: 'site',
  summary: "The website's settings (brand, logos, meta texts, contacts), languages, branches, social networks and hard contents.",
  // What the publish webhooks hear about (server/webhooks/feeds.ts): the settings (one per website) first.
  sources: ['settings', 'website', 'websiteLanguage', 'branchContact', 'branchContactItem', 'branchContactImage', 'socialNetwork', 'hardContent', 'hardContentDetail'],
  list: async (ctx) => ({ data: await site(ctx) }),
  schema: { item: siteSchema, single: true },
};
