import { describe, expect, it, vi } from 'vitest';
import { channelOf, contract, contractEvents, contractMethods, eventChannelOf } from '../../../shared/ipc/contract';
import { decodeDesktopError, DesktopError } from '../../../shared/ipc/errors';
import { eventNames, methodNames } from '../../../shared/ipc/shape';
import { eventSender, originOf, registerHandlers, type Handlers } from '../../../main/ipc/register';
import { createHandlers } from '../../../main/handlers';
import { desktopOver, fakeIpcMain, testPreferences } from './fakes';

/** Handlers whose every method records its call and answers something valid for its contract. */
function recordingHandlers(overrides: Partial<Record<string, (input: unknown) => unknown>> = {}) {
  const calls: Array<[string, unknown]> = [];
  const item = {
    id: 'u1', path: '/tmp/a.txt', name: 'a.txt', folderId: 0, state: 'queued', bytesSent: 0, totalBytes: 1,
    speed: 0, remainingSeconds: null, error: null, file: null,
  } as const;
  const state = { status: 'idle', version: null, percent: null, error: null, checkedAt: null } as const;
  const profile = testPreferences().getProfile();
  const answers: Record<string, unknown> = {
    'auth.signIn': { accessToken: 'a', expiresIn: 900 }, 'auth.refresh': null, 'auth.hasSession': false,
    'auth.signOut': undefined, 'auth.clear': undefined,
    'settings.get': 'dark', 'settings.set': undefined, 'settings.getProfile': profile, 'settings.setProfile': profile,
    'settings.listPresets': [profile],
    'uploads.enqueue': [item], 'uploads.pause': item, 'uploads.resume': item, 'uploads.cancel': item, 'uploads.list': [item],
    'uploads.clearFinished': undefined,
    'updates.getState': state, 'updates.check': state, 'updates.restart': { restarting: false },
    'files.openDialog': ['/tmp/a.txt'],
    'app.info': { name: 'Sitedesk', version: '0.1.0', platform: 'linux', packaged: false }, 'app.openExternal': undefined,
    'app.pendingRoute': null, 'notifications.show': { shown: true }, 'notifications.setBadge': undefined,
  };
  const handlers: Record<string, Record<string, (input: unknown) => unknown>> = {};
  for (const [service, method] of contractMethods()) {
    const key = `${service}.${method}`;
    handlers[service] ??= {};
    handlers[service][method] = (input) => {
      calls.push([key, input]);
      return overrides[key] ? overrides[key](input) : answers[key];
    };
  }
  return { handlers: handlers as unknown as Handlers, calls, answers };
}

describe('IPC contract', () => {
  it('lists the same methods and events in the zod contract and in the preload name list', () => {
    const fromContract = Object.fromEntries(Object.entries(contract).map(([s, m]) => [s, Object.keys(m)]));
    expect(methodNames).toEqual(fromContract);
    const eventsFromContract = Object.fromEntries(Object.entries(contractEvents).map(([s, e]) => [s, Object.keys(e)]));
    expect(eventNames).toEqual(eventsFromContract);
  });

  it('keeps the auth and settings methods the renderer relies on', () => {
    expect(Object.keys(contract.auth)).toEqual(expect.arrayContaining(['signIn', 'refresh', 'hasSession', 'signOut', 'clear']));
    expect(Object.keys(contract.settings)).toEqual(expect.arrayContaining(['get', 'set']));
  });
});

