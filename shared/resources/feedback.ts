import { defineResource, isActiveField, orderField, l, consoleRoutes, recordsApi } from './define';

/**
 * Feedback sent by visitors of a public website (/feedback, /feedback/{feedbackId}). It arrives through the public
 * intake (POST /public/{website}/feedback, server/intake); staff record what arrives by phone or letter at
 * /feedback/add (`POST Feedbacks/{website}`, the same rules), but the grid has no add button (spec). Staff read it
 * (opening an unread one marks it read: `isView`), correct it and delete it.
 */
export const feedback = defineResource({
  name: 'feedback',
  label: l('Góp ý', 'Feedback'),
  table: 'feedbacks',
  scope: 'website',
  api: recordsApi('Feedbacks/{website}', {
    list: { defaultPageSize: 20 },
    actions: {
      /** Marks it read (staff opened it): no stamp, it changes nothing staff edit. */
      read: 'PUT Feedbacks/read/{website}/{id}',
      /** How many are unread (the side navigation's count). */
      unread: 'Feedbacks/unread-count/{website}',
    },
  }),
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 250, list: true, search: true, label: l('Tiêu đề', 'Title') },
    { personal: 'identity', name: 'fullName', type: 'text', required: true, maxLength: 200, list: true, search: true, label: l('Họ tên', 'Full name') },
    { personal: 'contact', name: 'email', type: 'text', format: 'email', required: true, maxLength: 200, list: true, search: true, label: l('Email', 'Email') },
    { personal: 'contact', name: 'phoneNumber', type: 'text', format: 'phone', required: true, maxLength: 30, list: true, search: true, label: l('Số điện thoại', 'Phone number') },
    { personal: 'health', name: 'serviceName', type: 'text', maxLength: 250, list: true, label: l('Dịch vụ', 'Service') },
    { personal: 'health', name: 'content', type: 'textarea', maxLength: 5000, label: l('Nội dung', 'Content') },
    { name: 'description', type: 'textarea', perLanguage: true, maxLength: 2000, label: l('Ghi chú', 'Notes') },
    { name: 'isView', type: 'boolean', default: false, serverSet: true, list: true, search: true, label: l('Đã xem', 'Read') },
    { name: 'createdAt', type: 'datetime', computed: true, form: false, list: true, label: l('Ngày gửi', 'Sent') },
  ],
  list: { pageSizes: [10, 25, 50, 100], defaultPageSize: 10, orderBy: [{ field: 'createdAt', direction: 'desc' }, { field: 'id', direction: 'desc' }], indexedFilters: ['isView'], addButton: false },
  // Feedback mostly comes from the public sites; staff record what arrives by phone or letter at /feedback/add (no add
  // button in the grid: `list.addButton`).
  routes: consoleRoutes('feedback', 'feedbackId'),
  screen: { list: 'site-content/FeedbackPages#FeedbackListPage', edit: 'site-content/FeedbackPages#FeedbackEditPage', nav: { group: 'feedback', order: 10 } },
  concurrency: true,
});

/** Customer feedback: testimonials staff publish on the site (/customerFeedback, add, edit), with a rating of 1–5 stars. */
export const customerFeedback = defineResource({
  name: 'customerFeedback',
  label: l('Cảm nhận khách hàng', 'Customer feedback'),
  table: 'customer_feedbacks',
  scope: 'website',
  api: recordsApi('CustomerFeedbacks/{website}', { list: { defaultPageSize: 20 } }),
  fields: [
    { name: 'name', type: 'text', perLanguage: true, required: true, maxLength: 250, list: true, search: true, label: l('Tên khách hàng', 'Name') },
    { name: 'position', type: 'text', perLanguage: true, required: true, maxLength: 250, list: true, label: l('Chức danh', 'Position') },
    { name: 'content', type: 'textarea', perLanguage: true, maxLength: 5000, label: l('Nội dung', 'Content') },
    { name: 'description', type: 'textarea', perLanguage: true, maxLength: 2000, label: l('Mô tả', 'Description') },
    { name: 'seoLink', type: 'text', required: true, maxLength: 500, label: l('Đường dẫn SEO', 'SEO link') },
    { name: 'rate', type: 'number', stars: true, min: 1, max: 5, default: 5, list: true, label: l('Đánh giá', 'Rating') },
    { name: 'avata', type: 'image', altField: 'alt', list: true, label: l('Ảnh đại diện', 'Avatar') },
    { name: 'thumbnail', type: 'image', label: l('Ảnh nền', 'Thumbnail') },
    { name: 'alt', type: 'text', perLanguage: true, maxLength: 250, label: l('Mô tả ảnh', 'Alt text') },
    { personal: 'contact', name: 'phoneNumber', type: 'text', format: 'phone', maxLength: 30, label: l('Số điện thoại', 'Phone number') },
    { name: 'url', type: 'url', maxLength: 1000, label: l('Đường dẫn', 'URL') },
    orderField(),
    isActiveField(),
  ],
  list: { pageSizes: [10, 25, 50, 100], defaultPageSize: 10, orderBy: [{ field: 'order', direction: 'asc' }] },
  routes: consoleRoutes('customerFeedback', 'customerFeedbackId'),
  import: true,
  screen: { nav: { group: 'feedback', order: 20 } },
  concurrency: true,
  // The testimonials the site shows (a customer's phone number stays in the console).
  delivery: {
    path: 'customer-feedback',
    summary: 'Active customer testimonials in order',
    fields: ['name', 'position', 'content', 'description', 'seoLink', 'rate', 'avata', 'thumbnail', 'alt', 'url', 'order'],
    by: 'seoLink',
  },
});
