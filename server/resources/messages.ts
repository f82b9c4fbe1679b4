// Messages of the resource engine and the website module (Vietnamese first, English second).
export const RMSG = {
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
} as const;
