/**
 * The editorial area (news and its review workflow, expert Q&A, sick categories, menus): enumerations,
 * alphabets, slug folding and the field definitions the server validates with and the console builds its
 * forms from. News, Q&A and sick categories have hand-written routes (workflow, nested translations), so
 * their definitions live here rather than in the resource registry; they still use the shared validation
 * (`validateRecord`) so both sides say the spec's words.
 *
 * Runtime-free: read by the server and the console.
 */
import { type EnumOption, type FieldDef, type Label, type ResourceDef, l } from './resources/define';
import { foldText } from './text';
import { REVIEW_BAD_STATUS, REVIEW_STATUS, REVIEW_STATUS_OPTIONS, reviewMachine } from './resources/review';


// ---- News review workflow (spec part 1, section 4) --------------------------------------------------

/** The review workflow's statuses (./resources/review.ts: the machine news, Q&A and services share). */
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

// ---- Alphabets of sick categories (spec part 1, section 9) ------------------------------------------

/** 29 letters of the Vietnamese alphabet, in dictionary order. */
export const VI_ALPHABET = ['A', 'Ă', 'Â', 'B', 'C', 'D', 'Đ', 'E', 'Ê', 'G', 'H', 'I', 'K', 'L', 'M', 'N', 'O', 'Ô', 'Ơ', 'P', 'Q', 'R', 'S', 'T', 'U', 'Ư', 'V', 'X', 'Y'] as const;
/** 26 letters A–Z. */
export const EN_ALPHABET = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));

/** The letters offered for a language: Vietnamese for `vi…`, A–Z for every other language. */
export function alphabetOf(languageId: string): readonly string[] {
  return languageId.toLowerCase().startsWith('vi') ? VI_ALPHABET : EN_ALPHABET;
}

/** Sort key of a letter in its language's alphabet (unknown letters last). */
export function alphabetIndex(languageId: string, letter: string): number {
  const i = alphabetOf(languageId).indexOf(letter);
  return i < 0 ? 999 : i;
}

// ---- Menus -------------------------------------------------------------------------------------------

export const MENU_POSITION_OPTIONS: EnumOption[] = [
  { value: 0, label: l('Trên', 'Top') },
  { value: 1, label: l('Dưới', 'Bottom') },
  { value: 2, label: l('Trái', 'Left') },
  { value: 3, label: l('Phải', 'Right') },
  { value: 4, label: l('Giữa', 'Center') },
  { value: 5, label: l('Popup', 'Popup') },
];

export const MENU_OBJECT_TYPE = { custom: 0, category: 1, news: 2, service: 5, album: 8 } as const;
/** The types the spec names (MENU_OBJECT_TYPE's). */
const MENU_OBJECT_TYPE_NAMES: Record<number, Label> = {
  [MENU_OBJECT_TYPE.custom]: l('Tuỳ chỉnh (URL)', 'Custom URL'),
  [MENU_OBJECT_TYPE.category]: l('Danh mục tin', 'Category'),
  [MENU_OBJECT_TYPE.news]: l('Tin tức', 'News'),
  [MENU_OBJECT_TYPE.service]: l('Dịch vụ', 'Service'),
  [MENU_OBJECT_TYPE.album]: l('Album', 'Album'),
};
/** The lookup runs 0–8; the spec names 0, 1, 2, 5 and 8 only, the others keep a neutral name ("Loại 3"). */
export const MENU_OBJECT_TYPE_OPTIONS: EnumOption[] = Array.from({ length: 9 }, (_, value) => ({
  value,
  label: MENU_OBJECT_TYPE_NAMES[value] ?? l(`Loại ${value}`, `Type ${value}`),
}));

// ---- SEO links ---------------------------------------------------------------------------------------

/**
 * Slug from a title: Vietnamese diacritics folded (`đ` → `d`, `ế` → `e`), lower case, every run of other
 * characters one hyphen. "Khám sức khoẻ định kỳ" → "kham-suc-khoe-dinh-ky".
 */
export function slugify(title: string): string {
  return foldText(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200)
    .replace(/-+$/g, '');
}

// ---- Nested translations ↔ per-language maps -----------------------------------------------------------

export type TranslationRow = { languageId: string } & Record<string, unknown>;

