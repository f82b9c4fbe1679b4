import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_COOKIE, createBrowserPlatform, REFRESH_COOKIE } from './browser';
import { DesktopError } from '../../shared/ipc/errors';
import { createDesktopPlatform } from './desktop';
import { FakeAuthService } from '../../tests/renderer/fakeAuthService';
import type { Platform } from './types';

interface Subject {
  platform: Platform;
  auth: FakeAuthService;
  /** Make an update ready to install, where there can be one (desktop: main has downloaded it). */
  offerUpdate(): void;
}

const implementations: [string, () => Subject][] = [
  [
    'browser',
    () => {
      const auth = new FakeAuthService();
      return { auth, platform: createBrowserPlatform(auth.transport), offerUpdate: () => undefined };
    },
  ],
  [
    'desktop',
    () => {
      const auth = new FakeAuthService();
      const desktop = auth.desktop();
      return {
        auth,
        platform: createDesktopPlatform(desktop),
        offerUpdate: () => desktop.emitUpdate({ status: 'downloaded', version: '2.0.0', percent: 100 }),
      };
    },
  ],
];

function wipeBrowserState() {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  window.localStorage.clear();
}

// One behaviour, two implementations: screens must not be able to tell them apart.
describe.each(implementations)('%s platform', (_name, make) => {
  let platform: Platform;
  let auth: FakeAuthService;
  let subject: Subject;

  beforeEach(() => {
    wipeBrowserState();
    subject = make();
    ({ platform, auth } = subject);
  });
  afterEach(() => vi.useRealTimers());

  it('starts without a session', async () => {
    expect(platform.accessToken()).toBeNull();
    expect(await platform.hasRefreshToken()).toBe(false);
    expect(await platform.refresh()).toBeNull();
  });

  it('signs in and keeps both tokens', async () => {
    const token = await platform.signIn('admin', 'Admin@123');
    expect(token).toEqual({ accessToken: 'access-1', expiresIn: 900 });
    expect(platform.accessToken()).toBe('access-1');
    expect(await platform.hasRefreshToken()).toBe(true);
  });

  it('rejects a wrong password and stores nothing', async () => {
    await expect(platform.signIn('admin', 'nope')).rejects.toThrow('Invalid username or password');
    expect(platform.accessToken()).toBeNull();
    expect(await platform.hasRefreshToken()).toBe(false);
  });

  it('refreshes with the stored refresh token, which the server rotates', async () => {
    await platform.signIn('admin', 'Admin@123');
    const next = await platform.refresh();
    expect(next?.accessToken).toBe('access-2');
    expect(platform.accessToken()).toBe('access-2');
    // The rotated token is the one kept: a second refresh works too.
    expect((await platform.refresh())?.accessToken).toBe('access-3');
  });

  it('forgets a refresh token the server refuses', async () => {
    await platform.signIn('admin', 'Admin@123');
    auth.liveRefreshTokens.clear(); // e.g. revoked from another device
    expect(await platform.refresh()).toBeNull();
    expect(await platform.hasRefreshToken()).toBe(false);
  });

  it('drops the access token when its lifetime is over', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    auth.expiresIn = 60;
    await platform.signIn('admin', 'Admin@123');
    vi.setSystemTime(Date.now() + 59_000);
    expect(platform.accessToken()).toBe('access-1');
    vi.setSystemTime(Date.now() + 2_000);
    expect(platform.accessToken()).toBeNull();
    expect(await platform.hasRefreshToken()).toBe(true);
  });

  it('signs out: revokes on the server, forgets the tokens, wipes local storage', async () => {
    await platform.signIn('admin', 'Admin@123');
    window.localStorage.setItem('anything', 'x');
    await platform.signOut();
    expect(auth.revoked).toEqual(['refresh-1']);
    expect(platform.accessToken()).toBeNull();
    expect(await platform.hasRefreshToken()).toBe(false);
    expect(window.localStorage.length).toBe(0);
  });

  it('still wipes the session when revoking fails, and reports the failure', async () => {
    await platform.signIn('admin', 'Admin@123');
    window.localStorage.setItem('anything', 'x');
    auth.failRevoke = true;
    await expect(platform.signOut()).rejects.toThrow('Network Error');
    expect(platform.accessToken()).toBeNull();
    expect(await platform.hasRefreshToken()).toBe(false);
    expect(window.localStorage.length).toBe(0);
  });

  it('clears without calling the server', async () => {
    await platform.signIn('admin', 'Admin@123');
    auth.calls = [];
    await platform.clear();
    expect(auth.calls).toEqual([]);
    expect(platform.accessToken()).toBeNull();
    expect(await platform.hasRefreshToken()).toBe(false);
  });

  it('has no update to install at first, and a stable state snapshot', async () => {
    const seen: string[] = [];
    const unsubscribe = platform.updates.subscribe(() => seen.push(platform.updates.state().status));
    await Promise.resolve();
    expect(platform.updates.state().status).toBe('idle');
    expect(platform.updates.state()).toBe(platform.updates.state());
    expect((await platform.updates.check()).status).toBe('idle');
    unsubscribe();
    expect(seen.every((status) => status === 'idle')).toBe(true);
  });

  it('never restarts for an update over unsaved work', async () => {
    const unsubscribe = platform.updates.subscribe(() => undefined);
    subject.offerUpdate();
    expect(await platform.updates.restart(true)).toEqual({ restarting: false });
    unsubscribe();
  });

  it('answers the service bases in use as absolute http(s) URLs, among them one of the presets', async () => {
    const current = await platform.environment.current();
    for (const service of ['auth', 'core', 'push', 'api', 'his'] as const) expect(current[service]).toMatch(/^https?:\/\/[^/]+\/\w+$/);
    const presets = await platform.environment.presets();
    expect(presets.map((p) => p.name)).toContain(current.name);
  });

  it('keeps preferences', async () => {
    expect(await platform.getPreference('theme')).toBeUndefined();
    await platform.setPreference('theme', 'light');
    await platform.setPreference('websiteId', 2);
    expect(await platform.getPreference('theme')).toBe('light');
    expect(await platform.getPreference('websiteId')).toBe(2);
  });
});

