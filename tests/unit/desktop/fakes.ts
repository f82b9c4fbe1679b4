// Fakes of the few electron / environment pieces the main-process modules take as parameters.
import { createPreferences, type KeyValueStore } from '../../../main/preferences';
import type { Handlers, IpcMainLike, InvokeEventLike } from '../../../main/ipc/register';
import { buildDesktopApi } from '../../../preload/bridge';

/** electron-store stand-in: a plain map. */
export function memoryKeyValueStore(initial: Record<string, unknown> = {}): KeyValueStore & { data: Map<string, unknown> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get: (key) => structuredClone(data.get(key)),
    set: (key, value) => void data.set(key, structuredClone(value)),
    delete: (key) => void data.delete(key),
  };
}

export const testPreferences = (serverUrl = 'http://127.0.0.1:5080') =>
  createPreferences(memoryKeyValueStore(), { servers: serverUrl, defaultProfile: 'local' });

type Listener = (event: InvokeEventLike, payload: unknown) => Promise<unknown>;

/** ipcMain stand-in that lets a test call a channel as a given page URL would. */
export function fakeIpcMain(): IpcMainLike & { handlers: Map<string, Listener>; call(channel: string, payload: unknown, url?: string | null): Promise<unknown> } {
  const handlers = new Map<string, Listener>();
  return {
    handlers,
    handle(channel, listener) {
      if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      handlers.set(channel, listener);
    },
    call(channel, payload, url = 'app://sitedesk/index.html') {
      const handler = handlers.get(channel);
      if (!handler) throw new Error(`No handler registered for '${channel}'`);
      // Electron structured-clones payloads both ways; so do we, to catch anything that would not survive.
      return handler({ senderFrame: url === null ? null : { url } }, structuredClone(payload)).then((v) => structuredClone(v));
    },
  };
}

/** window.desktop as the page would get it, wired through a fake ipcMain to real handlers. */
export function desktopOver(ipc: ReturnType<typeof fakeIpcMain>, pageUrl = 'app://sitedesk/index.html') {
  const listeners = new Map<string, Set<(event: unknown, payload: unknown) => void>>();
  const api = buildDesktopApi({
    invoke: (channel, payload) => ipc.call(channel, payload, pageUrl),
    on: (channel, listener) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(listener);
    },
    removeListener: (channel, listener) => void listeners.get(channel)?.delete(listener),
    pathForFile: (file) => `/dropped/${file.name}`,
  });
  const emit = (channel: string, payload: unknown) => {
    for (const listener of listeners.get(channel) ?? []) listener({ sender: 'ipcRenderer-would-be-here' }, payload);
  };
  return { api, emit, listeners };
}

export type { Handlers };
