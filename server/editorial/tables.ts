// Tables of the editorial area (migration server/db/migrations/0005_editorial.ts).
import type { Generated } from 'kysely';

export interface NewsTable {
  id: Generated<number>;
  websiteId: number;
  featureImage: string | null;
  featureImageMobile: string | null;
  altFeatureImage: string | null;
  bannerImages: string | null;
  bannerImagesMobile: string | null;
  altImages: string | null;
  isMobile: boolean;
  isHomePage: boolean;
  isHot: boolean;
  isActive: boolean;
  /** 0 News, 1 Event */
  type: number;
  startTime: string | null;
  /** 0 Draft, 1 Pending, 2 Approved, 3 Declined */
  approvedStatus: number;
  /** the reason of the latest decline; cleared when the news is approved */
  declineReason: string | null;
  /** who asked for the review now pending (nobody decides on their own submission) */
  submittedBy: number | null;
  viewCount: number;
  creatorId: number | null;
  /** kept with the row so the name survives the account */
  creatorFullName: string | null;
  /** folded text of every language's title, description and SEO link (keyword search) */
  searchText: string;
  concurrencyStamp: string;
  createdAt: string;
  updatedAt: string;
}

export interface NewsTranslationsTable {
  newsId: number;
  websiteId: number;
  languageId: string;
  title: string;
  description: string;
  content: string;
  seoLink: string;
  note: string;
  metaTitle: string;
  metaDescription: string;
  metaKeyword: string;
}

export interface NewsCategoriesTable {
  newsId: number;
  categoryId: number;
  websiteId: number;
  sortOrder: number;
}

/** Status history of reviewed records (server/editorial/history.ts). */
export interface ReviewHistoryTable {
  id: Generated<number>;
  kind: string;
  objectId: number;
  websiteId: number;
  status: number;
  reason: string | null;
  userId: number | null;
  userFullName: string | null;
  time: string;
}

export interface TagsTable {
  id: Generated<number>;
  websiteId: number;
  name: string;
  /** lower-cased, spaces collapsed: unique per website */
  nameKey: string;
  createdAt: string;
}

export interface TagLinksTable {
  kind: 'news' | 'qa';
  objectId: number;
  tagId: number;
  websiteId: number;
  sortOrder: number;
}

export interface SicksTable {
  id: Generated<number>;
  websiteId: number;
  image: string | null;
  url: string | null;
  seoLink: string | null;
  isActive: boolean;
  isPrioritize: boolean;
  searchText: string;
  concurrencyStamp: string;
  createdAt: string;
  updatedAt: string;
}

export interface SickTranslationsTable {
  sickId: number;
  websiteId: number;
  languageId: string;
  alphabet: string;
  name: string;
  description: string;
  seoLink: string;
  content: string;
}

export interface SickNewsTable {
  sickId: number;
  newsId: number;
  websiteId: number;
  newsDefault: boolean;
  sickDefault: boolean;
  sortOrder: number;
}

export interface QaQuestionsTable {
  id: Generated<number>;
  websiteId: number;
  fullName: string | null;
  email: string | null;
  phoneNumber: string | null;
  serviceName: string | null;
  serviceId: number | null;
  image: string | null;
  /** per-language JSON text */
  title: string;
  content: string;
  answer: string;
  seoLink: string;
  tags: string | null;
  /** an answer exists in some language (the list's isAnswer filter) */
  isAnswer: boolean;
  approvedStatus: number;
  declineReason: string | null;
  submittedBy: number | null;
  searchText: string;
  concurrencyStamp: string;
  createdAt: string;
  updatedAt: string;
}

declare module '../db/schema' {
  interface Database {
    news: NewsTable;
    news_translations: NewsTranslationsTable;
    news_categories: NewsCategoriesTable;
    review_history: ReviewHistoryTable;
    tags: TagsTable;
    tag_links: TagLinksTable;
    sicks: SicksTable;
    sick_translations: SickTranslationsTable;
    sick_news: SickNewsTable;
    qa_questions: QaQuestionsTable;
  }
}
