/**
 * News (spec part 1, sections 3 to 5) and the review workflow's words that news, Q&A and services share: statuses,
 * types, the editorial messages. The routes are the engine's with the news module's hooks (server/news); the console's
 * screens are its own (renderer/src/pages/news).
 *
 * Runtime-free: read by the server and the console.
 */
import { type EnumOption, type ResourceDef, consoleRoutes, l, perLang } from './define';
import { REVIEW_BAD_STATUS, REVIEW_STATUS, REVIEW_STATUS_OPTIONS, reviewMachine } from './review';

// ---- News review workflow (spec part 1, section 4) --------------------------------------------------

/** The review workflow's statuses (./review.ts: the machine news, Q&A and services share). */
export const NEWS_STATUS = REVIEW_STATUS;
export type NewsStatus = (typeof NEWS_STATUS)[keyof typeof NEWS_STATUS];
export const NEWS_STATUS_OPTIONS = REVIEW_STATUS_OPTIONS;

export const NEWS_TYPE = { news: 0, event: 1 } as const;
export const NEWS_TYPE_OPTIONS: EnumOption[] = [
  { value: 0, label: l('Tin tức', 'News') },
  { value: 1, label: l('Sự kiện', 'Event') },
];

/**
 * What saving does to the status (the spec leaves re-saving after a decision open; this is the rule the
 * server enforces): save as draft → Draft (0), save as approve → Pending (1), from Draft, Approved or
 * Declined alike. A pending item cannot be saved at all.
 */
export const statusAfterSave = (approveRequest: boolean): NewsStatus => (approveRequest ? NEWS_STATUS.pending : NEWS_STATUS.draft);

export const EDITORIAL_MESSAGES = {
  pendingLocked: l('Tin tức đang ở trạng thái chờ, không thể chỉnh sửa', 'The news is pending review and cannot be edited'),
  qaPendingLocked: l('Câu hỏi đang ở trạng thái chờ, không thể chỉnh sửa', 'The question is pending review and cannot be edited'),
  servicePendingLocked: l('Dịch vụ đang ở trạng thái chờ, không thể chỉnh sửa', 'The service is pending review and cannot be edited'),
  onlyPendingDecided: l('Chỉ có thể duyệt hoặc từ chối khi đang ở trạng thái chờ duyệt', 'Only a pending item can be approved or declined'),
  declineReasonRequired: l('Lý do là trường bắt buộc', 'Reason is required'),
  badStatus: REVIEW_BAD_STATUS,
  featureImage: l('Ảnh đại diện', 'Feature image'),
} as const;

/**
 * News (spec part 1, sections 3 and 5). Per-language fields travel in `newsTranslations`; their required
 * messages are the standard pattern ("Tiêu đề (Tiếng Việt) là trường bắt buộc").
 */
export const newsDef = {
  name: 'news',
  label: l('Tin tức', 'News'),
  table: 'news',
  scope: 'website',
  api: {
    list: { path: 'News/{website}/{lang}', paged: true, defaultPageSize: 20 },
    get: 'News/detail/{website}/{id}',
    create: 'POST News/{website}/{isApproveFlag}',
    update: 'PUT News/{website}/{id}/{flag}',
    remove: 'News/{website}/{id}',
    actions: { review: 'PUT News/status/{website}/{id}', seoSuggest: 'News/seo-suggest/{website}' },
  },
  machines: [reviewMachine('PUT News/status/{website}/{id}', EDITORIAL_MESSAGES.pendingLocked)],
  fields: [
    perLang('title', l('Tiêu đề', 'Title'), { required: true, maxLength: 500, list: true }),
    perLang('description', l('Mô tả', 'Description'), { type: 'textarea', maxLength: 4000 }),
    perLang('content', l('Nội dung', 'Content'), { type: 'richText', required: true }),
    perLang('seoLink', l('Đường dẫn SEO', 'SEO link'), { required: true, maxLength: 500 }),
    perLang('note', l('Ghi chú', 'Note'), { type: 'textarea', maxLength: 4000 }),
    perLang('metaTitle', l('Tiêu đề meta', 'Meta title'), { maxLength: 500 }),
    perLang('metaDescription', l('Mô tả meta', 'Meta description'), { type: 'textarea', maxLength: 4000 }),
    perLang('metaKeyword', l('Từ khoá meta', 'Meta keywords'), { maxLength: 1000 }),
    { name: 'featureImage', type: 'image', altField: 'altFeatureImage', maxLength: 2000, label: l('Ảnh đại diện', 'Feature image'), required: l('Ảnh đại diện là trường bắt buộc', 'Feature image is required') },
    { name: 'featureImageMobile', type: 'image', maxLength: 2000, label: l('Ảnh đại diện (di động)', 'Mobile feature image'), required: l('Ảnh đại diện (di động) là trường bắt buộc', 'Mobile feature image is required') },
    { name: 'altFeatureImage', type: 'text', maxLength: 500, label: l('Mô tả ảnh đại diện', 'Feature image alt text') },
    { name: 'bannerImages', type: 'image', altField: 'altImages', maxLength: 2000, label: l('Ảnh banner', 'Banner image') },
    { name: 'bannerImagesMobile', type: 'image', maxLength: 2000, label: l('Ảnh banner (di động)', 'Mobile banner image') },
    { name: 'altImages', type: 'text', maxLength: 500, label: l('Mô tả ảnh banner', 'Banner alt text') },
    { name: 'isMobile', type: 'boolean', default: false, label: l('Di động', 'Mobile') },
    { name: 'isHomePage', type: 'boolean', default: false, label: l('Trang chủ', 'Home page') },
    { name: 'isHot', type: 'boolean', default: false, label: l('Tin nổi bật', 'Hot') },
    { name: 'isActive', type: 'boolean', default: true, label: l('Kích hoạt', 'Active'), list: true },
    { name: 'type', type: 'enum', options: NEWS_TYPE_OPTIONS, default: 0, required: l('Loại tin là trường bắt buộc', 'Type is required'), label: l('Loại tin', 'Type'), list: true },
    { name: 'startTime', type: 'datetime', label: l('Thời gian bắt đầu', 'Start time') },
    { name: 'approvedStatus', type: 'enum', options: NEWS_STATUS_OPTIONS, computed: true, list: true, label: l('Trạng thái', 'Status') },
  ],
  routes: consoleRoutes('news'),
  screen: { list: 'news/NewsListPage', edit: 'news/NewsEditPage', nav: { group: 'content', order: 10, title: 'news:title' } },
  concurrency: true,
} satisfies ResourceDef;

export const NEWS_TRANSLATION_FIELDS = ['title', 'description', 'content', 'seoLink', 'note', 'metaTitle', 'metaDescription', 'metaKeyword'] as const;
