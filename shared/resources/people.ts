import { defineResource, isActiveField, orderField, l, consoleRoutes, recordsApi } from './define';
import { MEMBERS } from './access';
import type { StatusMachine } from './machine';

const categoryLookup = (type: 1 | 2 | 3) => ({ lookup: `api:ListCategorys/get-all/{website}/${type}`, valueField: 'id', labelField: 'name' });

/**
 * Jobs (/job, /job/add, /job/{jobId}): what the website's careers page offers. Industry, level and form come from the
 * career (1), level (2) and job-type (3) lists; a job may sit under a parent job.
 */
export const job = defineResource({
  name: 'job',
  label: l('Tin tuyển dụng', 'Job'),
  table: 'jobs',
  scope: 'website',
  api: recordsApi('Jobs/{website}', { list: { defaultPageSize: 1000 }, getAll: 'Jobs/get-all/{website}' }),
  fields: [
    { name: 'name', type: 'text', perLanguage: true, required: true, maxLength: 250, list: true, search: true, label: l('Vị trí tuyển dụng', 'Job title') },
    { name: 'seoLink', type: 'text', required: true, unique: true, maxLength: 500, list: true, label: l('Đường dẫn SEO', 'SEO link') },
    { name: 'salaryRange', type: 'text', required: true, maxLength: 200, list: true, label: l('Mức lương', 'Salary range') },
    { name: 'quantity', type: 'number', min: 0, default: 1, list: true, label: l('Số lượng', 'Openings') },
    { name: 'location', type: 'text', maxLength: 500, list: true, label: l('Địa điểm', 'Location') },
    { name: 'industryId', type: 'reference', reference: categoryLookup(1), label: l('Ngành nghề', 'Industry') },
    { name: 'levelId', type: 'reference', reference: categoryLookup(2), label: l('Cấp bậc', 'Level') },
    { name: 'formId', type: 'reference', reference: categoryLookup(3), label: l('Hình thức', 'Form') },
    { name: 'parentId', type: 'reference', reference: { lookup: 'api:Jobs/get-all/{website}', valueField: 'id', labelField: 'name' }, label: l('Thuộc tin', 'Parent job') },
    { name: 'description', type: 'richText', perLanguage: true, label: l('Mô tả công việc', 'Description') },
    { name: 'requirement', type: 'richText', perLanguage: true, label: l('Yêu cầu', 'Requirements') },
    { name: 'benefit', type: 'richText', perLanguage: true, label: l('Quyền lợi', 'Benefits') },
    { name: 'image', type: 'image', altField: 'altImages', label: l('Ảnh', 'Image') },
    { name: 'altImages', type: 'text', maxLength: 250, label: l('Mô tả ảnh', 'Alt text') },
    { name: 'url', type: 'url', maxLength: 1000, label: l('Đường dẫn', 'URL') },
    { name: 'nameJD', type: 'text', maxLength: 250, label: l('Tên mô tả công việc (JD)', 'Job description name') },
    { name: 'type', type: 'text', maxLength: 100, label: l('Loại', 'Type') },
    { name: 'position', type: 'text', maxLength: 250, label: l('Chức vụ', 'Position') },
    { name: 'workingTime', type: 'text', maxLength: 250, label: l('Thời gian làm việc', 'Working time') },
    { name: 'experience', type: 'text', maxLength: 250, label: l('Kinh nghiệm', 'Experience') },
    orderField(),
    isActiveField(),
  ],
  list: { pageSizes: [10, 25, 50, 100], defaultPageSize: 10, orderBy: [{ field: 'order', direction: 'asc' }] },
  routes: consoleRoutes('job', 'jobId'),
  import: true,
  screen: { nav: { group: 'recruitment', order: 10 } },
  concurrency: true,
  // The careers page: the postings, never the applications (a person's data).
  delivery: {
    path: 'jobs',
    summary: 'Active job postings in order',
    fields: [
      'name', 'seoLink', 'salaryRange', 'quantity', 'location', 'industryId', 'levelId', 'formId', 'parentId', 'description', 'requirement',
      'benefit', 'image', 'altImages', 'url', 'nameJD', 'type', 'position', 'workingTime', 'experience', 'order',
    ],
    filters: ['industryId', 'levelId', 'formId'],
    by: 'seoLink',
  },
});

