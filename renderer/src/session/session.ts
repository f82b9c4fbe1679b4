import type { UserPermissions } from '../../../shared/permissions';
import type { Role } from '../../../shared/roles';
import type { Platform } from '../../platform';
import { randomId, tokenExpiresAt } from './token';

/** The signed-in user as `GET /core/AppSettings` tells it (`currentUser`). */
export interface CurrentUser {
  id: string | number;
  userName?: string;
  fullName?: string;
  /** shared/roles.ts: what the console shows (the server refuses the rest anyway) */
  role?: Role;
  canReview?: boolean;
  /**
   * What the user's role allows on each website (AppSettings' `permissions`, shared/permissions.ts), read through
   * `usePermissions` (src/resources/permissions.ts). Absent from a server without roles: the declarations alone decide.
   */
  permissions?: UserPermissions;
  [field: string]: unknown;
}

/** Calls the session makes beyond the auth service (push registration, the token check). */
export interface SessionServices {
  /** `GET /core/AppSettings`: the token check; a 401 there means "expired". */
  currentUser(): Promise<CurrentUser>;
  registerPush(userId: CurrentUser['id'], token: string): Promise<void>;
  unregisterPush(userId: CurrentUser['id']): Promise<void>;
}

export type SessionStatus = 'starting' | 'signedIn' | 'signedOut';
export interface SessionSnapshot {
  status: SessionStatus;
  user: CurrentUser | null;
}

/** Refresh this long before a JWT's `exp`, so a request never leaves with a token about to lapse. */
const EXPIRY_MARGIN_MS = 30_000;
const INSTALL_ID_KEY = 'pushInstallId';

/**
 * Session rules of spec sections 4 and 8, independent of where the console runs (the platform
 * adapter stores the tokens) and of React (components read it through `useSession`).
 */
export class Session {
  private snapshot: SessionSnapshot = { status: 'starting', user: null };
  private readonly listeners = new Set<() => void>();
  private refreshing: Promise<string | null> | null = null;
  private userLoad: Promise<CurrentUser> | null = null;
  private reloading = false;
  /** Bumped by every sign-in and sign-out, so late work of an ended session does nothing. */
  private generation = 0;

  constructor(
    private readonly platform: Platform,
    private readonly services: SessionServices,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SessionSnapshot => this.snapshot;

  private set(next: Partial<SessionSnapshot>) {
    this.snapshot = { ...this.snapshot, ...next };
    for (const listener of this.listeners) listener();
  }

  /** Start-up: signed in with an access token; with only a refresh token, use the refresh grant first. */
  async start(): Promise<SessionStatus> {
    if (this.platform.accessToken()) {
      this.set({ status: 'signedIn' });
    } else {
      const token = (await this.platform.hasRefreshToken()) ? await this.refresh() : null;
      this.set({ status: token ? 'signedIn' : 'signedOut' });
    }
    return this.snapshot.status;
  }

  /** Password grant; then, without holding up the caller, load the user and register this install for push. */
  async signIn(username: string, password: string, otp?: string): Promise<void> {
    await this.platform.signIn(username, password, otp);
    this.userLoad = null;
    const generation = ++this.generation;
    this.set({ status: 'signedIn', user: null });
    const current = () => generation === this.generation;
    void this.loadUser()
      .then(async (user) => {
        const token = await this.installId(current);
        if (token && current()) await this.services.registerPush(user.id, token);
      })
      .catch(() => undefined); // failures were already shown as notices by the API client
  }

  /** One refresh at a time: the server rotates refresh tokens and treats a reused one as theft. */
  refresh(): Promise<string | null> {
    this.refreshing ??= this.platform
      .refresh()
      .then((token) => {
        if (token) this.set({ status: 'signedIn' });
        return token?.accessToken ?? null;
      })
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  /** The token for the next request: the stored one, or a refreshed one when it is missing or about to expire. */
  async accessToken(): Promise<string | null> {
    if (this.refreshing) return this.refreshing;
    const token = this.platform.accessToken();
    const expiresAt = token ? tokenExpiresAt(token) : null;
    const fresh = token && (expiresAt === null || expiresAt - EXPIRY_MARGIN_MS > Date.now());
    if (fresh) return token;
    if (!(await this.platform.hasRefreshToken())) return token;
    return (await this.refresh()) ?? token;
  }

  /** The token check (AppSettings), once per signed-in session. */
  loadUser(): Promise<CurrentUser> {
    this.userLoad ??= this.services.currentUser().then(
      (user) => {
        this.set({ user });
        return user;
      },
      (error: unknown) => {
        this.userLoad = null;
        throw error;
      },
    );
    return this.userLoad;
  }

  /**
   * Read the user (and their permissions) again, e.g. after a refusal says their role changed; the snapshot changes
   * only when the answer does. Nothing while signed out or while a read is under way.
   */
  async reloadUser(): Promise<void> {
    if (this.snapshot.status !== 'signedIn' || !this.snapshot.user || this.reloading) return;
    const generation = this.generation;
    this.reloading = true;
    try {
      const user = await this.services.currentUser();
      if (generation !== this.generation) return;
      if (JSON.stringify(user) !== JSON.stringify(this.snapshot.user)) {
        this.userLoad = Promise.resolve(user);
        this.set({ user });
      }
    } finally {
      this.reloading = false;
    }
  }

  /**
   * Logout (spec section 4): remove the push registration and revoke the token, then wipe both
   * cookies and all local storage. The push registration goes first because it needs a valid
   * bearer token. Whatever fails, the local session is gone afterwards; the first failure is rethrown.
   */
  async signOut(): Promise<void> {
    this.generation += 1;
    const user = this.snapshot.user;
    let failure: unknown = null;
    try {
      if (user) await this.services.unregisterPush(user.id);
    } catch (error) {
      failure = error;
    }
    try {
      await this.platform.signOut();
    } catch (error) {
      failure ??= error;
    }
    this.reset();
    if (failure) throw failure;
  }

  /** Clearing the token: both cookies and all local storage, no server call. */
  async clear(): Promise<void> {
    this.generation += 1;
    await this.platform.clear();
    this.reset();
  }

  private reset() {
    this.generation += 1;
    this.userLoad = null;
    this.set({ status: 'signedOut', user: null });
  }

  /** Push token of this install (see `registerPush` in ./services.ts for why it is generated here). */
  private async installId(stillCurrent: () => boolean): Promise<string | null> {
    const stored = await this.platform.getPreference(INSTALL_ID_KEY);
    if (typeof stored === 'string' && stored) return stored;
    if (!stillCurrent()) return null; // signed out meanwhile: do not write into the wiped storage
    const id = randomId();
    await this.platform.setPreference(INSTALL_ID_KEY, id);
    return id;
  }
}
