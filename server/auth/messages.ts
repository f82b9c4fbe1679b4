// Sign-in messages (Vietnamese / English).
export const AUTH_MSG = {
  wrongPassword: { vi: 'Tên đăng nhập hoặc mật khẩu không đúng', en: 'Username or password is incorrect' },
  inactive: { vi: 'Tài khoản đã bị khóa', en: 'This account is disabled' },
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
  throttled: (minutes: number) => ({
    vi: `Bạn đã đăng nhập sai quá nhiều lần, vui lòng thử lại sau ${minutes} phút`,
    en: `Too many failed sign-in attempts, please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  }),
};
