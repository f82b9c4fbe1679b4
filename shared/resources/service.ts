import { EDITORIAL_MESSAGES, NEWS_STATUS_OPTIONS } from './news';
import { reviewMachine } from './review';
import { defineResource, isActiveField, orderField, l, type EnumOption, type FieldDef, type Label, type ResourceDef, consoleRoutes, recordsApi } from './define';

/** Service types (spec part 2, section 9): 0 specialization (/specialization), 1 service (/service-website). */
export const SERVICE_TYPE = { specialization: 0, service: 1 } as const;
/** The specializations' screen (/specialization): its title and its menu entry. */
export const SPECIALIZATION_LABEL = l('Chuyên khoa', 'Specialization');
export const SERVICE_TYPE_OPTIONS: EnumOption[] = [
  { value: SERVICE_TYPE.specialization, label: SPECIALIZATION_LABEL },
  { value: SERVICE_TYPE.service, label: l('Dịch vụ', 'Service') },
];

/** Where a service's `referenceId` points: the hospital's service catalogue (type 1) or its departments (type 0). */
export const SERVICE_REFERENCE = {
  [SERVICE_TYPE.service]: { lookup: 'his:Category/get-all-service', valueField: 'serviceId', labelField: 'serviceName' },
  [SERVICE_TYPE.specialization]: { lookup: 'his:Category/get-all-department', valueField: 'departmentId', labelField: 'departmentName' },
} as const;

const perLang = (name: string, label: ReturnType<typeof l>, extra: Record<string, unknown> = {}) =>
  ({ name, type: 'text', perLanguage: true, maxLength: 500, label, ...extra }) as const;

// Fields a service shares with its titles (and, for the description, with a title's items).
const description = { name: 'description', type: 'textarea', perLanguage: true, maxLength: 4000, label: l('Mô tả', 'Description') } as const;
const content = { name: 'content', type: 'richText', perLanguage: true, label: l('Nội dung', 'Content') } as const;
const unitPrice = { name: 'unitPrice', type: 'number', money: true, min: 0, list: true, label: l('Đơn giá', 'Unit price') } as const;
const hospitalService = { name: 'referenceId', type: 'reference', reference: SERVICE_REFERENCE[SERVICE_TYPE.service], label: l('Dịch vụ bệnh viện', 'Hospital service') } as const;

/**
 * A collection below a service (or below one of its titles), as the spec writes the four: calls
 * `Services/{kind}/get-all/{website}/{keys}`, `Services/{kind}/{website}/{keys}/{id}`…; its own fields, then its
 * picture (required), alt text and link, its order and state (new ones start active).
 */
function serviceChild<const N extends string, const T extends string, const P extends { resource: string; keyField: string } = { resource: 'service'; keyField: 'serviceId' }>(child: {
  name: N;
  label: Label;
  table: T;
  kind: string;
  /** below the service unless said (a title's items) */
  parent?: P;
  fields: FieldDef[];
  popup: { width: number; height: number };
  children?: ResourceDef['children'];
  import?: ResourceDef['import'];
}) {
  // P is the default when no parent is given: literal, so the record and table types know the key.
  const parent = (child.parent ?? { resource: 'service', keyField: 'serviceId' }) as P;
  const keys = parent.keyField === 'serviceId' ? '{serviceId}' : `{serviceId}/{${parent.keyField}}`;
  const at = `Services/${child.kind}/{website}/${keys}`;
  return defineResource({
    name: child.name,
    label: child.label,
    table: child.table,
    scope: 'website',
    parent,
    api: recordsApi(at, { list: { path: `Services/${child.kind}/get-all/{website}/${keys}`, paged: false } }),
    fields: [
      ...child.fields,
      { name: 'image', type: 'image', required: true, altField: 'alt', maxLength: 2000, list: true, label: l('Hình ảnh', 'Image') },
      { name: 'alt', type: 'text', maxLength: 250, label: l('Mô tả ảnh', 'Alt text') },
      { name: 'url', type: 'url', maxLength: 1000, label: l('Đường dẫn', 'URL') },
      orderField(),
      isActiveField(),
    ],
    ...(child.children ? { children: child.children } : {}),
    ...(child.import ? { import: child.import } : {}),
    list: { orderBy: [{ field: 'order', direction: 'asc' }] },
    popup: child.popup,
    concurrency: true,
  });
}

/**
 * Services and specializations (spec part 2: Service; calls `Services/{site}…?type`): one table, the type fixed at
 * creation. Reviewed like news and expert Q&A (server/services/resource.ts: saving "for review" makes it pending,
 * which locks it until a reviewer approves or declines it). Below the form: its FAQs and its titles, each title with
 * its items; deleting a service deletes them with it.
 */
