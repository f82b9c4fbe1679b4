// Issue 38: a link field (a partner's, a menu item's, a banner's `url`, a social network's, the file pickers'
// images) takes only an http(s) address, a site-relative path, `mailto:` or `tel:` (shared/input.ts `isSafeLink`),
// since the public sites put it in `href` or `src`. Values stored before that rule (`javascript:…`, `data:…`,
// `//host`) are emptied here, and the step says how many on the server's output. The list of link columns is the
// definitions' as this step was written (it does not follow later definitions: what they store is checked on write).
// A table or column the database does not have yet (a new database: the definitions' tables come after the
// migrations) is skipped.
import type { Kysely } from 'kysely';
import { isSafeLink } from '../../../shared/input';
import type { SitedeskMigration } from '../migrate';

export const LINK_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  settings: ['logo', 'favicon', 'logoMobile', 'logoFooter', 'fanpage'],
  social_networks: ['url', 'image', 'icon'],
  branch_contacts: ['logo', 'link', 'website'],
  branch_contact_images: ['images', 'url'],
  hard_contents: ['image', 'url'],
  hard_content_details: ['image', 'url'],
  categories: ['bannerImages', 'bannerImagesMobile'],
  menu_items: ['url', 'icon', 'images'],
  faq_groups: ['thumbnail'],
  service_groups: ['thumbnail'],
  careers: ['thumbnail'],
  levels: ['thumbnail'],
  job_types: ['thumbnail'],
  services: ['image', 'thumbnail', 'videoUrl'],
  service_faqs: ['image', 'url'],
  service_titles: ['image', 'url'],
  service_title_items: ['image', 'url'],
  service_title_images: ['image', 'url'],
  banners: ['url'],
  banner_items: ['images', 'imagesMobile', 'url'],
  faqs: ['photo'],
  partners: ['thumbnail', 'bannerImagesMobile', 'url'],
  customer_feedbacks: ['avata', 'thumbnail', 'url'],
  albums: ['thumbnail'],
  album_photos: ['url'],
  album_videos: ['url', 'thumbnail'],
  advertisements: ['url'],
  advertisement_titles: ['background'],
  advertisement_files: ['url'],
  jobs: ['image', 'url'],
};

/** Empties the stored links that break the rule; answers how many, by `table.column`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function emptyUnsafeLinks(db: Kysely<any>): Promise<Record<string, number>> {
  const tables = new Map((await db.introspection.getTables()).map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
  const emptied: Record<string, number> = {};
  for (const [table, columns] of Object.entries(LINK_COLUMNS)) {
    const has = tables.get(table);
    if (!has || !has.has('id')) continue;
    for (const column of columns.filter((c) => has.has(c))) {
      const rows = (await db.selectFrom(table).select(['id', column]).where(column, 'is not', null).where(column, '!=', '').execute()) as Record<string, unknown>[];
      const bad = rows.filter((r) => typeof r[column] === 'string' && !isSafeLink(r[column])).map((r) => r.id);
      for (let i = 0; i < bad.length; i += 500) await db.updateTable(table).set({ [column]: null }).where('id', 'in', bad.slice(i, i + 500)).execute();
      if (bad.length) emptied[`${table}.${column}`] = bad.length;
    }
  }
  return emptied;
}

export const m0028_safe_links: SitedeskMigration = {
  name: '0028_safe_links',
  async up(db) {
    const emptied = await emptyUnsafeLinks(db);
    const total = Object.values(emptied).reduce((a, b) => a + b, 0);
    if (total) {
      const where = Object.entries(emptied).map(([at, n]) => `${at} ×${n}`).join(', ');
      console.warn(`sitedesk migration 0028_safe_links: emptied ${total} stored link value(s) that were not http(s)://, a site path, mailto: or tel: (${where})`);
    }
  },
};