describe('registerHandlers', () => {
  it('registers one channel per contract method, from the real handler set', () => {
    const ipc = fakeIpcMain();
    const real = createHandlers({
      session: {} as never, preferences: testPreferences(), uploads: {} as never, updater: {} as never,
      notifier: {} as never, navigator: {} as never,
      openFiles: async () => [], openExternal: async () => undefined,
      appInfo: () => ({ name: 'Sitedesk', version: '0', platform: 'linux', packaged: false }),
    });
    const channels = registerHandlers(ipc, real, { allowedOrigins: ['app://sitedesk'] });
    expect(channels.sort()).toEqual(contractMethods().map(([s, m]) => channelOf(s, m)).sort());
    expect([...ipc.handlers.keys()].sort()).toEqual(channels);
  });

  it('refuses to start when a contract method has no handler', () => {
    const { handlers } = recordingHandlers();
    delete (handlers.uploads as Record<string, unknown>).cancel;
    expect(() => registerHandlers(fakeIpcMain(), handlers, { allowedOrigins: ['app://sitedesk'] })).toThrow('uploads.cancel');
  });

  it('answers a call from the console and hands the validated payload to the handler', async () => {
    const ipc = fakeIpcMain();
    const { handlers, calls } = recordingHandlers();
    registerHandlers(ipc, handlers, { allowedOrigins: ['app://sitedesk'] });
    const answer = await ipc.call(channelOf('auth', 'signIn'), { username: 'admin', password: 'Admin@123' });
    expect(answer).toEqual({ ok: true, value: { accessToken: 'a', expiresIn: 900 } });
    expect(calls).toEqual([['auth.signIn', { username: 'admin', password: 'Admin@123' }]]);
  });

  it.each([
    ['https://evil.example/', 'a web page'],
    ['file:///home/user/page.html', 'a local file'],
    ['app://other/index.html', 'another app:// host'],
    ['http://127.0.0.1:5080/', 'the API server origin'],
    [null, 'a destroyed frame'],
  ] as Array<[string | null, string]>)('refuses a call from %s (%s) without running the handler', async (url) => {
    const ipc = fakeIpcMain();
    const { handlers, calls } = recordingHandlers();
    registerHandlers(ipc, handlers, { allowedOrigins: ['app://sitedesk'] });
    const answer = await ipc.call(channelOf('auth', 'refresh'), undefined, url);
    expect(answer).toEqual({ ok: false, error: { code: 'forbidden', message: expect.any(String) } });
    expect(calls).toEqual([]);
  });

  it.each([
    ['auth', 'signIn', { username: '', password: 'x' }],
    ['auth', 'signIn', 'admin'],
    ['auth', 'refresh', { extra: true }],
    ['uploads', 'enqueue', { paths: [], folderId: 0 }],
    ['uploads', 'enqueue', { paths: ['/a'], folderId: -1 }],
    ['uploads', 'pause', { id: 42 }],
    ['settings', 'setProfile', { name: 'x', auth: 'file:///etc/passwd', core: 'http://a', push: 'http://a', api: 'http://a', his: 'http://a' }],
    ['app', 'openExternal', { url: 'javascript:alert(1)' }],
    ['updates', 'restart', {}],
    ['notifications', 'show', { id: 1, title: 'Lịch hẹn mới', body: '', route: 'https://evil.example/' }],
    ['notifications', 'show', { id: 1, title: 'Lịch hẹn mới', body: '', route: '//evil.example/x' }],
    ['notifications', 'show', { id: 1, title: 'Lịch hẹn mới', body: '', route: 'javascript:alert(1)' }],
    ['notifications', 'show', { id: 1, title: '', body: '', route: '/news/1' }],
    ['notifications', 'show', { id: 1, title: 'x', body: '', route: '/news/1', icon: '/etc/passwd' }],
    ['notifications', 'setBadge', -1],
    ['notifications', 'setBadge', 1.5],
    ['notifications', 'setBadge', '3'],
  ])('refuses a bad payload for %s.%s', async (service, method, payload) => {
    const ipc = fakeIpcMain();
    const { handlers, calls } = recordingHandlers();
    registerHandlers(ipc, handlers, { allowedOrigins: ['app://sitedesk'] });
    const answer = (await ipc.call(channelOf(service, method), payload)) as { ok: boolean; error: { code: string } };
    expect(answer.ok).toBe(false);
    expect(answer.error.code).toBe('invalid_input');
    expect(calls).toEqual([]);
  });

  it('turns a DesktopError into its code and any other failure into internal', async () => {
    const ipc = fakeIpcMain();
    const log = vi.fn();
    const { handlers } = recordingHandlers({
      'auth.signIn': () => {
        throw new DesktopError('unauthorized', 'Tên đăng nhập hoặc mật khẩu không đúng');
      },
      'auth.refresh': async () => {
        throw new TypeError('boom');
      },
    });
    registerHandlers(ipc, handlers, { allowedOrigins: ['app://sitedesk'], log });
    expect(await ipc.call(channelOf('auth', 'signIn'), { username: 'a', password: 'b' })).toEqual({
      ok: false,
      error: { code: 'unauthorized', message: 'Tên đăng nhập hoặc mật khẩu không đúng' },
    });
    expect(await ipc.call(channelOf('auth', 'refresh'), undefined)).toEqual({ ok: false, error: { code: 'internal', message: 'boom' } });
    expect(log).toHaveBeenCalled();
  });

  it('refuses to answer what breaks its own contract', async () => {
    const ipc = fakeIpcMain();
    const { handlers } = recordingHandlers({ 'auth.hasSession': () => 'yes' });
    registerHandlers(ipc, handlers, { allowedOrigins: ['app://sitedesk'] });
    expect(await ipc.call(channelOf('auth', 'hasSession'), undefined)).toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('derives the origin of custom standard schemes', () => {
    expect(originOf('app://sitedesk/index.html#/news')).toBe('app://sitedesk');
    expect(originOf('http://localhost:5173/x')).toBe('http://localhost:5173');
    expect(originOf('not a url')).toBeNull();
  });
});

describe('window.desktop (preload bridge)', () => {
  it('exposes exactly the contract: services, methods, on for events, files.pathForFile; no ipcRenderer', () => {
    const { api } = desktopOver(fakeIpcMain());
    const shape = Object.fromEntries(Object.entries(api).map(([s, m]) => [s, Object.keys(m).sort()]));
    const expected = Object.fromEntries(
      Object.entries(methodNames).map(([s, m]) => [
        s,
        [...m, ...(s in eventNames ? ['on'] : []), ...(s === 'files' ? ['pathForFile'] : [])].sort(),
      ]),
    );
    expect(shape).toEqual(expected);
    expect(JSON.stringify(Object.keys(api))).not.toMatch(/ipc/i);
  });

  it('returns values and throws errors whose code the renderer can read', async () => {
    const ipc = fakeIpcMain();
    const { handlers } = recordingHandlers({
      'uploads.pause': () => {
        throw new DesktopError('not_found', 'Không có tệp tải lên với mã x.');
      },
    });
    registerHandlers(ipc, handlers, { allowedOrigins: ['app://sitedesk'] });
    const { api } = desktopOver(ipc);
    expect(await api.auth.hasSession()).toBe(false);
    expect(await api.settings.get({ key: 'theme' })).toBe('dark');
    const error = await api.uploads.pause({ id: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(decodeDesktopError(error)).toEqual({ code: 'not_found', message: 'Không có tệp tải lên với mã x.' });
    // contextBridge may prefix what it re-throws; the code still reads.
    expect(decodeDesktopError(new Error(`Error invoking remote method: Error: ${(error as Error).message}`)).code).toBe('not_found');
    expect(decodeDesktopError(new Error('plain'))).toEqual({ code: 'internal', message: 'plain' });
  });

  it('a page on a foreign origin gets forbidden errors', async () => {
    const ipc = fakeIpcMain();
    registerHandlers(ipc, recordingHandlers().handlers, { allowedOrigins: ['app://sitedesk'] });
    const { api } = desktopOver(ipc, 'https://evil.example/');
    expect(decodeDesktopError(await api.auth.refresh().catch((e: unknown) => e)).code).toBe('forbidden');
  });

  it('delivers events to subscribers without the ipc event, until they unsubscribe', () => {
    const { api, emit } = desktopOver(fakeIpcMain());
    const seen: unknown[] = [];
    const off = api.updates.on('state', (state) => seen.push(state));
    emit(eventChannelOf('updates', 'state'), { status: 'checking' });
    off();
    emit(eventChannelOf('updates', 'state'), { status: 'idle' });
    expect(seen).toEqual([{ status: 'checking' }]);
    expect(() => (api.uploads.on as (e: string, l: () => void) => void)('nope', () => undefined)).toThrow('Unknown event');
  });

  it('answers dropped file paths from preload', () => {
    const { api } = desktopOver(fakeIpcMain());
    expect(api.files.pathForFile({ name: 'a.png', size: 3 })).toBe('/dropped/a.png');
  });
});

describe('eventSender', () => {
  it('sends validated payloads to a live page and nothing to a closed one', () => {
    const sent: Array<[string, unknown]> = [];
    let destroyed = false;
    const send = eventSender(() => ({ isDestroyed: () => destroyed, send: (c, p) => void sent.push([c, p]) }));
    const state = { status: 'downloaded', version: '1.2.0', percent: 100, error: null, checkedAt: 1 } as const;
    send('updates', 'state', state);
    expect(sent).toEqual([[eventChannelOf('updates', 'state'), state]]);
    expect(() => send('updates', 'state', { ...state, status: 'weird' } as never)).toThrow();
    destroyed = true;
    send('updates', 'state', state);
    expect(sent).toHaveLength(1);
  });
});
