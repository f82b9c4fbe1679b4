/**
 * Where a 401 sends the user (spec part 2, section 8): to /login, except the session's token check and the album
 * screens, which go to /expiredToken (the page that says the session expired and offers to sign in again).
 */
const EXPIRED_SCREENS = /^\/album(\/|$)/;

export function unauthorizedTarget(kind: 'login' | 'expired', pathname: string): '/login' | '/expiredToken' {
  return kind === 'expired' || EXPIRED_SCREENS.test(pathname) ? '/expiredToken' : '/login';
}
