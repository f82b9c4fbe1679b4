/**
 * Auto-update as a small state machine over electron-updater's events:
 * idle → checking → available → downloading → downloaded, with error from anywhere.
 * Checks at start and every 4 hours, downloads in the background, and installs only when the
 * renderer says there is no unsaved work.
 */
import type { UpdateState } from '../../shared/ipc/contract';
import { DesktopError } from '../../shared/ipc/errors';

/** The part of electron-updater's `autoUpdater` used. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- electron's own listener signatures vary per event
type Listener = (...args: any[]) => void;
export interface AutoUpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  on(event: string, listener: Listener): unknown;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
}

export interface UpdaterDeps {
  autoUpdater: AutoUpdaterLike;
  onState: (state: UpdateState) => void;
  /** False in development (not packaged): electron-updater has no feed there, so stay idle. */
  enabled: boolean;
  intervalMs?: number;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
  /** Deferral of quitAndInstall so the IPC answer reaches the renderer first. */
  defer?: (fn: () => void) => void;
  now?: () => number;
  log?: (message: string) => void;
}

export const UPDATE_INTERVAL_MS = 4 * 60 * 60 * 1000;

export function createUpdater(deps: UpdaterDeps) {
  const now = deps.now ?? Date.now;
  const defer = deps.defer ?? ((fn) => setTimeout(fn, 100));
  const { autoUpdater } = deps;
  let state: UpdateState = { status: 'idle', version: null, percent: null, error: null, checkedAt: null };
  let timer: unknown = null;

  const set = (patch: Partial<UpdateState>) => {
    state = { ...state, ...patch };
    deps.onState(state);
  };

  autoUpdater.autoDownload = true;
  autoUpdater.autoInstallOnAppQuit = true;
  autoUpdater.on('checking-for-update', () => set({ status: 'checking', error: null }));
  autoUpdater.on('update-not-available', () => set({ status: 'idle', version: null, percent: null, checkedAt: now() }));
  autoUpdater.on('update-available', (info: { version: string }) =>
    set({ status: 'available', version: info.version, percent: 0, checkedAt: now() }),
  );
  autoUpdater.on('download-progress', (progress: { percent: number }) =>
    set({ status: 'downloading', percent: Math.min(100, Math.max(0, progress.percent)) }),
  );
  autoUpdater.on('update-downloaded', (event: { version: string }) => set({ status: 'downloaded', version: event.version, percent: 100 }));
  autoUpdater.on('error', (error: Error) => {
    deps.log?.(`update failed: ${error?.message}`);
    // A failed later check must not hide an update that is already downloaded and ready.
    if (state.status !== 'downloaded') set({ status: 'error', error: error?.message ?? String(error), checkedAt: now() });
  });

  const check = async (): Promise<UpdateState> => {
    if (!deps.enabled) return state;
    if (state.status === 'checking' || state.status === 'downloading' || state.status === 'downloaded') return state;
    try {
      await autoUpdater.checkForUpdates();
      // checkForUpdates may answer null without a verdict event (updater inactive): don't stay "checking".
      if ((state as UpdateState).status === 'checking') set({ status: 'idle', checkedAt: now() });
    } catch (error) {
      if (state.status !== 'error') set({ status: 'error', error: (error as Error).message, checkedAt: now() });
    }
    return state;
  };

  return {
    getState: () => state,
    check,
    /** First check now, then every 4 hours. */
    start() {
      if (!deps.enabled || timer !== null) return;
      void check();
      timer = (deps.setInterval ?? setInterval)(() => void check(), deps.intervalMs ?? UPDATE_INTERVAL_MS);
    },
    stop() {
      if (timer !== null) (deps.clearInterval ?? ((h) => clearInterval(h as NodeJS.Timeout)))(timer);
      timer = null;
    },
    restart(hasUnsavedWork: boolean): { restarting: boolean } {
      if (state.status !== 'downloaded') throw new DesktopError('conflict', 'Chưa có bản cập nhật nào được tải xong.');
      if (hasUnsavedWork) return { restarting: false };
      defer(() => autoUpdater.quitAndInstall(false, true));
      return { restarting: true };
    },
  };
}
export type Updater = ReturnType<typeof createUpdater>;