/**
 * Applications (/recruitment): sent from the careers page through the public intake (one or more jobs), or added
 * by staff from a paper form. Opening an unread one marks it read.
 */
export const recruitment = defineResource({
  name: 'recruitment',
  label: l('Hồ sơ ứng tuyển', 'Application'),
  table: 'recruitments',
  scope: 'website',
  api: recordsApi('Recruitments/{website}', { list: { defaultPageSize: 1000 }, actions: { read: 'PUT Recruitments/read/{website}/{id}' } }),
  fields: [
    { personal: 'identity', name: 'fullName', type: 'text', required: true, maxLength: 200, list: true, search: true, label: l('Họ tên', 'Full name') },
    { personal: 'contact', name: 'phoneNumber', type: 'text', format: 'phone', required: true, maxLength: 30, list: true, search: true, label: l('Số điện thoại', 'Phone number') },
    { personal: 'contact', name: 'email', type: 'text', format: 'email', maxLength: 200, list: true, search: true, label: l('Email', 'Email') },
    { name: 'jobIds', type: 'tags', ids: true, label: l('Vị trí ứng tuyển', 'Jobs applied for') },
    { name: 'jobNames', type: 'text', computed: true, form: false, list: true, label: l('Vị trí ứng tuyển', 'Jobs applied for') },
    { personal: 'identity', name: 'birthday', type: 'date', label: l('Ngày sinh', 'Birthday') },
    { personal: 'contact', name: 'address', type: 'text', maxLength: 500, label: l('Địa chỉ', 'Address') },
    { personal: 'identity', name: 'description', type: 'textarea', maxLength: 5000, label: l('Giới thiệu bản thân', 'About the applicant') },
    // The applicant's CV (issue 40): a stored file's URL, picked by staff or sent with the public intake's multipart post
    // (PDF, DOC or DOCX: server/intake/cv.ts).
    { personal: 'file', name: 'cv', type: 'file', maxLength: 1000, label: l('Hồ sơ (CV)', 'CV') },
    { name: 'isView', type: 'boolean', default: false, serverSet: true, list: true, search: true, label: l('Đã xem', 'Read') },
    { name: 'createdAt', type: 'datetime', computed: true, form: false, list: true, label: l('Ngày nộp', 'Sent') },
  ],
  list: { pageSizes: [10, 25, 50, 100], defaultPageSize: 10, orderBy: [{ field: 'createdAt', direction: 'desc' }, { field: 'id', direction: 'desc' }], indexedFilters: ['isView'] },
  routes: consoleRoutes('recruitment', 'recruitmentId'),
  screen: { list: 'people/PeoplePages#RecruitmentListPage', edit: 'people/PeoplePages#RecruitmentEditPage', nav: { group: 'recruitment', order: 20 } },
  concurrency: true,
});

/** Booking statuses (the booking machine below moves between them). */
export const BOOKING_STATUSES = [
  { value: 0, label: l('Mới đặt', 'New'), color: 'blue' },
  { value: 1, label: l('Đã xác nhận', 'Confirmed'), color: 'geekblue' },
  { value: 2, label: l('Đã khám', 'Completed'), color: 'green' },
  { value: 3, label: l('Đã huỷ', 'Cancelled'), color: 'red' },
];

/** Confirm a new booking; complete a confirmed one; cancel (with a reason) either. Any staff member of the website. */
export const BOOKING_MACHINE: StatusMachine = {
  field: 'approvedStatus',
  states: BOOKING_STATUSES,
  nameField: 'customerName',
  path: 'PUT Bookings/status/{website}/{id}',
  target: { body: 'status' },
  action: 'status',
  reason: { body: 'reason', field: 'cancelReason', label: l('Lý do huỷ', 'Cancellation reason') },
  moves: [
    { name: 'confirm', from: [0], to: 1, label: l('Xác nhận lịch hẹn', 'Confirm booking'), who: MEMBERS, confirm: l('Xác nhận lịch hẹn của {name}?', 'Confirm the booking of {name}?') },
    { name: 'complete', from: [1], to: 2, label: l('Đã khám xong', 'Visit completed'), who: MEMBERS, confirm: l('Ghi nhận lịch hẹn của {name} đã khám xong?', 'Record the visit of {name} as completed?') },
    { name: 'cancel', from: [0, 1], to: 3, label: l('Huỷ lịch hẹn', 'Cancel booking'), who: MEMBERS, reason: true, danger: true, prompt: l('Huỷ lịch hẹn của {name}', 'Cancel the booking of {name}') },
  ],
  refused: l('Không thể chuyển lịch hẹn từ "{from}" sang "{to}"', 'A booking cannot go from "{from}" to "{to}"'),
  // A move is decided by the booking's status alone (a stamp sent is not compared): as the screens have always sent it.
  stamp: false,
};

