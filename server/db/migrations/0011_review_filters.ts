// The filters reviewers and experts open their lists with keep few rows among many: news or questions waiting for
// review (`approvedStatus`), questions not answered yet (`isAnswer`). Without an index the page walks the website's
// whole list in its order to find them (13.5 ms a page at 50,000 news of a website on SQLite, every reviewer, every
// reload); with the filter between the website and the list's order (newest first) it reads its rows.
import type { SitedeskMigration } from '../migrate';

export const m0011_review_filters: SitedeskMigration = {
  name: '0011_review_filters',
  async up(db) {
    await db.schema.createIndex('news_website_status_created').on('news').columns(['websiteId', 'approvedStatus', 'createdAt', 'id']).execute();
    await db.schema.createIndex('qa_questions_website_status_created').on('qa_questions').columns(['websiteId', 'approvedStatus', 'createdAt', 'id']).execute();
    await db.schema.createIndex('qa_questions_website_answer_created').on('qa_questions').columns(['websiteId', 'isAnswer', 'createdAt', 'id']).execute();
  },
};
