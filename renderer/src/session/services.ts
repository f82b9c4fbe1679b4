import type { UserPermissions } from '../../../shared/permissions';
import { coreApi, pushApi } from '../api/client';
import type { CurrentUser, SessionServices } from './session';

interface AppSettingsAnswer {
  currentUser?: CurrentUser;
  /** REQUIRE_2FA_FOR_ADMINS: this administrator must turn the second factor on before anything else */
  mustEnrol?: boolean;
  permissions?: UserPermissions;
  data?: { currentUser?: CurrentUser; permissions?: UserPermissions };
}

/** The session's calls through the shared API clients. */
export const sessionServices: SessionServices = {
  async currentUser() {
    const { data } = await coreApi.get<AppSettingsAnswer>('/AppSettings', { tokenCheck: true });
    const user = data.currentUser ?? data.data?.currentUser;
    if (!user) throw new Error('AppSettings answered without currentUser');
    // The role's grants per website ride with the user: one snapshot, so a screen never sees one without the other.
    const permissions = data.permissions ?? data.data?.permissions;
    return { ...user, ...(permissions ? { permissions } : {}), ...(data.mustEnrol ? { mustEnrol: true } : {}) };
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
