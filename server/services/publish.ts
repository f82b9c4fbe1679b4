// A service's public form, per language, stored as its published version when a reviewer approves it
// (server/editorial/published.ts): the service with its active titles (each with its active items) and its active
// FAQs, as they are at the approval. Changes to any of them reach the site with the next approval.
//
// In a language: listed only when its title has text there; every other per-language value falls back to the
// website's default language (publicText). A title, item or FAQ without text in the language is left out there.
import { hasText, publicText } from '../../shared/resources/delivery';
import { service, serviceFaq, serviceTitle, serviceTitleItem } from '../../shared/resources/service';
import { searchTextOf, type Db } from '../editorial/common';
import { backfill, defaultLanguages, publish, type PublishedRecord, type PublishedResource } from '../editorial/published';

export const PUBLISHED_SERVICES: PublishedResource = { resource: service.name, table: service.table };

type Row = Record<string, unknown> & { id: number };

const tagNames = (raw: unknown): string[] => {
  try {
    const list = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
    return Array.isArray(list) ? list.map((t) => (typeof t === 'string' ? t : String((t as { name?: unknown })?.name ?? ''))).filter(Boolean) : [];
  } catch {
    return [];
  }
};

/** Builds and stores the published versions of these services from their current rows (an approval, the backfill). */
export async function publishServices(db: Db, ids: number[], now: Date): Promise<void> {
  if (!ids.length) return;
  await publish(db, PUBLISHED_SERVICES, await serviceVersions(db, ids), now);
}

/** The public form of these services as their rows are now: what an approval publishes, and what a preview shows. */
export async function serviceVersions(db: Db, ids: number[]): Promise<PublishedRecord[]> {
  if (!ids.length) return [];
  const [rows, faqs, titles] = (await Promise.all([
    db.selectFrom(service.table).selectAll().where('id', 'in', ids).execute(),
    db.selectFrom(serviceFaq.table).selectAll().where('serviceId', 'in', ids).where('isActive', '=', true).orderBy('order').orderBy('id').execute(),
    db.selectFrom(serviceTitle.table).selectAll().where('serviceId', 'in', ids).where('isActive', '=', true).orderBy('order').orderBy('id').execute(),
  ])) as Row[][];
  const items = titles.length
    ? ((await db.selectFrom(serviceTitleItem.table).selectAll().where('titleId', 'in', titles.map((t) => t.id)).where('isActive', '=', true).orderBy('order').orderBy('id').execute()) as Row[])
    : [];
  const websiteIds = rows.map((r) => Number(r.websiteId));
  const defaults = await defaultLanguages(db, websiteIds);
  // Every language it has text in (as news publishes each translation): a language the website adds later is there.
  const languages = (await db.selectFrom('languages').select('id').execute()).map((l) => l.id);

  const records: PublishedRecord[] = rows.map((sv) => {
    const websiteId = Number(sv.websiteId);
    const main = defaults.get(websiteId)!;
    return {
      websiteId,
      recordId: sv.id,
      isActive: Boolean(sv.isActive),
      languages: languages
        .filter((lang) => hasText(sv.title, lang))
        .map((lang) => {
          const text = (value: unknown) => publicText(value, lang, main);
          const item = {
            id: sv.id,
            type: sv.type,
            title: text(sv.title),
            subTitle: text(sv.subTitle),
            description: text(sv.description),
            seoLink: String(sv.seoLink ?? ''),
            image: sv.image ?? '',
            thumbnail: sv.thumbnail ?? '',
            alt: sv.alt ?? '',
            unitPrice: sv.unitPrice ?? null,
            serviceGroupId: sv.serviceGroupId ?? null,
            videoUrl: sv.videoUrl ?? '',
            isHomePage: Boolean(sv.isHomePage),
            isHot: Boolean(sv.isHot),
            order: sv.order ?? 0,
            titles: titles
              .filter((t) => t.serviceId === sv.id && hasText(t.title, lang))
              .map((t) => ({
                id: t.id,
                title: text(t.title),
                description: text(t.description),
                content: text(t.content),
                unitPrice: t.unitPrice ?? null,
                image: t.image ?? '',
                alt: t.alt ?? '',
                url: t.url ?? '',
                items: items
                  .filter((i) => i.titleId === t.id && hasText(i.name, lang))
                  .map((i) => ({ id: i.id, name: text(i.name), description: text(i.description), image: i.image ?? '', alt: i.alt ?? '', url: i.url ?? '' })),
              })),
            faqs: faqs
              .filter((f) => f.serviceId === sv.id && hasText(f.question, lang))
              .map((f) => ({ id: f.id, question: text(f.question), answer: text(f.answer), image: f.image ?? '', alt: f.alt ?? '', url: f.url ?? '' })),
          };
          const detail = { content: text(sv.content), metaTitle: text(sv.metaTitle), metaDescription: text(sv.metaDescription), metaKeyword: text(sv.metaKeyword), tags: tagNames(sv.tags) };
          return {
            languageId: lang,
            seoLink: item.seoLink,
            title: item.title,
            sortOrder: Number(sv.order ?? 0),
            type: Number(sv.type ?? 0),
            searchText: searchTextOf([item.title, item.description]),
            item,
            detail,
          };
        }),
    };
  });
  return records;
}

/** Approved services without a published version (from before published versions). */
export const backfillServices = (db: Db, now: Date) => backfill(db, PUBLISHED_SERVICES, (trx, ids) => publishServices(trx, ids, now));
