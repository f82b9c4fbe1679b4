/**
 * The names of the contract's methods and events without its zod schemas, so the sandboxed
 * preload can build `window.desktop` without bundling zod. The types below refuse a name the
 * contract does not have; a unit test checks that nothing of the contract is missing.
 */
import type { Contract, ContractEvents } from './contract';

export const methodNames = {
  auth: ['signIn', 'refresh', 'hasSession', 'signOut', 'clear'],
  settings: ['get', 'set', 'getProfile', 'setProfile', 'listPresets'],
  uploads: ['enqueue', 'pause', 'resume', 'cancel', 'list', 'clearFinished'],
  updates: ['getState', 'check', 'restart'],
  files: ['openDialog'],
  app: ['info', 'openExternal', 'pendingRoute'],
  notifications: ['show', 'setBadge'],
} as const satisfies { [S in keyof Contract]: ReadonlyArray<keyof Contract[S]> };

export const eventNames = {
  uploads: ['progress'],
  updates: ['state'],
  app: ['navigate'],
} as const satisfies { [S in keyof ContractEvents]: ReadonlyArray<keyof ContractEvents[S]> };

/** Channel name of one method: one named invoke per method. */
export const channelOf = (service: string, method: string) => `desktop:${service}.${method}`;
/** Channel name of one event. */
export const eventChannelOf = (service: string, event: string) => `desktop:event:${service}.${event}`;
