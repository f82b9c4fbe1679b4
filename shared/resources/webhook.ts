/**
 * Publish webhooks (docs/api.md "Publish webhooks"): per website, the addresses a static or incrementally rebuilt site
 * (Next.js, Astro, Hugo) registers to hear when its public content changes, and the log of what was sent to them.
 * Administrators only, for every operation. Served by the engine with the hooks of server/webhooks; the console
 * shows both in a tab of /info-website.
 *
 * Runtime-free: read by the server and the console.
 */
import { ADMINS } from './access';
import { defineResource, isActiveField, l, recordsApi } from './define';

/** What happened to the records a delivery names (`event` of the body). */
export const WEBHOOK_EVENTS = [
  { value: 'published', label: l('Xuất bản', 'Published'), color: 'green' },
  { value: 'updated', label: l('Cập nhật', 'Updated'), color: 'blue' },
  { value: 'deleted', label: l('Xoá', 'Deleted'), color: 'red' },
];

export const DELIVERY_STATUS = { pending: 'pending', delivered: 'delivered', failed: 'failed' } as const;

export const DELIVERY_STATUSES = [
  { value: DELIVERY_STATUS.pending, label: l('Đang chờ gửi', 'Pending'), color: 'gold' },
  { value: DELIVERY_STATUS.delivered, label: l('Đã gửi', 'Delivered'), color: 'green' },
  { value: DELIVERY_STATUS.failed, label: l('Thất bại', 'Failed'), color: 'red' },
];

/** A website's webhook: where to POST, and the secret the body is signed with (the server makes it). */
/** The delivery API's areas (/content/{website}/{lang}/{area}) a webhook may ask for, as the console offers them. */
export const WEBHOOK_AREAS = [
  { value: 'news', label: l('Tin tức', 'News') },
  { value: 'services', label: l('Dịch vụ', 'Services') },
  { value: 'menus', label: l('Menu', 'Menus') },
  { value: 'site', label: l('Thông tin website', 'Website information') },
  { value: 'diseases', label: l('Bệnh', 'Diseases') },
  { value: 'banners', label: l('Banner', 'Banners') },
  { value: 'faqs', label: l('Câu hỏi thường gặp', 'FAQs') },
  { value: 'faq-groups', label: l('Nhóm câu hỏi', 'FAQ groups') },
  { value: 'partners', label: l('Đối tác', 'Partners') },
  { value: 'albums', label: l('Album', 'Albums') },
  { value: 'jobs', label: l('Tuyển dụng', 'Jobs') },
  { value: 'categories', label: l('Danh mục tin', 'News categories') },
  { value: 'customer-feedback', label: l('Cảm nhận khách hàng', 'Customer feedback') },
  { value: 'waiting-screens', label: l('Màn hình chờ', 'Waiting screens') },
];

export const webhook = defineResource({
  name: 'webhook',
  label: l('Webhook', 'Webhook'),
  table: 'webhooks',
  scope: 'website',
  api: recordsApi('Webhooks/{website}', { getAll: 'Webhooks/get-all/{website}', actions: { rotate: 'POST Webhooks/rotate-secret/{website}/{id}' } }),
  fields: [
    { name: 'url', type: 'url', required: true, maxLength: 1000, list: true, search: true, label: l('Địa chỉ nhận (URL)', 'Receiver URL') },
    { name: 'description', type: 'textarea', maxLength: 1000, list: true, label: l('Mô tả', 'Description') },
    {
      name: 'areas',
      type: 'tags',
      list: true,
      // Chosen, not typed (issue 42): the delivery API's areas (tests/server/webhooks.test.ts holds it to them).
      options: WEBHOOK_AREAS,
      label: l('Khu vực (để trống: tất cả)', 'Areas (empty: all)'),
    },
    // Made by the server on create (and on "new secret"): shown to administrators so the receiver can check signatures.
    { name: 'secret', type: 'text', serverSet: true, label: l('Khoá ký', 'Signing secret') },
    isActiveField(),
  ],
  list: { pageSizes: [10, 25, 50], defaultPageSize: 10, orderBy: [{ field: 'id', direction: 'asc' }] },
  popup: { width: 720, height: 420 },
  access: { list: ADMINS, read: ADMINS, create: ADMINS, update: ADMINS, delete: ADMINS, actions: { rotate: ADMINS } },
  concurrency: true,
});

/**
 * One delivery of an event to a webhook: the outbox the dispatcher sends from (pending, due at `nextAttemptAt`), and
 * the log administrators read. Written only by the server; `replay` sends the same body again as a new delivery.
 */
export const webhookDelivery = defineResource({
  name: 'webhookDelivery',
  label: l('Lần gửi webhook', 'Webhook delivery'),
  table: 'webhook_deliveries',
  scope: 'website',
  api: {
    list: { path: 'WebhookDeliveries/{website}', paged: true },
    get: 'WebhookDeliveries/{website}/{id}',
    actions: { replay: 'POST WebhookDeliveries/replay/{website}/{id}' },
  },
  fields: [
    {
      name: 'webhookId',
      type: 'reference',
      serverSet: true,
      list: true,
      reference: { lookup: 'api:Webhooks/get-all/{website}', valueField: 'id', labelField: 'url' },
      label: l('Webhook', 'Webhook'),
    },
    { name: 'event', type: 'enum', options: WEBHOOK_EVENTS, serverSet: true, list: true, label: l('Sự kiện', 'Event') },
    { name: 'resource', type: 'text', serverSet: true, list: true, label: l('Khu vực', 'Area') },
    { name: 'ids', type: 'text', serverSet: true, list: true, label: l('Mã bản ghi', 'Record ids') },
    { name: 'status', type: 'enum', options: DELIVERY_STATUSES, serverSet: true, list: true, label: l('Trạng thái', 'Status') },
    { name: 'attempts', type: 'number', serverSet: true, list: true, label: l('Số lần gửi', 'Attempts') },
    { name: 'statusCode', type: 'number', serverSet: true, list: true, label: l('Mã phản hồi', 'Response code') },
    { name: 'error', type: 'text', serverSet: true, list: true, label: l('Lỗi', 'Error') },
    // When it was first due: the write's time, or a scheduled item's start (approved now, public in an hour: told then).
    // Retries go on for a day from it.
    { name: 'dueAt', type: 'datetime', serverSet: true, label: l('Hẹn gửi lúc', 'Due at') },
    { name: 'nextAttemptAt', type: 'datetime', serverSet: true, list: true, label: l('Lần gửi tiếp theo', 'Next attempt') },
    { name: 'deliveredAt', type: 'datetime', serverSet: true, list: true, label: l('Đã gửi lúc', 'Delivered at') },
    // The X-Sitedesk-Delivery header: the same on every attempt of one delivery, so a receiver can drop repeats.
    { name: 'deliveryId', type: 'text', serverSet: true, label: l('Mã lần gửi', 'Delivery id') },
    // The exact body sent (and signed).
    { name: 'payload', type: 'textarea', serverSet: true, label: l('Nội dung gửi', 'Body') },
    { name: 'replayOf', type: 'number', serverSet: true, label: l('Gửi lại từ', 'Replay of') },
  ],
  list: { pageSizes: [10, 25, 50, 100], defaultPageSize: 10, orderBy: [{ field: 'id', direction: 'desc' }] },
  access: { list: ADMINS, read: ADMINS, create: ADMINS, update: ADMINS, delete: ADMINS, actions: { replay: ADMINS } },
  concurrency: false,
});
