import type { DesktopApi, UpdateState } from '../../shared/ipc/contract';
import { desktopCall } from './desktopCall';
import type { PlatformUpdates } from './types';

export const IDLE_UPDATE_STATE: UpdateState = Object.freeze({ status: 'idle', version: null, percent: null, error: null, checkedAt: null });

/** Browser: the server hands out the newest console on every load, so there is never an update to install. */
export function createBrowserUpdates(): PlatformUpdates {
  return {
    state: () => IDLE_UPDATE_STATE,
    subscribe: () => () => undefined,
    check: async () => IDLE_UPDATE_STATE,
    restart: async () => ({ restarting: false }),
  };
}

/**
 * Desktop: main's updater state (`updates.*` of the contract), followed through its `state` event.
 * Nothing is asked of main until someone looks (first `subscribe`).
 */
export function createDesktopUpdates(desktop: DesktopApi): PlatformUpdates {
  let snapshot = IDLE_UPDATE_STATE;
  let started = false;
  let heard = false;
  const listeners = new Set<() => void>();
  const set = (next: UpdateState) => {
    snapshot = next;
    listeners.forEach((listener) => listener());
  };
  const start = () => {
    if (started) return;
    started = true;
    desktop.updates.on('state', (state) => {
      heard = true;
      set(state);
    });
    // An event that arrives while this is on its way is newer than its answer.
    desktop.updates.getState().then(
      (state) => heard || set(state),
      () => undefined,
    );
  };

  return {
    state: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      start();
      return () => listeners.delete(listener);
    },
    async check() {
      const state = await desktopCall(() => desktop.updates.check());
      set(state);
      return state;
    },
    restart: (hasUnsavedWork) => desktopCall(() => desktop.updates.restart({ hasUnsavedWork })),
  };
}