describe('browser platform specifics', () => {
  beforeEach(wipeBrowserState);

  it('keeps the access token in a cookie and the refresh token in a second one; sign-out removes both', async () => {
    const auth = new FakeAuthService();
    const platform = createBrowserPlatform(auth.transport);
    await platform.signIn('admin', 'Admin@123');
    expect(Cookies.get(ACCESS_COOKIE)).toBe('access-1');
    expect(Cookies.get(REFRESH_COOKIE)).toBe('refresh-1');
    await platform.signOut();
    expect(Cookies.get()).toEqual({});
  });

  it('survives a reload: a new adapter finds the session in the cookies', async () => {
    const auth = new FakeAuthService();
    await createBrowserPlatform(auth.transport).signIn('admin', 'Admin@123');
    const reloaded = createBrowserPlatform(auth.transport);
    expect(reloaded.accessToken()).toBe('access-1');
    expect(await reloaded.hasRefreshToken()).toBe(true);
    expect(reloaded.historyMode).toBe('browser');
    expect(await reloaded.serviceBases()).toBeNull();
  });

  it('shows the services of the serving origin, read-only; no app info, no update ever', async () => {
    const platform = createBrowserPlatform(new FakeAuthService().transport);
    const origin = window.location.origin;
    expect(platform.environment.editable).toBe(false);
    expect(await platform.environment.current()).toMatchObject({ auth: `${origin}/auth`, api: `${origin}/api`, his: `${origin}/his` });
    await expect(platform.environment.save({ ...(await platform.environment.current()), api: 'https://elsewhere.example/api' })).rejects.toThrow();
    expect(await platform.appInfo()).toBeNull();
    expect(await platform.updates.restart(false)).toEqual({ restarting: false });
  });
});