/**
 * `[{ languageId, title, … }]` (the wire form of news, sick categories) → `{ title: { vi-VN: … }, … }` for the
 * named fields, so the shared per-language validation and form flattening apply unchanged.
 */
export function rowsToMaps(rows: readonly TranslationRow[], fields: readonly string[]): Record<string, Record<string, string>> {
  const maps: Record<string, Record<string, string>> = {};
  for (const f of fields) maps[f] = {};
  for (const row of rows) {
    for (const f of fields) {
      const v = row[f];
      if (typeof v === 'string') maps[f][row.languageId] = v;
    }
  }
  return maps;
}

/** The reverse of `rowsToMaps`: one row per language present in any map (absent texts are ''). */
export function mapsToRows(maps: Record<string, Record<string, string> | undefined>, fields: readonly string[], languages?: readonly string[]): TranslationRow[] {
  const ids = languages ?? [...new Set(fields.flatMap((f) => Object.keys(maps[f] ?? {})))];
  return ids.map((languageId) => {
    const row: TranslationRow = { languageId };
    for (const f of fields) row[f] = maps[f]?.[languageId] ?? '';
    return row;
  });
}

// ---- Definitions -------------------------------------------------------------------------------------

const perLang = (name: string, label: Label, more: Partial<FieldDef> = {}): FieldDef => ({ name, type: 'text', perLanguage: true, label, ...more });

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
  concurrency: true,
} satisfies ResourceDef;

export const NEWS_TRANSLATION_FIELDS = ['title', 'description', 'content', 'seoLink', 'note', 'metaTitle', 'metaDescription', 'metaKeyword'] as const;

/**
 * Expert questions (spec part 2): the question as the visitor asked it, and the expert's answer with
 * per-language title, content and answer (JSON text like other resources), seoLink per language and a
 * required feature image.
 */
export const qaDef = {
  name: 'qaExpert',
  label: l('Hỏi đáp chuyên gia', 'Expert Q&A'),
  table: 'qa_questions',
  scope: 'website',
  api: {
    list: { path: 'QAExperts/{website}', paged: true, defaultPageSize: 10 },
    get: 'QAExperts/{website}/{id}',
    create: 'QAExperts/{website}',
    update: 'QAExperts/{website}/{id}',
    remove: 'QAExperts/{website}/{id}',
    actions: { review: 'PUT QAExperts/status/{website}/{id}' },
  },
  machines: [reviewMachine('PUT QAExperts/status/{website}/{id}', EDITORIAL_MESSAGES.qaPendingLocked)],
  fields: [
    { name: 'fullName', type: 'text', maxLength: 200, list: true, label: l('Họ tên', 'Full name') },
    { name: 'email', type: 'text', maxLength: 200, list: true, label: l('Email', 'Email') },
    { name: 'phoneNumber', type: 'text', maxLength: 50, list: true, label: l('Số điện thoại', 'Phone number') },
    { name: 'serviceName', type: 'text', maxLength: 500, label: l('Dịch vụ', 'Service') },
    { name: 'serviceId', type: 'reference', reference: { lookup: 'api:Services/get-all-qa/{website}?type=0', valueField: 'id', labelField: 'title' }, label: l('Dịch vụ', 'Service') },
    perLang('title', l('Tiêu đề', 'Title'), { required: true, maxLength: 500, list: true }),
    perLang('content', l('Nội dung', 'Content'), { type: 'textarea', maxLength: 8000 }),
    perLang('answer', l('Câu trả lời', 'Answer'), { type: 'richText', required: true }),
    perLang('seoLink', l('Đường dẫn SEO', 'SEO link'), { required: true, maxLength: 500 }),
    { name: 'image', type: 'image', maxLength: 2000, label: l('Ảnh đại diện', 'Feature image'), required: l('Ảnh đại diện là trường bắt buộc', 'Feature image is required') },
    { name: 'tags', type: 'text', maxLength: 1000, label: l('Thẻ', 'Tags') },
    { name: 'approvedStatus', type: 'enum', options: NEWS_STATUS_OPTIONS, computed: true, list: true, label: l('Trạng thái', 'Status') },
  ],
  concurrency: true,
} satisfies ResourceDef;
