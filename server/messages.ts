// Every message the server answers, in Vietnamese and English side by side (one catalogue: a message cannot be
// added in one language and forgotten in the other). The request's language picks (server/i18n.ts `localize`).
import type { Label } from '../shared/resources/define';
import { ACCESS_REASONS } from '../shared/resources/access';

const bytes = (n: number) => n.toLocaleString('en-US');

export const M = {
  // ---- Shared by every module ----
  unauthorized: {
    vi: 'Bạn chưa đăng nhập hoặc phiên đăng nhập đã hết hạn',
    en: 'You are not signed in or your session has expired',
  },
  forbidden: { vi: 'Bạn không có quyền thực hiện thao tác này', en: 'You are not allowed to do this' },
  notFound: { vi: 'Không tìm thấy địa chỉ yêu cầu', en: 'The requested address was not found' },
  recordNotFound: { vi: 'Không tìm thấy dữ liệu', en: 'Record not found' },
  tooLarge: { vi: 'Dữ liệu gửi lên quá lớn', en: 'The request body is too large' },
  malformedJson: { vi: 'Dữ liệu JSON không hợp lệ', en: 'The request body is not valid JSON' },
  unsupportedMediaType: { vi: 'Kiểu dữ liệu gửi lên không được hỗ trợ', en: 'Unsupported content type' },
  badRequest: { vi: 'Yêu cầu không hợp lệ', en: 'Bad request' },
  conflict: {
    vi: 'Dữ liệu đã bị thay đổi bởi người khác, vui lòng tải lại',
    en: 'The record was changed by someone else, please reload',
  },
  serverError: { vi: 'Lỗi máy chủ, vui lòng thử lại sau', en: 'Server error, please try again later' },
  added: { vi: 'Thêm mới thành công', en: 'Added successfully' },
  updated: { vi: 'Cập nhật thành công', en: 'Updated successfully' },
  deleted: { vi: 'Xoá thành công', en: 'Deleted successfully' },
  success: { vi: 'Thành công', en: 'Success' },
  tooManyRequests: (seconds: number): Label => ({
    vi: `Quá nhiều yêu cầu, vui lòng thử lại sau ${seconds} giây`,
    en: `Too many requests, please try again in ${seconds} seconds`,
  }),
  tooManyPosts: (seconds: number): Label => ({
    vi: `Bạn đã gửi quá nhiều lần, vui lòng thử lại sau ${seconds} giây`,
    en: `Too many submissions, please try again in ${seconds} seconds`,
  }),

  // ---- Running it: metrics and readiness (server/metrics/, server/health.ts) ----
  metricsLocalOnly: {
    vi: 'Số liệu vận hành chỉ trả lời trên chính máy chủ, hoặc khi gửi kèm METRICS_TOKEN',
    en: 'Metrics are answered only on this machine, or with METRICS_TOKEN as a bearer token',
  },
  metricsBadToken: { vi: 'Mã METRICS_TOKEN không đúng', en: 'The metrics token is not right' },
  notReady: (parts: string): Label => ({ vi: `Máy chủ chưa sẵn sàng: ${parts} không hoạt động`, en: `Not ready: ${parts} not working` }),
  // ---- Input every request must meet (server/http/input.ts) ----
  nulCharacter: (field: string): Label => ({
    vi: `Dữ liệu gửi lên (${field}) chứa ký tự NUL không hợp lệ`,
    en: `The request (${field}) contains an invalid NUL character`,
  }),
  // ---- The resource engine and the websites ----
  valueTaken: (field: Label, value: string): Label => ({
    vi: `${field.vi} "${value}" đã được dùng cho một bản ghi khác`,
    en: `${field.en} "${value}" is already used by another record`,
  }),
  stale: {
    vi: 'Bản ghi đã bị người khác thay đổi kể từ khi bạn mở nó',
    en: 'The record was changed by someone else since you opened it',
  },
  stampRequired: {
    vi: 'Thiếu concurrencyStamp: hãy gửi lại concurrencyStamp của bản ghi khi cập nhật',
    en: 'concurrencyStamp is required: send back the record\'s concurrencyStamp when updating',
  },
  websiteNotFound: { vi: 'Không tìm thấy website', en: 'Website not found' },
  notStaff: {
    vi: 'Bạn không phải nhân viên của website này',
    en: 'You are not a staff member of this website',
  },
  // Roles as data (server/resources/permissions.ts, server/websites/roles.ts).
  roleRefuses: (role: Label, operation: Label): Label => ({
    vi: `Vai trò "${role.vi}" không được phép ${operation.vi} ở mục này`,
    en: `The role "${role.en}" may not ${operation.en} here`,
  }),
  notOwnRecord: { vi: 'Không tìm thấy dữ liệu', en: 'Record not found' },
  roleNotFound: { vi: 'Không tìm thấy vai trò', en: 'Role not found' },
  roleInUse: (members: number): Label => ({
    vi: `Vai trò đang được gán cho ${members} nhân viên, không thể xoá`,
    en: `The role is held by ${members} staff member(s): it cannot be deleted`,
  }),
  roleBuiltInDelete: { vi: 'Không thể xoá vai trò có sẵn', en: 'A built-in role cannot be deleted' },
  roleNameRequired: { vi: 'Tên vai trò (vi-VN và en-US) là trường bắt buộc, tối đa 100 ký tự', en: 'The role name (vi-VN and en-US) is required, at most 100 characters' },
  badGrants: (where: string): Label => ({ vi: `Quyền không hợp lệ: ${where}`, en: `Invalid permissions: ${where}` }),
  roleIdRequired: { vi: 'Vai trò là trường bắt buộc', en: 'The role is required' },
  badId: (name: string) => ({ vi: `Mã ${name} không hợp lệ`, en: `Invalid ${name}` }),
  badQuery: (name: string) => ({ vi: `Tham số ${name} không hợp lệ`, en: `Invalid query parameter ${name}` }),
  bodyNotObject: { vi: 'Dữ liệu gửi lên phải là một đối tượng JSON', en: 'The request body must be a JSON object' },
  // Websites: the default rules and membership.
  defaultWebsiteRequired: {
    vi: 'Phải luôn có một website mặc định: hãy đặt website khác làm mặc định thay vì bỏ mặc định website này',
    en: 'There is always one default website: make another website the default instead',
  },
  defaultWebsiteDelete: {
    vi: 'Không thể xoá website mặc định: hãy đặt website khác làm mặc định trước',
    en: 'The default website cannot be deleted: make another website the default first',
  },
  defaultLanguageRequired: {
    vi: 'Website phải có một ngôn ngữ mặc định: hãy đặt ngôn ngữ khác làm mặc định thay vì bỏ mặc định ngôn ngữ này',
    en: 'A website always has one default language: make another language the default instead',
  },
  defaultLanguageDelete: {
    vi: 'Không thể xoá ngôn ngữ mặc định: hãy đặt ngôn ngữ khác làm mặc định trước',
    en: 'The default language cannot be removed: make another language the default first',
  },
  languageUnknown: { vi: 'Ngôn ngữ không tồn tại', en: 'This language does not exist' },
  languageDuplicate: { vi: 'Website đã có ngôn ngữ này', en: 'The website already has this language' },
  languageNotFound: { vi: 'Website không có ngôn ngữ này', en: 'The website does not have this language' },
  userNotFound: { vi: 'Không tìm thấy người dùng', en: 'User not found' },
  staffDuplicate: { vi: 'Người dùng đã là nhân viên của website này', en: 'The user is already a staff member of this website' },
  staffNotFound: { vi: 'Người dùng không phải nhân viên của website này', en: 'The user is not a staff member of this website' },
  lastStaff: {
    vi: 'Không thể xoá nhân viên cuối cùng của website',
    en: 'The last staff member of a website cannot be removed',
  },

  // ---- History: restoring a version (server/history/restore.ts) ----
  historyEntryNotFound: { vi: 'Không tìm thấy phiên bản này trong lịch sử', en: 'This version was not found in the history' },
  restoreDeleted: {
    vi: 'Đây là một lần xoá: hãy khôi phục bản ghi từ Thùng rác',
    en: 'This entry is a delete: restore the record from the Trash',
  },
  notRestorable: (what: string): Label => ({
    vi: `Không thể khôi phục phiên bản này: "${what}" không phải là một lần lưu bản ghi`,
    en: `This version cannot be restored: "${what}" is not a save of a record`,
  }),
  versionRestored: { vi: 'Khôi phục phiên bản thành công', en: 'Version restored successfully' },

  // ---- Roles (shared/roles.ts) ----
  // The access rules' reasons (shared/resources/access.ts): one wording, whoever refuses.
  adminOnly: ACCESS_REASONS.admin,
  adminFields: (labels: { vi: string; en: string }[]) => ({
    vi: `Chỉ quản trị viên được thay đổi: ${labels.map((x) => x.vi).join(', ')}`,
    en: `Only an administrator can change: ${labels.map((x) => x.en).join(', ')}`,
  }),
  // ---- Sign-in ----
  wrongPassword: { vi: 'Tên đăng nhập hoặc mật khẩu không đúng', en: 'Username or password is incorrect' },
  inactive: { vi: 'Tài khoản đã bị khoá', en: 'This account is disabled' },
  userNameTooLong: (max: number): Label => ({
    vi: `Tên đăng nhập (username) không được dài quá ${max} ký tự`,
    en: `The user name (username) must be at most ${max} characters`,
  }),
  missingCredentials: {
    vi: 'Vui lòng nhập tên đăng nhập và mật khẩu',
    en: 'Username and password are required',
  },
  invalidClient: { vi: 'Ứng dụng không hợp lệ', en: 'Unknown client or wrong client secret' },
  unsupportedGrant: { vi: 'Kiểu cấp quyền không được hỗ trợ', en: 'Unsupported grant type' },
  missingRefreshToken: { vi: 'Thiếu refresh token', en: 'The refresh token is missing' },
  invalidRefreshToken: {
    vi: 'Phiên đăng nhập đã hết hạn hoặc không hợp lệ, vui lòng đăng nhập lại',
    en: 'The session has expired or is invalid, please sign in again',
  },
  missingToken: { vi: 'Thiếu token cần thu hồi', en: 'The token to revoke is missing' },

  // ---- Accounts and your own account (server/accounts) ----
  passwordRequired: (field: Label): Label => ({ vi: `${field.vi} là trường bắt buộc`, en: `${field.en} is required` }),
  passwordTooShort: (field: Label, min: number): Label => ({
    vi: `${field.vi} phải có ít nhất ${min} ký tự`,
    en: `${field.en} must be at least ${min} characters long`,
  }),
  passwordTooLong: (field: Label, max: number): Label => ({
    vi: `${field.vi} không được dài quá ${max} ký tự`,
    en: `${field.en} must be at most ${max} characters long`,
  }),
  passwordIsUserName: (field: Label): Label => ({
    vi: `${field.vi} không được trùng với tên đăng nhập`,
    en: `${field.en} must not be the user name`,
  }),
  passwordCommon: (field: Label): Label => ({
    vi: `${field.vi} quá phổ biến, dễ bị đoán: hãy chọn mật khẩu khác`,
    en: `${field.en} is too common and easy to guess: choose another one`,
  }),
  currentPasswordWrong: { vi: 'Mật khẩu hiện tại không đúng', en: 'The current password is incorrect' },
  userNameTaken: (userName: string): Label => ({
    vi: `Tên đăng nhập "${userName}" đã được sử dụng`,
    en: `The user name "${userName}" is already taken`,
  }),
  lastAdministrator: {
    vi: 'Không thể khoá hoặc bỏ quyền quản trị của quản trị viên cuối cùng đang hoạt động',
    en: 'The last active administrator cannot be deactivated or lose the administrator role',
  },
  resetLinkInvalid: {
    vi: 'Liên kết đặt lại mật khẩu không hợp lệ, đã hết hạn hoặc đã được sử dụng',
    en: 'The password reset link is invalid, has expired or has been used',
  },
  passwordChanged: { vi: 'Đổi mật khẩu thành công', en: 'Password changed' },
  passwordResetDone: { vi: 'Đặt lại mật khẩu thành công, hãy đăng nhập bằng mật khẩu mới', en: 'Password reset: sign in with the new password' },
  sessionNotFound: { vi: 'Không tìm thấy phiên đăng nhập', en: 'Session not found' },
  sessionsEnded: (n: number): Label => ({ vi: `Đã kết thúc ${n} phiên đăng nhập`, en: `${n} session(s) ended` }),
  resetMailSubject: { vi: 'Đặt lại mật khẩu Sitedesk', en: 'Reset your Sitedesk password' },
  resetMailBody: (name: string, url: string, expiresAt: string): Label => ({
    vi: `Xin chào ${name},\n\nMở liên kết sau để đặt mật khẩu mới (dùng được một lần, hết hạn lúc ${expiresAt}):\n${url}\n`,
    en: `Hello ${name},\n\nOpen this link to set a new password (it works once and expires at ${expiresAt}):\n${url}\n`,
  }),
  throttled: (minutes: number) => ({
    vi: `Bạn đã đăng nhập sai quá nhiều lần, vui lòng thử lại sau ${minutes} phút`,
    en: `Too many failed sign-in attempts, please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  }),

  // ---- The second factor (server/auth/two-factor.ts) ----
  mfaRequired: {
    vi: 'Vui lòng nhập mã xác thực hai lớp (hoặc một mã khôi phục)',
    en: 'Enter the two-factor authentication code (or a recovery code)',
  },
  wrongOtp: { vi: 'Mã xác thực không đúng hoặc đã được dùng', en: 'The authentication code is wrong or was already used' },
  codeRequired: { vi: 'Vui lòng nhập mã xác thực (code)', en: 'The authentication code (code) is required' },
  passwordWrong: { vi: 'Mật khẩu (password) không đúng', en: 'The password (password) is incorrect' },
  twoFactorAlreadyOn: { vi: 'Xác thực hai lớp đang bật: hãy tắt trước khi thiết lập lại', en: 'Two-factor authentication is on: turn it off before setting it up again' },
  twoFactorNotPending: { vi: 'Chưa thiết lập xác thực hai lớp hoặc đã bật', en: 'Two-factor authentication was not set up, or is already on' },
  twoFactorNotOn: { vi: 'Xác thực hai lớp chưa bật', en: 'Two-factor authentication is not on' },
  twoFactorEnrolFirst: {
    vi: 'Quản trị viên phải bật xác thực hai lớp trước khi tiếp tục',
    en: 'Administrators must turn on two-factor authentication before going on',
  },

  // ---- The editorial area ----
  translationsInvalid: (field: string): Label => ({
    vi: `${field} phải là danh sách [{ languageId, … }] với mỗi ngôn ngữ một lần`,
    en: `${field} must be a list of [{ languageId, … }] with each language once`,
  }),
  languageIdUnknown: (id: string): Label => ({ vi: `Ngôn ngữ ${id} không tồn tại`, en: `Language ${id} does not exist` }),
  seoTaken: (seoLink: string, languageName: string): Label => ({
    vi: `Đường dẫn SEO "${seoLink}" (${languageName}) đã được sử dụng trên website này`,
    en: `The SEO link "${seoLink}" (${languageName}) is already used on this website`,
  }),
  listInvalid: (field: string): Label => ({ vi: `Trường ${field} không hợp lệ`, en: `Field ${field} is invalid` }),
  categoryUnknown: (id: number): Label => ({ vi: `Danh mục ${id} không tồn tại trên website này`, en: `Category ${id} does not exist on this website` }),
  sickUnknown: (id: number): Label => ({ vi: `Danh mục bệnh ${id} không tồn tại trên website này`, en: `Sick category ${id} does not exist on this website` }),
  newsUnknown: (id: number): Label => ({ vi: `Tin tức ${id} không tồn tại trên website này`, en: `News ${id} does not exist on this website` }),
  tagTooLong: { vi: 'Tên thẻ không được dài quá 100 ký tự', en: 'A tag name must be at most 100 characters' },
  titleRequired: { vi: 'Tiêu đề là trường bắt buộc', en: 'Title is required' },
  approved: { vi: 'Duyệt thành công', en: 'Approved successfully' },
  declined: { vi: 'Từ chối thành công', en: 'Declined successfully' },

  // ---- Trees (news categories, menu items) ----
  parentUnknown: { vi: 'Mục cha không tồn tại', en: 'The parent does not exist' },
  cycle: {
    vi: 'Mục cha không hợp lệ: một mục không thể nằm dưới chính nó hoặc dưới mục con của nó',
    en: 'Invalid parent: an item cannot be placed under itself or under one of its descendants',
  },
  /** A list entry (a service group, a category) that records still point to. */
  inUse: (what: Label, count: number, by: Label): Label => ({
    vi: `${what.vi} đang được dùng bởi ${count} ${by.vi.toLowerCase()}, không thể xoá`,
    en: `${what.en} is used by ${count} ${by.en.toLowerCase()}${count === 1 ? '' : 's'} and cannot be deleted`,
  }),
  referenceUnknown: (what: Label): Label => ({ vi: `${what.vi} không tồn tại trên website này`, en: `The ${what.en.toLowerCase()} does not exist on this website` }),
  hasChildren: (what: Label): Label => ({ vi: `${what.vi} đang có mục con, không thể xoá: hãy xoá hoặc chuyển các mục con trước`, en: `${what.en} has children and cannot be deleted: delete or move them first` }),

  // ---- Menus ----
  objectUnknown: { vi: 'Đối tượng được chọn không tồn tại trên website này', en: 'The chosen object does not exist on this website' },
  orderInvalid: {
    vi: 'Danh sách sắp xếp phải là [{ id, parentId, order }] với các mục của menu này, thứ tự ≥ 0',
    en: 'The order list must be [{ id, parentId, order }] of this menu\'s items, with order ≥ 0',
  },
  reordered: { vi: 'Cập nhật thứ tự thành công', en: 'Order updated successfully' },

  // ---- Files ----
  fileTooLarge: (max: number): Label => ({
    vi: `Tệp vượt quá dung lượng tối đa ${bytes(max)} byte`,
    en: `The file is larger than the maximum of ${bytes(max)} bytes`,
  }),
  chunkTooLarge: (max: number): Label => ({
    vi: `Mỗi phần tải lên tối đa ${bytes(max)} byte`,
    en: `A chunk may hold at most ${bytes(max)} bytes`,
  }),
  typeNotAllowed: (ext: string, allowed: string): Label => ({
    vi: `Không cho phép tải lên tệp .${ext}. Các loại được phép: ${allowed}`,
    en: `Files of type .${ext} are not allowed. Allowed types: ${allowed}`,
  }),
  noExtension: (name: string, allowed: string): Label => ({
    vi: `Tệp "${name}" không có phần mở rộng. Các loại được phép: ${allowed}`,
    en: `The file "${name}" has no extension. Allowed types: ${allowed}`,
  }),
  contentMismatch: (name: string, ext: string, what: string): Label => ({
    vi: `Nội dung của "${name}" không đúng định dạng .${ext} (${what})`,
    en: `The content of "${name}" does not match its .${ext} extension (${what})`,
  }),
  notText: (name: string): Label => ({
    vi: `Nội dung của "${name}" không phải văn bản thuần (UTF-8) nên không thể lưu dạng .txt`,
    en: `The content of "${name}" is not plain UTF-8 text, so it cannot be saved as .txt`,
  }),
  nameRequired: { vi: 'Tên không được để trống', en: 'A name is required' },
  folderNotFound: { vi: 'Không tìm thấy thư mục', en: 'Folder not found' },
  badFolderId: { vi: 'Mã thư mục (folderId) không hợp lệ', en: 'Invalid folderId' },
  fileNotFound: { vi: 'Không tìm thấy tệp', en: 'File not found' },
  folderNotEmpty: (name: string): Label => ({
    vi: `Thư mục "${name}" không trống: hãy xoá hoặc chuyển các tệp và thư mục con trước`,
    en: `The folder "${name}" is not empty: delete or move its files and subfolders first`,
  }),
  folderIntoItself: {
    vi: 'Không thể chuyển thư mục vào chính nó hoặc thư mục con của nó',
    en: 'A folder cannot be moved into itself or one of its subfolders',
  },
  extensionChange: (ext: string): Label => ({
    vi: `Không thể đổi phần mở rộng của tệp (.${ext})`,
    en: `The extension of the file cannot be changed (.${ext})`,
  }),
  diskFull: {
    vi: 'Máy chủ không đủ dung lượng lưu trữ để lưu tệp',
    en: 'Not enough storage space on the server to save the file',
  },
  writeFailed: (code: string): Label => ({
    vi: `Máy chủ không ghi được tệp (${code})`,
    en: `The file could not be written on the server (${code})`,
  }),
  badRange: { vi: 'Khoảng byte yêu cầu không hợp lệ', en: 'The requested byte range is not satisfiable' },
  uploadInterrupted: {
    vi: 'Quá trình tải lên bị gián đoạn, vui lòng gửi lại',
    en: 'The upload was interrupted; please send it again',
  },

  uploadNotYours: {
    vi: 'Lần tải lên này (fileId) do người dùng khác bắt đầu: chỉ người đó được gửi tiếp',
    en: 'This upload (fileId) was started by another user: only they may send its chunks',
  },

  // ---- Publish webhooks ----
  webhookUrl: {
    vi: 'Địa chỉ nhận phải là một URL http:// hoặc https:// đầy đủ, không chứa tên đăng nhập hay mật khẩu',
    en: 'The receiver URL must be a full http:// or https:// URL, without a user name or password',
  },
  webhookAddress: {
    vi: 'Địa chỉ nhận không được là địa chỉ nội bộ, link-local hay dịch vụ metadata của máy chủ (169.254.x.x, metadata.google.internal…)',
    en: 'The receiver URL must not be an internal, link-local or cloud-metadata address (169.254.x.x, metadata.google.internal…)',
  },
  webhookAreas: (areas: string, valid: string): Label => ({
    vi: `Khu vực không tồn tại: ${areas} (các khu vực: ${valid})`,
    en: `Unknown areas: ${areas} (the areas: ${valid})`,
  }),
  webhookReplayed: { vi: 'Đã xếp lịch gửi lại', en: 'Queued to be sent again' },
  webhookSecretRotated: { vi: 'Đã tạo khoá ký mới', en: 'A new signing secret was made' },

  // ---- Preview before approval (server/delivery/preview.ts) ----
  previewToken: {
    vi: 'Liên kết xem trước không hợp lệ hoặc đã hết hạn (sau 1 giờ): hãy mở lại từ nút Xem trước',
    en: 'The preview link is not valid or has expired (after an hour): open it again with the Preview button',
  },
  previewArea: (area: string): Label => ({
    vi: `Khu vực "${area}" không có bản xem trước`,
    en: `The area "${area}" has no preview`,
  }),
  previewLanguage: { vi: 'Ngôn ngữ (lang) không thuộc website này', en: 'The language (lang) is not one of this website\'s' },
  previewId: { vi: 'Mã bản ghi (id) phải là một số nguyên dương', en: 'The record id (id) must be a positive whole number' },
  previewNoAddress: (area: string): Label => ({
    vi: `Chưa có địa chỉ xem trước cho khu vực "${area}": hãy thêm ở Thông tin website, thẻ Xem trước`,
    en: `No preview address is set for the area "${area}": add one in Website information, Preview tab`,
  }),
  previewNoText: { vi: 'Bản ghi chưa có tiêu đề bằng ngôn ngữ này: không có gì để xem trước', en: 'The record has no title in this language: there is nothing to preview' },
  previewTemplate: {
    vi: 'Địa chỉ xem trước phải là một URL http:// hoặc https:// đầy đủ; chỉ được dùng {seoLink}, {id}, {lang}',
    en: 'The preview address must be a full http:// or https:// URL; only {seoLink}, {id} and {lang} may be used',
  },

  // ---- The trash (server/history/trash.ts) ----
  restored: { vi: 'Khôi phục thành công', en: 'Restored successfully' },
  notInTrash: { vi: 'Bản ghi không còn trong thùng rác', en: 'The record is not in the trash' },
  trashParentGone: {
    vi: 'Bản ghi cha đã bị xoá, hãy khôi phục bản ghi cha trước',
    en: 'What it belonged to was deleted: restore that first',
  },
  retentionDays: {
    vi: 'Số ngày lưu trong thùng rác phải là số nguyên từ 1 đến 3650',
    en: 'The retention period must be a whole number of days from 1 to 3650',
  },
  // ---- Bringing data in (server/import/) ----
  notImportable: { vi: 'Danh sách này không nhập được từ tệp', en: 'This list cannot be imported from a file' },
  importRows: (max: number): Label => ({
    vi: `Mỗi lần gửi phải có từ 1 đến ${max} dòng (rows)`,
    en: `Each request must carry from 1 to ${max} rows`,
  }),
  importRowNotObject: { vi: 'Dòng này không phải là một đối tượng JSON', en: 'This row is not a JSON object' },
} as const;

export type MessageKey = keyof typeof M;