describe('desktop platform specifics', () => {
  beforeEach(wipeBrowserState);

  it('never lets the refresh token into the page', async () => {
    const auth = new FakeAuthService();
    const desktop = auth.desktop();
    const platform = createDesktopPlatform(desktop);
    await platform.signIn('admin', 'Admin@123');
    expect(desktop.mainState.refreshToken).toBe('refresh-1');
    expect(document.cookie).toBe('');
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('refresh-1');
    expect(platform.historyMode).toBe('hash');
  });

  it('stores preferences in main and takes service bases from the environment profile', async () => {
    const auth = new FakeAuthService();
    const desktop = auth.desktop();
    const platform = createDesktopPlatform(desktop);
    await platform.setPreference('theme', 'ocean');
    expect(desktop.mainState.settings.get('theme')).toBe('ocean');
    expect(window.localStorage.length).toBe(0);
    expect(await platform.serviceBases()).toEqual({
      auth: 'http://127.0.0.1:5080/auth',
      core: 'http://127.0.0.1:5080/core',
      push: 'http://127.0.0.1:5080/push',
      api: 'http://127.0.0.1:5080/api',
      his: 'http://127.0.0.1:5080/his',
    });
  });

  it('shows main\'s refusals without the bridge\'s [code] prefix', async () => {
    const platform = createDesktopPlatform(new FakeAuthService().desktop());
    const failure = await platform.signIn('admin', 'nope').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DesktopError);
    expect(failure).toMatchObject({ code: 'unauthorized', message: 'Invalid username or password' });
    // Restarting with nothing downloaded is refused by main (conflict).
    await expect(platform.updates.restart(false)).rejects.toMatchObject({ code: 'conflict', message: 'Chưa có bản cập nhật nào được tải xong.' });
  });

  it("follows main's updater: progress while downloading, then a restart that main performs only without unsaved work", async () => {
    const desktop = new FakeAuthService().desktop();
    desktop.mainState.update = { status: 'downloading', version: '2.0.0', percent: 10, error: null, checkedAt: 1 };
    const platform = createDesktopPlatform(desktop);
    const seen: Array<[string, number | null]> = [];
    platform.updates.subscribe(() => seen.push([platform.updates.state().status, platform.updates.state().percent]));
    await vi.waitFor(() => expect(platform.updates.state().percent).toBe(10));
    desktop.emitUpdate({ percent: 55 });
    desktop.emitUpdate({ status: 'downloaded', percent: 100 });
    expect(seen).toEqual([
      ['downloading', 10],
      ['downloading', 55],
      ['downloaded', 100],
    ]);
    expect(platform.updates.state().version).toBe('2.0.0');
    expect(await platform.updates.restart(true)).toEqual({ restarting: false });
    expect(await platform.updates.restart(false)).toEqual({ restarting: true });
    expect(desktop.mainState.restarts).toEqual([true, false]);
  });

  it('opens the routes main asks for: the one that waited for the page, then each one sent', async () => {
    const desktop = new FakeAuthService().desktop();
    desktop.mainState.pendingRoute = '/news/12?website=1';
    const platform = createDesktopPlatform(desktop);
    const routes: string[] = [];
    const off = platform.onNavigate((route) => routes.push(route));
    await vi.waitFor(() => expect(routes).toEqual(['/news/12?website=1']));
    desktop.emitNavigate('/booking/7?website=2');
    off();
    desktop.emitNavigate('/feedback/1?website=1');
    expect(routes).toEqual(['/news/12?website=1', '/booking/7?website=2']);
    expect(desktop.mainState.pendingRoute).toBeNull();
  });

  it('edits the environment profile in main: presets, a hand-edited preset kept as custom, app info', async () => {
    const desktop = new FakeAuthService().desktop();
    const platform = createDesktopPlatform(desktop);
    expect(platform.environment.editable).toBe(true);
    expect((await platform.environment.presets()).map((p) => p.name)).toEqual(['local', 'staging', 'production']);
    const staging = (await platform.environment.presets())[1];
    expect(await platform.environment.save(staging)).toEqual(staging);
    const edited = await platform.environment.save({ ...staging, api: 'https://api.example.com/api' });
    expect(edited.name).toBe('custom');
    expect(await platform.environment.current()).toEqual(edited);
    expect(await platform.serviceBases()).toMatchObject({ api: 'https://api.example.com/api', auth: staging.auth });
    expect(await platform.appInfo()).toEqual({ name: 'Sitedesk', version: '1.2.3', platform: 'linux', packaged: true });
  });
});
