/**
 * Preview addresses (docs/api.md "Preview"): per website and delivery area, the address of the page of the website
 * that shows one record (`https://clinic.example/tin-tuc/{seoLink}`; `{id}` and `{lang}` too). The console's
 * "Xem trước / Preview" opens it with `?sitedesk-preview=<token>` for a record's saved version, and its live preview
 * loads it in a side pane. Shown in a tab of /info-website; administrators set them, as the content origins.
 * Served by the engine with the hooks of server/delivery (the area must be one that can be previewed).
 *
 * Runtime-free: read by the server and the console.
 */
import { ADMINS } from './access';
import { consoleRoutes, defineResource, l, recordsApi } from './define';

/**
 * The delivery areas whose records have an editor in the console and can be previewed, by the definition edited
 * (server/delivery/areas.ts: each has a `preview`; tests/server/preview.test.ts keeps the two in step).
 */
export const PREVIEW_AREA_OF = {
  news: 'news',
  service: 'services',
  banner: 'banners',
  faq: 'faqs',
  faqGroup: 'faq-groups',
  partner: 'partners',
  album: 'albums',
  job: 'jobs',
  newsCategory: 'categories',
  customerFeedback: 'customer-feedback',
  advertisementTitle: 'waiting-screens',
} as const satisfies Record<string, string>;

export const PREVIEW_AREAS = Object.values(PREVIEW_AREA_OF);

/** The message the console's live preview posts to the page in its side pane at each change (docs/api.md "Preview"). */
export const LIVE_PREVIEW_MESSAGE = 'sitedesk:preview';
/** What the page posts back once it listens, so the console sends the form as it is now. */
export const LIVE_PREVIEW_READY = 'sitedesk:preview-ready';

const AREA_LABELS: Record<(typeof PREVIEW_AREAS)[number], ReturnType<typeof l>> = {
  news: l('Tin tức (news)', 'News (news)'),
  services: l('Dịch vụ (services)', 'Services (services)'),
  banners: l('Banner quảng cáo (banners)', 'Banners (banners)'),
  faqs: l('Câu hỏi thường gặp (faqs)', 'FAQs (faqs)'),
  'faq-groups': l('Nhóm câu hỏi (faq-groups)', 'FAQ groups (faq-groups)'),
  partners: l('Đối tác (partners)', 'Partners (partners)'),
  albums: l('Thư viện ảnh (albums)', 'Albums (albums)'),
  jobs: l('Tuyển dụng (jobs)', 'Jobs (jobs)'),
  categories: l('Danh mục tin (categories)', 'News categories (categories)'),
  'customer-feedback': l('Cảm nhận khách hàng (customer-feedback)', 'Customer feedback (customer-feedback)'),
  'waiting-screens': l('Màn hình chờ (waiting-screens)', 'Waiting screens (waiting-screens)'),
};

export const websitePreview = defineResource({
  name: 'websitePreview',
  label: l('Địa chỉ xem trước', 'Preview address'),
  table: 'website_previews',
  scope: 'website',
  api: recordsApi('WebsitePreviews/{website}'),
  fields: [
    {
      name: 'area', type: 'enum', required: true, unique: true, list: true, readOnlyOnUpdate: true,
      options: PREVIEW_AREAS.map((a) => ({ value: a, label: AREA_LABELS[a] })),
      label: l('Khu vực', 'Area'),
    },
    { name: 'template', type: 'url', required: true, maxLength: 1000, list: true, label: l('Địa chỉ trang (dùng seoLink, id, lang trong ngoặc nhọn)', 'Page address (seoLink, id, lang in curly braces)') },
  ],
  list: { pageSizes: [25, 50], defaultPageSize: 25, orderBy: [{ field: 'area', direction: 'asc' }] },
  // A tab of /info-website (the 6th): no list of its own.
  routes: consoleRoutes('websitePreview', 'websitePreviewId', ['add', 'edit']),
  afterSave: { path: '/info-website', state: { tab: 5 } },
  access: { create: ADMINS, update: ADMINS, delete: ADMINS },
  concurrency: true,
});
