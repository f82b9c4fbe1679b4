// What a public website may link to from its menus and disease pages (the delivery API, server/resources/area.ts):
// a news item, news category, service or album, by id, with its SEO link in the asked language — only when that
// record is published there, so a link the delivery API hands out never leads to a 404 page.
//
// Published, as the delivery API says it (shared/resources/delivery.ts): active; approved where the resource is
// reviewed (news, services); for news a start time that has passed; and a title with text in the language (hasText).
// News and services are read from their published versions (./published.ts: what a reviewer approved, whatever the
// record became since, its Active read live), so a later edit waiting for review keeps the link and its approved SEO
// link; categories and albums from their rows.
import { hasText, publicText } from '../../shared/resources/delivery';
import { album } from '../../shared/resources/album';
import { newsCategory } from '../../shared/resources/news-category';
import type { Db } from '../db/schema';
import type { ResourceDef } from '../../shared/resources/define';
import { dynamic, underInactive } from '../resources/index';
import { withActiveParents } from './published';

export type LinkKind = 'news' | 'category' | 'service' | 'album';

/** A published record a site links to: its SEO link in the language and its title there (plain text). */
export interface PublishedLink {
  seoLink: string;
  title: string;
}

export interface LinkAsk {
  db: Db;
  websiteId: number;
  lang: string;
  now: Date;
}

/** Whether a news start time (as stored: ISO text, or none) has passed at `now`. */
export function started(startTime: string | null | undefined, now: Date): boolean {
  if (!startTime) return true;
  const at = Date.parse(startTime);
  return Number.isNaN(at) || at <= now.getTime();
}

/** The published versions in `lang` of these records of a reviewed resource ('news', 'service'): link and title. */
async function publishedVersions(ask: LinkAsk, resource: 'news' | 'service', ids: number[]): Promise<Map<number, PublishedLink>> {
  const out = new Map<number, PublishedLink>();
  if (!ids.length) return out;
  const query = ask.db
    .selectFrom('published_content as p')
    .select(['p.recordId', 'p.seoLink', 'p.title', 'p.startTime'])
    .where('p.websiteId', '=', ask.websiteId)
    .where('p.resource', '=', resource)
    .where('p.languageId', '=', ask.lang)
    .where('p.isActive', '=', true)
    .where('p.recordId', 'in', [...new Set(ids)]);
  // A service of a switched-off group is not published either.
  const rows = await withActiveParents(ask.db, resource, query).execute();
  for (const r of rows) if (started(r.startTime, ask.now) && r.seoLink) out.set(r.recordId, { seoLink: r.seoLink, title: r.title });
  return out;
}

/** The published news among `ids`, with their link and title in `lang`. */
export const publishedNews = (ask: LinkAsk, ids: number[]) => publishedVersions(ask, 'news', ids);

/**
 * The latest of these news start times that has passed at `now`: what makes a link appear without a write, so part
 * of an answer's ETag (ContentArea.epoch). Null when none has.
 */
export function latestPassed(startTimes: (string | null)[], now: Date): string | null {
  let latest: number | null = null;
  for (const startTime of startTimes) {
    const at = Date.parse(startTime ?? '');
    if (!Number.isNaN(at) && at <= now.getTime() && (latest === null || at > latest)) latest = at;
  }
  return latest === null ? null : new Date(latest).toISOString();
}

/** Categories and albums (not reviewed): one seoLink for every language, a per-language name. */
const SIMPLE = {
  category: { def: newsCategory, title: 'name' },
  album: { def: album, title: 'name' },
} as const;

async function publishedSimple(ask: LinkAsk, kind: keyof typeof SIMPLE, ids: number[]): Promise<Map<number, PublishedLink>> {
  const out = new Map<number, PublishedLink>();
  if (!ids.length) return out;
  const { def, title } = SIMPLE[kind];
  const tree = (def as ResourceDef).delivery?.tree;
  const rows = (await dynamic(ask.db)
    .selectFrom(def.table)
    .select(['id', 'seoLink', title, ...(tree ? [tree] : [])])
    .where('websiteId', '=', ask.websiteId)
    .where('id', 'in', ids)
    .where('isActive', '=', true)
    .execute()) as Record<string, unknown>[];
  // In a tree (the categories), a record under a switched-off one is not published either (the area's tree walk).
  const hidden = tree ? await underInactive(dynamic(ask.db), def.table, ask.websiteId, tree, 'isActive', rows) : new Set<unknown>();
  for (const r of rows) {
    if (typeof r.seoLink !== 'string' || !r.seoLink.trim() || !hasText(r[title], ask.lang) || hidden.has(r.id)) continue;
    out.set(r.id as number, { seoLink: r.seoLink, title: publicText(r[title], ask.lang, ask.lang) });
  }
  return out;
}

/** The published records of each kind among the asked ids. */
export async function publishedLinks(ask: LinkAsk, ids: Partial<Record<LinkKind, number[]>>): Promise<Record<LinkKind, Map<number, PublishedLink>>> {
  const [news, category, serviceLinks, albumLinks] = await Promise.all([
    publishedNews(ask, ids.news ?? []),
    publishedSimple(ask, 'category', ids.category ?? []),
    publishedVersions(ask, 'service', ids.service ?? []),
    publishedSimple(ask, 'album', ids.album ?? []),
  ]);
  return { news, category, service: serviceLinks, album: albumLinks };
}
