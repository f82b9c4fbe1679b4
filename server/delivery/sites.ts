// The websites as the delivery API sees them: active or not, their active languages, the default one, and the
// origins allowed to read them from a browser. Kept per change number (server/db/changes.ts keptAt): read once
// after each write, not on every request.
import type { Kysely } from 'kysely';
import { keptAt } from '../db/changes';
import type { Database } from '../db/schema';

export interface DeliverySite {
  id: number;
  /** The active languages, by lower-cased id → the id as stored (`vi-vn` → `vi-VN`). */
  languages: Map<string, string>;
  /** The website's default language (what per-language fields fall back to). */
  defaultLang: string | undefined;
  /** Lower-cased origins allowed by CORS; none: any origin. */
  origins: string[];
}

/** The website `raw` (its id in the path) if it exists and is active, else undefined. */
export async function siteOf(db: Kysely<Database>, n: string, raw: string): Promise<DeliverySite | undefined> {
  if (!/^\d{1,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  const kept = keptAt(db, n, 'delivery-sites');
  if (kept.has(raw)) return kept.get(raw) as DeliverySite | undefined;
  const site = await readSite(db, id);
  kept.set(raw, site);
  return site;
}

async function readSite(db: Kysely<Database>, id: number): Promise<DeliverySite | undefined> {
  const website = await db.selectFrom('websites').select(['id', 'isActive', 'contentOrigins']).where('id', '=', id).executeTakeFirst();
  if (!website || !website.isActive) return undefined;
  const rows = await db
    .selectFrom('website_languages')
    .select(['languageId', 'isActive', 'isDefault'])
    .where('websiteId', '=', id)
    .execute();
  const languages = new Map(rows.filter((r) => r.isActive).map((r) => [r.languageId.toLowerCase(), r.languageId]));
  const defaultLang = rows.find((r) => r.isDefault)?.languageId;
  return { id, languages, defaultLang, origins: originsOf(website.contentOrigins) };
}

/** The setting's lines as browsers send `Origin`: lower-case, no trailing slash. */
export function originsOf(setting: string | null | undefined): string[] {
  return (setting ?? '')
    .split(/\s+/)
    .map((o) => o.trim().toLowerCase().replace(/\/$/, ''))
    .filter(Boolean);
}
