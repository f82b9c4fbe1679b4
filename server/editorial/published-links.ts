// What a public website may link to from its menus and disease pages (the delivery API, server/resources/area.ts):
// a news item, news category, service or album, by id, with its SEO link in the asked language — only when that
// record is published there, so a link the delivery API hands out never leads to a 404 page.
//
// Published, as the delivery API says it (shared/resources/delivery.ts): active; approved where the resource is
// reviewed (news, services); for news a start time that has passed; and a title with text in the language (hasText).
// Read from the records' current rows: when the approved version is kept apart from later edits
// (server/editorial/published.ts), these reads follow it.
import { hasText, publicText } from '../../shared/resources/delivery';
import { album } from '../../shared/resources/album';
import { newsCategory } from '../../shared/resources/news-category';
import { service } from '../../shared/resources/service';
import { NEWS_STATUS } from '../../shared/editorial';
import type { DynamicDb } from '../resources/index';
import { typed } from './common';

export type LinkKind = 'news' | 'category' | 'service' | 'album';

/** A published record a site links to: its SEO link in the language and its title there (plain text). */
export interface PublishedLink {
  seoLink: string;
  title: string;
}

export interface LinkAsk {
  db: DynamicDb;
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

/** The published news among `ids`, with their link and title in `lang`. */
export async function publishedNews(ask: LinkAsk, ids: number[]): Promise<Map<number, PublishedLink>> {
  const out = new Map<number, PublishedLink>();
  if (!ids.length) return out;
  const db = typed(ask.db);
  const rows = await db
    .selectFrom('news as n')
    .innerJoin('news_translations as t', (j) => j.onRef('t.newsId', '=', 'n.id').on('t.languageId', '=', ask.lang))
    .select(['n.id', 'n.startTime', 't.title', 't.seoLink'])
    .where('n.websiteId', '=', ask.websiteId)
    .where('n.id', 'in', ids)
    .where('n.isActive', '=', true)
    .where('n.approvedStatus', '=', NEWS_STATUS.approved)
    .execute();
  for (const r of rows) if (started(r.startTime, ask.now) && hasText(r.title, ask.lang) && r.seoLink) out.set(r.id, { seoLink: r.seoLink, title: r.title });
  return out;
}

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

/** Categories, services and albums: one seoLink for every language, a per-language title. */
const SIMPLE = {
  category: { table: newsCategory.table, title: 'name', reviewed: false },
  service: { table: service.table, title: 'title', reviewed: true },
  album: { table: album.table, title: 'name', reviewed: false },
} as const;

async function publishedSimple(ask: LinkAsk, kind: keyof typeof SIMPLE, ids: number[]): Promise<Map<number, PublishedLink>> {
  const out = new Map<number, PublishedLink>();
  if (!ids.length) return out;
  const { table, title, reviewed } = SIMPLE[kind];
  let query = ask.db.selectFrom(table).select(['id', 'seoLink', title]).where('websiteId', '=', ask.websiteId).where('id', 'in', ids).where('isActive', '=', true);
  if (reviewed) query = query.where('approvedStatus', '=', NEWS_STATUS.approved);
  const rows = (await query.execute()) as Record<string, unknown>[];
  for (const r of rows) {
    if (typeof r.seoLink !== 'string' || !r.seoLink.trim() || !hasText(r[title], ask.lang)) continue;
    out.set(r.id as number, { seoLink: r.seoLink, title: publicText(r[title], ask.lang, ask.lang) });
  }
  return out;
}

/** The published records of each kind among the asked ids. */
export async function publishedLinks(ask: LinkAsk, ids: Partial<Record<LinkKind, number[]>>): Promise<Record<LinkKind, Map<number, PublishedLink>>> {
  const [news, category, serviceLinks, albumLinks] = await Promise.all([
    publishedNews(ask, ids.news ?? []),
    publishedSimple(ask, 'category', ids.category ?? []),
    publishedSimple(ask, 'service', ids.service ?? []),
    publishedSimple(ask, 'album', ids.album ?? []),
  ]);
  return { news, category, service: serviceLinks, album: albumLinks };
}
