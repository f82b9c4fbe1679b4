// Editorial area (docs/api.md "News and editorial"): news with translations, categories links, tags, sick links and status history;
// sick categories with translations; expert questions. Categories and menus are definition-driven tables
// (server/resources), so links to categories carry no foreign key: the category routes remove them.
import type { SitedeskMigration } from '../migrate';
import { addStatusMoveColumns } from '../columns';
import { addIdColumn } from '../dialect';

export const m0005_editorial: SitedeskMigration = {
  name: '0005_editorial',
  async up(db, dialect) {
    const website = (c: import('kysely').ColumnDefinitionBuilder) => c.notNull().references('websites.id').onDelete('cascade');

    await addIdColumn(db.schema.createTable('news'), dialect)
      .addColumn('websiteId', 'integer', website)
      .addColumn('featureImage', 'text')
      .addColumn('featureImageMobile', 'text')
      .addColumn('altFeatureImage', 'text')
      .addColumn('bannerImages', 'text')
      .addColumn('bannerImagesMobile', 'text')
      .addColumn('altImages', 'text')
      .addColumn('isMobile', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('isHomePage', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('isHot', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('isActive', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('startTime', 'text')
      .addColumn('approvedStatus', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('declineReason', 'text')
      .addColumn('viewCount', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('creatorId', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('creatorFullName', 'text')
      .addColumn('searchText', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('concurrencyStamp', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('news_website_created').on('news').columns(['websiteId', 'createdAt']).execute();

    await db.schema
      .createTable('news_translations')
      .addColumn('newsId', 'integer', (c) => c.notNull().references('news.id').onDelete('cascade'))
      .addColumn('websiteId', 'integer', website)
      .addColumn('languageId', 'text', (c) => c.notNull().references('languages.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('seoLink', 'text', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('metaTitle', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('metaDescription', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('metaKeyword', 'text', (c) => c.notNull().defaultTo(''))
      .addPrimaryKeyConstraint('news_translations_pk', ['newsId', 'languageId'])
      .execute();
    // The last word on "SEO links are unique per website and language" (the routes check first for a clear message).
    await db.schema.createIndex('news_translations_seo').unique().on('news_translations').columns(['websiteId', 'languageId', 'seoLink']).execute();

    await db.schema
      .createTable('news_categories')
      .addColumn('newsId', 'integer', (c) => c.notNull().references('news.id').onDelete('cascade'))
      .addColumn('categoryId', 'integer', (c) => c.notNull())
      .addColumn('websiteId', 'integer', website)
      .addColumn('sortOrder', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('news_categories_pk', ['newsId', 'categoryId'])
      .execute();
    await db.schema.createIndex('news_categories_category').on('news_categories').column('categoryId').execute();

    const statusHistory = addIdColumn(db.schema.createTable('news_status_history'), dialect)
      .addColumn('newsId', 'integer', (c) => c.notNull().references('news.id').onDelete('cascade'));
    await addStatusMoveColumns(statusHistory).execute();
    await db.schema.createIndex('news_status_history_news').on('news_status_history').columns(['newsId', 'time']).execute();

    // Tags of a website (free entry in news and Q&A); names unique per website ignoring case.
    await addIdColumn(db.schema.createTable('tags'), dialect)
      .addColumn('websiteId', 'integer', website)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('nameKey', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('tags_website_name').unique().on('tags').columns(['websiteId', 'nameKey']).execute();

    // Which tags an item carries: kind 'news' or 'qa'.
    await db.schema
      .createTable('tag_links')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('objectId', 'integer', (c) => c.notNull())
      .addColumn('tagId', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
      .addColumn('websiteId', 'integer', website)
      .addColumn('sortOrder', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('tag_links_pk', ['kind', 'objectId', 'tagId'])
      .execute();

    await addIdColumn(db.schema.createTable('sicks'), dialect)
      .addColumn('websiteId', 'integer', website)
      .addColumn('image', 'text')
      .addColumn('url', 'text')
      .addColumn('seoLink', 'text')
      .addColumn('isActive', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('isPrioritize', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('searchText', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('concurrencyStamp', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sicks_website').on('sicks').column('websiteId').execute();

    await db.schema
      .createTable('sick_translations')
      .addColumn('sickId', 'integer', (c) => c.notNull().references('sicks.id').onDelete('cascade'))
      .addColumn('websiteId', 'integer', website)
      .addColumn('languageId', 'text', (c) => c.notNull().references('languages.id').onDelete('cascade'))
      .addColumn('alphabet', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('seoLink', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
      .addPrimaryKeyConstraint('sick_translations_pk', ['sickId', 'languageId'])
      .execute();

    // News ↔ sick categories. `newsDefault`: this sick is the news' default one (news side `isDefault`);
    // `sickDefault`: this news is the sick's default one (sick side `isDefault`).
    await db.schema
      .createTable('sick_news')
      .addColumn('sickId', 'integer', (c) => c.notNull().references('sicks.id').onDelete('cascade'))
      .addColumn('newsId', 'integer', (c) => c.notNull().references('news.id').onDelete('cascade'))
      .addColumn('websiteId', 'integer', website)
      .addColumn('newsDefault', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('sickDefault', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('sortOrder', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('sick_news_pk', ['sickId', 'newsId'])
      .execute();
    await db.schema.createIndex('sick_news_news').on('sick_news').column('newsId').execute();

    await addIdColumn(db.schema.createTable('qa_questions'), dialect)
      .addColumn('websiteId', 'integer', website)
      .addColumn('fullName', 'text')
      .addColumn('email', 'text')
      .addColumn('phoneNumber', 'text')
      .addColumn('serviceName', 'text')
      .addColumn('serviceId', 'integer')
      .addColumn('image', 'text')
      .addColumn('title', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('content', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('answer', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('seoLink', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('tags', 'text')
      .addColumn('isAnswer', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('approvedStatus', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('declineReason', 'text')
      .addColumn('searchText', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('concurrencyStamp', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('qa_questions_website').on('qa_questions').columns(['websiteId', 'createdAt']).execute();
  },
};