export const service = defineResource({
  name: 'service',
  label: l('Dịch vụ', 'Service'),
  table: 'services',
  scope: 'website',
  api: recordsApi('Services/{website}', {
    getAll: 'services/get-all/{website}',
    actions: { review: 'PUT Services/status/{website}/{id}', qaTree: 'Services/get-all-qa/{website}' },
  }),
  machines: [reviewMachine('PUT Services/status/{website}/{id}', EDITORIAL_MESSAGES.servicePendingLocked)],
  fields: [
    { name: 'type', type: 'enum', options: SERVICE_TYPE_OPTIONS, required: true, readOnlyOnUpdate: true, form: false, label: l('Loại', 'Type') },
    perLang('title', l('Tiêu đề', 'Title'), { required: true, list: true, search: true }),
    perLang('subTitle', l('Tiêu đề phụ', 'Subtitle')),
    { ...description, required: true },
    content,
    perLang('metaTitle', l('Tiêu đề meta', 'Meta title')),
    { name: 'metaDescription', type: 'textarea', perLanguage: true, maxLength: 1000, label: l('Mô tả meta', 'Meta description') },
    perLang('metaKeyword', l('Từ khoá meta', 'Meta keywords')),
    { name: 'seoLink', type: 'text', required: true, unique: true, maxLength: 500, list: true, search: true, label: l('Đường dẫn SEO', 'SEO link') },
    { name: 'image', type: 'image', required: true, altField: 'alt', maxLength: 2000, list: true, label: l('Hình ảnh', 'Image') },
    { name: 'thumbnail', type: 'image', maxLength: 2000, label: l('Ảnh thu nhỏ', 'Thumbnail') },
    { name: 'alt', type: 'text', maxLength: 250, label: l('Mô tả ảnh', 'Alt text') },
    { name: 'tags', type: 'tags', tagObjects: true, label: l('Thẻ', 'Tags') },
    unitPrice,
    { name: 'serviceGroupId', type: 'reference', reference: { lookup: 'api:ListCategorys/get-all/{website}/0', valueField: 'id', labelField: 'name' }, label: l('Nhóm dịch vụ', 'Service group') },
    hospitalService,
    { name: 'videoUrl', type: 'url', maxLength: 1000, label: l('Đường dẫn video', 'Video URL') },
    orderField(),
    isActiveField(),
    { name: 'isHomePage', type: 'boolean', default: false, list: true, label: l('Trang chủ', 'Home page') },
    { name: 'isHot', type: 'boolean', default: false, list: true, label: l('Nổi bật', 'Hot') },
    { name: 'approvedStatus', type: 'enum', options: NEWS_STATUS_OPTIONS, serverSet: true, list: true, label: l('Trạng thái', 'Status') },
    { name: 'declineReason', type: 'textarea', serverSet: true, label: l('Lý do từ chối', 'Decline reason') },
    { name: 'submittedBy', type: 'number', serverSet: true, label: l('Người gửi duyệt', 'Submitted by') },
  ],
  children: [
    { resource: 'serviceFaq', label: l('Câu hỏi thường gặp', 'FAQs') },
    { resource: 'serviceTitle', label: l('Tiêu đề', 'Titles') },
  ],
  list: { pageSizes: [10, 25, 50, 100], defaultPageSize: 10, orderBy: [{ field: 'order', direction: 'asc' }] },
  routes: consoleRoutes('service-website', 'serviceId'),
  // Services (type 1); the specializations (type 0) are the same definition's second screen (renderer/src/app/screens.ts).
  screen: { list: 'service/ServicePages#ServiceListPage', edit: 'service/ServicePages#ServiceEditPage', nav: { group: 'services', order: 10 } },
  concurrency: true,
});

/** A service's FAQs (`Services/faq/…`). */
export const serviceFaq = serviceChild({
  name: 'serviceFaq',
  label: l('Câu hỏi của dịch vụ', 'Service FAQ'),
  table: 'service_faqs',
  kind: 'faq',
  fields: [
    perLang('question', l('Câu hỏi', 'Question'), { required: true, list: true, maxLength: 1000 }),
    { name: 'answer', type: 'richText', perLanguage: true, required: true, label: l('Câu trả lời', 'Answer') },
  ],
  popup: { width: 800, height: 600 },
  import: true,
});

/** A service's titles (`Services/title/…`), each with its items. */
export const serviceTitle = serviceChild({
  name: 'serviceTitle',
  label: l('Tiêu đề dịch vụ', 'Service title'),
  table: 'service_titles',
  kind: 'title',
  fields: [perLang('title', l('Tiêu đề', 'Title'), { required: true, list: true }), description, content, unitPrice, hospitalService],
  children: [{ resource: 'serviceTitleItem', label: l('Mục', 'Items') }],
  popup: { width: 900, height: 700 },
});

/** The items of a service title (`Services/item/…`). */
export const serviceTitleItem = serviceChild({
  name: 'serviceTitleItem',
  label: l('Mục của tiêu đề', 'Title item'),
  table: 'service_title_items',
  kind: 'item',
  parent: { resource: 'serviceTitle', keyField: 'titleId' },
  fields: [perLang('name', l('Tên', 'Name'), { required: true, list: true }), description],
  popup: { width: 800, height: 600 },
});

/**
 * The second title form of the spec (a title in one text with its image), kept for specializations: the extra panel
 * of the /specialization editor (`Services/title-image/…`).
 */
export const serviceTitleImage = serviceChild({
  name: 'serviceTitleImage',
  label: l('Tiêu đề kèm ảnh', 'Title with image'),
  table: 'service_title_images',
  kind: 'title-image',
  fields: [{ name: 'title', type: 'text', required: true, maxLength: 500, list: true, label: l('Tiêu đề', 'Title') }],
  popup: { width: 800, height: 400 },
});