/**
 * Bookings (/booking, detail /booking/{id}, also /booking/edit/{id}): made by visitors through the public intake,
 * read here (the detail is read-only), moved through their statuses. One taken by phone is added at /booking/add
 * (`POST Bookings/{website}`, through the intake's rules: server/people/resource.ts); the grid has no add button.
 */
export const booking = defineResource({
  name: 'booking',
  label: l('Lịch hẹn', 'Booking'),
  table: 'bookings',
  scope: 'website',
  api: recordsApi('Bookings/{website}', { list: { defaultPageSize: 20 }, actions: { status: 'PUT Bookings/status/{website}/{id}' } }),
  machines: [BOOKING_MACHINE],
  fields: [
    { personal: 'identity', name: 'customerName', type: 'text', required: true, maxLength: 200, list: true, search: true, label: l('Khách hàng', 'Customer') },
    { personal: 'contact', name: 'customerPhone', type: 'text', format: 'phone', required: true, maxLength: 30, list: true, search: true, label: l('Số điện thoại', 'Phone number') },
    { personal: 'contact', name: 'customerEmail', type: 'text', format: 'email', maxLength: 200, list: true, search: true, label: l('Email', 'Email') },
    { name: 'appointmentDate', type: 'date', required: true, list: true, label: l('Ngày hẹn', 'Appointment date') },
    { name: 'startTime', type: 'text', format: 'time', maxLength: 5, list: true, label: l('Từ giờ', 'From') },
    { name: 'endTime', type: 'text', format: 'time', maxLength: 5, label: l('Đến giờ', 'To') },
    { name: 'branchId', type: 'reference', reference: { lookup: 'api:BranchContacts/get-all/{website}', valueField: 'id', labelField: 'name' }, list: true, label: l('Cơ sở', 'Branch') },
    { personal: 'health', name: 'servicePackageName', type: 'text', perLanguage: true, maxLength: 250, list: true, label: l('Gói dịch vụ', 'Service package') },
    { personal: 'contact', name: 'customerAddress', type: 'text', perLanguage: true, maxLength: 500, label: l('Địa chỉ', 'Address') },
    { name: 'approvedStatus', type: 'enum', options: BOOKING_STATUSES, default: 0, serverSet: true, list: true, label: l('Trạng thái', 'Status') },
    { name: 'cancelReason', type: 'text', maxLength: 1000, serverSet: true, label: l('Lý do huỷ', 'Cancellation reason') },
    { name: 'createdAt', type: 'datetime', computed: true, form: false, list: true, label: l('Ngày đặt', 'Booked on') },
  ],
  list: { pageSizes: [10, 25, 50, 100], defaultPageSize: 10, orderBy: [{ field: 'appointmentDate', direction: 'desc' }, { field: 'startTime', direction: 'asc' }], indexedFilters: ['approvedStatus'], addButton: false },
  // Bookings mostly come from the public sites; one taken by phone is added at /booking/add (no add button in the grid).
  routes: consoleRoutes('booking'),
  screen: {
    list: 'people/PeoplePages#BookingListPage',
    edit: 'people/PeoplePages#BookingDetailPage',
    nav: { group: 'customers', order: 10, icon: 'calendar' },
    // The spec's other address of the detail.
    aliases: [{ path: '/booking/edit/:id', screen: 'edit' }],
  },
  readOnlyDetail: true,
  concurrency: true,
});
