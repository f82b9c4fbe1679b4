/** The contract's methods, implemented by the main-process modules. */
import type { Handlers } from './ipc/register';
import type { Session } from './auth/session';
import type { Preferences } from './preferences';
import type { UploadEngine } from './uploads/engine';
import type { Updater } from './updates/updater';
import type { Notifier } from './notifications/notifier';
import type { Navigator } from './links/navigator';

export interface HandlerDeps {
  session: Session;
  preferences: Preferences;
  uploads: UploadEngine;
  updater: Updater;
  notifier: Pick<Notifier, 'show' | 'setBadge'>;
  navigator: Pick<Navigator, 'takePending'>;
  /** Native open dialog: chosen paths, [] when cancelled. */
  openFiles: (options: { multiple: boolean; title?: string }) => Promise<string[]>;
  openExternal: (url: string) => Promise<void>;
  appInfo: () => { name: string; version: string; platform: string; packaged: boolean };
}

export function createHandlers(deps: HandlerDeps): Handlers {
  const { session, preferences, uploads, updater } = deps;
  return {
    auth: {
      signIn: ({ username, password, otp }) => session.signIn(username, password, otp),
      refresh: () => session.refresh(),
      hasSession: () => session.hasSession(),
      signOut: () => session.signOut(),
      clear: () => session.clear(),
    },
    settings: {
      get: ({ key }) => preferences.get(key),
      set: ({ key, value }) => preferences.set(key, value),
      getProfile: () => preferences.getProfile(),
      setProfile: (profile) => preferences.setProfile(profile),
      listPresets: () => preferences.listPresets(),
    },
    uploads: {
      enqueue: ({ paths, folderId }) => uploads.enqueue(paths, folderId),
      pause: ({ id }) => uploads.pause(id),
      resume: ({ id }) => uploads.resume(id),
      cancel: ({ id }) => uploads.cancel(id),
      list: () => uploads.list(),
      clearFinished: () => uploads.clearFinished(),
    },
    updates: {
      getState: () => updater.getState(),
      check: () => updater.check(),
      restart: ({ hasUnsavedWork }) => updater.restart(hasUnsavedWork),
    },
    files: {
      openDialog: (options) => deps.openFiles({ multiple: options?.multiple ?? true, title: options?.title }),
    },
    app: {
      info: () => deps.appInfo(),
      openExternal: ({ url }) => deps.openExternal(url),
      pendingRoute: () => deps.navigator.takePending(),
    },
    notifications: {
      show: (notification) => deps.notifier.show(notification),
      setBadge: (count) => deps.notifier.setBadge(count),
    },
  };
}
