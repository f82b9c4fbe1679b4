// A news item's public form, per language, stored as its published version when a reviewer approves it
// (server/editorial/published.ts). What the delivery API answers for it until the next approval, whatever the
// record becomes meanwhile.
//
// In a language: listed only when its translation there has a title; its other texts fall back, field by field, to
// the website's default language; its SEO link is that language's. The start time is the news item's (scheduled:
// shown from then), or when it was written when it has none (a backfill keeps an existing site's order).
import { iso } from '../db/dialect';
import { searchTextOf, type Db } from '../editorial/common';
import { backfill, defaultLanguages, publish, type PublishedLanguage, type PublishedRecord, type PublishedResource } from '../editorial/published';
import { tagsOf } from '../editorial/tags';

export const PUBLISHED_NEWS: PublishedResource = { resource: 'news', table: 'news' };

type Translation = { languageId: string; title: string; description: string; content: string; seoLink: string; metaTitle: string; metaDescription: string; metaKeyword: string };

/** Builds and stores the published versions of these news items from their current rows (an approval, the backfill). */
export async function publishNews(db: Db, ids: number[], now: Date): Promise<void> {
  if (!ids.length) return;
  await publish(db, PUBLISHED_NEWS, await newsVersions(db, ids), now);
}

/** The public form of these news items as their rows are now: what an approval publishes, and what a preview shows. */
export async function newsVersions(db: Db, ids: number[]): Promise<PublishedRecord[]> {
  if (!ids.length) return [];
  const [rows, translations, categories, tags] = await Promise.all([
    db.selectFrom('news').selectAll().where('id', 'in', ids).execute(),
    db
      .selectFrom('news_translations')
      .select(['newsId', 'languageId', 'title', 'description', 'content', 'seoLink', 'metaTitle', 'metaDescription', 'metaKeyword'])
      .where('newsId', 'in', ids)
      .execute(),
    db.selectFrom('news_categories').select(['newsId', 'categoryId']).where('newsId', 'in', ids).orderBy('newsId').orderBy('sortOrder').execute(),
    tagsOf(db, 'news', ids),
  ]);
  const defaults = await defaultLanguages(db, rows.map((r) => r.websiteId));
  const textsOf = new Map<number, Translation[]>();
  for (const { newsId, ...t } of translations) textsOf.set(newsId, [...(textsOf.get(newsId) ?? []), t]);

  const records: PublishedRecord[] = rows.map((news) => {
    const texts = textsOf.get(news.id) ?? [];
    const main = texts.find((t) => t.languageId === defaults.get(news.websiteId));
    const startTime = iso(new Date(news.startTime ?? news.createdAt));
    const tagNames = (tags.get(news.id) ?? []).map((t) => t.name);
    const languages: PublishedLanguage[] = texts
      .filter((t) => t.title.trim() && t.seoLink)
      .map((t) => {
        const text = (field: keyof Translation) => t[field] || main?.[field] || '';
        const item = {
          id: news.id,
          title: t.title,
          description: text('description'),
          seoLink: t.seoLink,
          featureImage: news.featureImage ?? '',
          featureImageMobile: news.featureImageMobile ?? '',
          // In the list too: a page of cards needs the pictures' alt text (their Info's alt falls back to it).
          altFeatureImage: news.altFeatureImage ?? '',
          startTime,
        };
        const detail = {
          content: text('content'),
          metaTitle: text('metaTitle'),
          metaDescription: text('metaDescription'),
          metaKeyword: text('metaKeyword'),
          tags: tagNames,
          bannerImages: news.bannerImages ?? '',
          bannerImagesMobile: news.bannerImagesMobile ?? '',
          altImages: news.altImages ?? '',
          type: news.type,
          isHot: news.isHot,
          isHomePage: news.isHomePage,
        };
        return { languageId: t.languageId, seoLink: t.seoLink, title: t.title, startTime, type: news.type, searchText: searchTextOf([t.title, item.description]), item, detail };
      });
    return { websiteId: news.websiteId, recordId: news.id, isActive: news.isActive, languages, categoryIds: categories.filter((c) => c.newsId === news.id).map((c) => c.categoryId) };
  });
  return records;
}

/** Approved news without a published version (from before published versions, or loaded without the routes). */
export const backfillNews = (db: Db, now: Date) => backfill(db, PUBLISHED_NEWS, (trx, ids) => publishNews(trx, ids, now));
