import { coreApi, pushApi } from '../api/client';
import type { CurrentUser, SessionServices } from './session';

interface AppSettingsAnswer {
  currentUser?: CurrentUser;
  /** REQUIRE_2FA_FOR_ADMINS: this administrator must turn the second factor on before anything else */
  mustEnrol?: boolean;
  data?: { currentUser?: CurrentUser };
}

/** The session's calls through the shared API clients. */
export const sessionServices: SessionServices = {
  async currentUser() {
    const { data } = await coreApi.get<AppSettingsAnswer>('/AppSettings', { tokenCheck: true });
    const user = data.currentUser ?? data.data?.currentUser;
    if (!user) throw new Error('AppSettings answered without currentUser');
    return data.mustEnrol ? { ...user, mustEnrol: true } : user;
  },
  /**
   * There is no real push provider (FCM/APNs) behind this console, so the "device token" is a
   * per-install random id: it still lets the push service know which installs a user has and
   * lets logout remove them, which is what the spec's calls do.
   */
  async registerPush(userId, token) {
    await pushApi.post('/UserTokens', { userId, isActive: true, token });
  },
  async unregisterPush(userId) {
    await pushApi.delete(`/UserTokens/user/${encodeURIComponent(String(userId))}`, { quiet: true });
  },
};
