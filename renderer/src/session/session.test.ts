import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserPlatform } from '../../platform/browser';
import { FakeAuthService } from '../../../tests/renderer/fakeAuthService';
import { Session, type SessionServices } from './session';
import { tokenExpiresAt } from './token';

function setup() {
  const auth = new FakeAuthService();
  const platform = createBrowserPlatform(auth.transport);
  const log: string[] = [];
  const services: SessionServices & { failUnregister: boolean } = {
    failUnregister: false,
    currentUser: async () => {
      log.push('appSettings');
      return { id: 7, userName: 'admin', fullName: 'Quản trị viên' };
    },
    registerPush: async (userId, token) => void log.push(`registerPush ${userId} ${token}`),
    unregisterPush: async (userId) => {
      log.push(`unregisterPush ${userId} revoked=${auth.revoked.length}`);
      if (services.failUnregister) throw new Error('push down');
    },
  };
  const session = new Session(platform, services);
  return { auth, platform, services, session, log };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  window.localStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('start-up (spec section 4)', () => {
  it('is signed out with nothing stored', async () => {
    const { session, auth } = setup();
    expect(await session.start()).toBe('signedOut');
    expect(auth.calls).toEqual([]);
  });

  it('is signed in with an access token, without calling the server', async () => {
    const first = setup();
    await first.session.signIn('admin', 'Admin@123');
    const { session, auth } = { session: new Session(first.platform, first.services), auth: first.auth };
    auth.calls = [];
    expect(await session.start()).toBe('signedIn');
    expect(auth.calls).toEqual([]);
  });

  it('uses the refresh grant when only the refresh token is left', async () => {
    const { session, auth } = setup();
    await session.signIn('admin', 'Admin@123');
    Cookies.remove('access_token', { path: '/' }); // its lifetime is over
    const restarted = new Session(createBrowserPlatform(auth.transport), { currentUser: vi.fn(), registerPush: vi.fn(), unregisterPush: vi.fn() });
    auth.calls = [];
    expect(await restarted.start()).toBe('signedIn');
    expect(auth.calls).toEqual(['refresh']);
    expect(Cookies.get('access_token')).toBe('access-2');
  });

  it('is signed out when the refresh token is refused', async () => {
    const { session, auth } = setup();
    await session.signIn('admin', 'Admin@123');
    Cookies.remove('access_token', { path: '/' });
    auth.liveRefreshTokens.clear();
    expect(await new Session(createBrowserPlatform(auth.transport), setup().services).start()).toBe('signedOut');
  });
});

describe('sign-in', () => {
  it('loads the user and registers this install for push, with a stable per-install token', async () => {
    const { session, log } = setup();
    await session.signIn('admin', 'Admin@123');
    await settle();
    expect(session.getSnapshot()).toMatchObject({ status: 'signedIn', user: { id: 7 } });
    expect(log[0]).toBe('appSettings');
    const [, userId, token] = log[1].split(' ');
    expect(userId).toBe('7');
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('stays signed out on a wrong password', async () => {
    const { session } = setup();
    await expect(session.signIn('admin', 'bad')).rejects.toThrow();
    expect(session.getSnapshot().status).not.toBe('signedIn');
  });
});

describe('access token for requests', () => {
  it('refreshes once for many concurrent requests (rotation treats a reused refresh token as theft)', async () => {
    const { session, auth } = setup();
    await session.signIn('admin', 'Admin@123');
    Cookies.remove('access_token', { path: '/' });
    auth.calls = [];
    const tokens = await Promise.all([session.accessToken(), session.accessToken(), session.accessToken()]);
    expect(tokens).toEqual(['access-2', 'access-2', 'access-2']);
    expect(auth.calls).toEqual(['refresh']);
  });

  it('refreshes a JWT shortly before it expires, not earlier', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { session, auth } = setup();
    auth.jwt = true;
    auth.expiresIn = 900;
    await session.signIn('admin', 'Admin@123');
    const first = await session.accessToken();
    expect(tokenExpiresAt(first!)).toBeGreaterThan(Date.now());
    vi.setSystemTime(Date.now() + 800_000);
    expect(await session.accessToken()).toBe(first);
    vi.setSystemTime(Date.now() + 80_000); // 20 s left: inside the margin
    const second = await session.accessToken();
    expect(second).not.toBe(first);
    expect(auth.calls).toEqual(['password', 'refresh']);
  });

  it('sends no token when signed out', async () => {
    const { session } = setup();
    expect(await session.accessToken()).toBeNull();
  });
});

describe('logout (spec section 4)', () => {
  it('removes the push registration while the token is still valid, revokes, wipes everything', async () => {
    const { session, auth, log } = setup();
    await session.signIn('admin', 'Admin@123');
    await settle();
    window.localStorage.setItem('sitedesk:theme', '"light"');
    await session.signOut();
    expect(log).toContain('unregisterPush 7 revoked=0');
    expect(auth.revoked).toEqual(['refresh-1']);
    expect(Cookies.get()).toEqual({});
    expect(window.localStorage.length).toBe(0);
    expect(session.getSnapshot()).toEqual({ status: 'signedOut', user: null });
  });

  it('wipes the session even when removing the push registration fails, then reports it', async () => {
    const { session, services, auth } = setup();
    await session.signIn('admin', 'Admin@123');
    await settle();
    services.failUnregister = true;
    await expect(session.signOut()).rejects.toThrow('push down');
    expect(auth.revoked).toEqual(['refresh-1']);
    expect(Cookies.get()).toEqual({});
    expect(session.getSnapshot().status).toBe('signedOut');
  });

  it('clearing the token wipes both cookies and local storage without calling the server', async () => {
    const { session, auth } = setup();
    await session.signIn('admin', 'Admin@123');
    window.localStorage.setItem('x', '1');
    auth.calls = [];
    await session.clear();
    expect(auth.calls).toEqual([]);
    expect(Cookies.get()).toEqual({});
    expect(window.localStorage.length).toBe(0);
  });
});

describe('permissions (issue 39)', () => {
  it('reads the user and their permissions again after a refusal, and changes the snapshot only when they changed', async () => {
    const { session, services } = setup();
    await session.signIn('admin', 'Admin@123');
    await settle();
    const first = session.getSnapshot().user;
    await session.reloadUser();
    expect(session.getSnapshot().user).toBe(first);
    services.currentUser = async () => ({ id: 7, userName: 'admin', permissions: { isAdmin: false, websites: {} } });
    await session.reloadUser();
    expect(session.getSnapshot().user?.permissions).toEqual({ isAdmin: false, websites: {} });
  });

  it('reads nothing while signed out', async () => {
    const { session, log } = setup();
    await session.reloadUser();
    expect(log).toEqual([]);
  });
});
