// The published versions of reviewed content (news, services): what a reviewer approved, kept apart from the record's
// later edits (server/editorial/published.ts). One row per record and language: what the delivery API
// (/content/{website}/{lang}/news…) answers, built when the record is approved, replaced by the next approval, gone
// with the record. A later save or a decline leaves it as it is.
//
// The news page of a website and language, newest first, is one walk of `published_content_list` (its equalities, then
// the start time and the id in the page's order); its search text is in the index too, so counting a keyword's matches
// reads the index alone (0.5 s → tens of ms at 50,000 news of a website on SQLite). A record by its link is one
// look-up of `published_content_link`.
// Filled for records approved before this step by the start-up backfill (server/news/publish.ts, services/publish.ts).
import type { SitedeskMigration } from '../migrate';

export const m0016_published_content: SitedeskMigration = {
  name: '0016_published_content',
  async up(db) {
    await db.schema
      .createTable('published_content')
      .addColumn('websiteId', 'integer', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      /** the definition's name: 'news', 'service' */
      .addColumn('resource', 'text', (c) => c.notNull())
      .addColumn('recordId', 'integer', (c) => c.notNull())
      .addColumn('languageId', 'text', (c) => c.notNull())
      /** that language's link (news), the record's link (services) */
      .addColumn('seoLink', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      /** ISO time from which it is shown (news); null: always */
      .addColumn('startTime', 'text')
      /** the list's order where it is not the start time (services: their `order`) */
      .addColumn('sortOrder', 'double precision', (c) => c.notNull().defaultTo(0))
      /** the record's Active, read live: every save of the record sets it (takes it off the site at once) */
      .addColumn('isActive', 'boolean', (c) => c.notNull())
      /** folded title and description in this language (the keyword) */
      .addColumn('searchText', 'text', (c) => c.notNull())
      /** a list item as JSON text, and what the record read alone adds to it */
      .addColumn('item', 'text', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull())
      /** a record type the list may be filtered by (services: 0 specialization, 1 service) */
      .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('publishedAt', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('published_content_pk', ['resource', 'recordId', 'languageId'])
      .execute();
    await db.schema
      .createIndex('published_content_list')
      .on('published_content')
      .columns(['websiteId', 'resource', 'languageId', 'isActive', 'startTime desc', 'recordId desc', 'searchText'])
      .execute();
    await db.schema.createIndex('published_content_link').on('published_content').columns(['websiteId', 'resource', 'languageId', 'seoLink']).execute();

    // The categories a published news had when approved (the category filter); names and Active are read live.
    await db.schema
      .createTable('published_categories')
      .addColumn('websiteId', 'integer', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('resource', 'text', (c) => c.notNull())
      .addColumn('recordId', 'integer', (c) => c.notNull())
      .addColumn('categoryId', 'integer', (c) => c.notNull())
      .addColumn('sortOrder', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('published_categories_pk', ['resource', 'recordId', 'categoryId'])
      .execute();
    await db.schema.createIndex('published_categories_category').on('published_categories').columns(['categoryId', 'resource', 'recordId']).execute();
  },
};
