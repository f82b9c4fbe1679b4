import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createUpdater, UPDATE_INTERVAL_MS } from '../../../main/updates/updater';
import type { UpdateState } from '../../../shared/ipc/contract';

/** electron-updater's autoUpdater as far as the state machine sees it; the test plays the feed. */
class FakeAutoUpdater extends EventEmitter {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  checks = 0;
  installs: Array<[boolean | undefined, boolean | undefined]> = [];
  next: (() => void) | null = null;
  fail: Error | null = null;
  async checkForUpdates() {
    this.checks++;
    this.emit('checking-for-update');
    if (this.fail) {
      this.emit('error', this.fail);
      throw this.fail;
    }
    this.next?.();
    return null;
  }
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean) {
    this.installs.push([isSilent, isForceRunAfter]);
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

function setup(enabled = true) {
  const autoUpdater = new FakeAutoUpdater();
  const states: UpdateState[] = [];
  let tick: (() => void) | null = null;
  let interval = 0;
  const deferred: Array<() => void> = [];
  const updater = createUpdater({
    autoUpdater,
    enabled,
    onState: (s) => states.push(s),
    setInterval: (fn, ms) => {
      tick = fn;
      interval = ms;
      return 1;
    },
    clearInterval: () => {
      tick = null;
    },
    defer: (fn) => deferred.push(fn),
    now: () => 1_000,
  });
  return { autoUpdater, states, updater, tick: () => tick?.(), interval: () => interval, deferred };
}

describe('update state machine', () => {
  it('downloads in the background: idle → checking → available → downloading → downloaded', async () => {
    const { autoUpdater, states, updater } = setup();
    expect(autoUpdater.autoDownload).toBe(true);
    expect(autoUpdater.autoInstallOnAppQuit).toBe(true);
    expect(updater.getState().status).toBe('idle');
    autoUpdater.next = () => autoUpdater.emit('update-available', { version: '1.2.0' });
    await updater.check();
    autoUpdater.emit('download-progress', { percent: 42.5 });
    autoUpdater.emit('download-progress', { percent: 100 });
    autoUpdater.emit('update-downloaded', { version: '1.2.0' });
    expect(states.map((s) => s.status)).toEqual(['checking', 'available', 'downloading', 'downloading', 'downloaded']);
    expect(states[2]).toMatchObject({ percent: 42.5, version: '1.2.0' });
    expect(updater.getState()).toEqual({ status: 'downloaded', version: '1.2.0', percent: 100, error: null, checkedAt: 1_000 });
  });

  it('goes back to idle when there is nothing new, and records errors', async () => {
    const { autoUpdater, updater } = setup();
    autoUpdater.next = () => autoUpdater.emit('update-not-available', { version: '0.1.0' });
    expect((await updater.check()).status).toBe('idle');
    autoUpdater.fail = new Error('net::ERR_INTERNET_DISCONNECTED');
    expect(await updater.check()).toMatchObject({ status: 'error', error: 'net::ERR_INTERNET_DISCONNECTED' });
    autoUpdater.fail = null;
    expect((await updater.check()).status).toBe('idle'); // an error does not stop later checks
  });

  it('checks at start and every 4 hours, but not while downloading or once downloaded', async () => {
    const { autoUpdater, updater, tick, interval } = setup();
    updater.start();
    updater.start(); // idempotent
    expect(autoUpdater.checks).toBe(1);
    expect(interval()).toBe(UPDATE_INTERVAL_MS);
    expect(UPDATE_INTERVAL_MS).toBe(4 * 3600 * 1000);
    await settle();
    tick();
    expect(autoUpdater.checks).toBe(2);
    await settle();
    autoUpdater.emit('download-progress', { percent: 10 });
    tick();
    expect(autoUpdater.checks).toBe(2);
    autoUpdater.emit('update-downloaded', { version: '1.2.0' });
    autoUpdater.emit('error', new Error('later failure'));
    expect(updater.getState().status).toBe('downloaded'); // a later failure does not hide the ready update
    updater.stop();
  });

  it('restarts to install only when the renderer has no unsaved work', async () => {
    const { autoUpdater, updater, deferred } = setup();
    await expect(async () => updater.restart(false)).rejects.toMatchObject({ code: 'conflict' });
    autoUpdater.emit('update-downloaded', { version: '1.2.0' });
    expect(updater.restart(true)).toEqual({ restarting: false });
    expect(deferred).toHaveLength(0);
    expect(updater.restart(false)).toEqual({ restarting: true });
    expect(autoUpdater.installs).toEqual([]); // after the answer went out
    deferred.forEach((fn) => fn());
    expect(autoUpdater.installs).toEqual([[false, true]]);
  });

  it('stays idle and never calls the feed when not packaged', async () => {
    const { autoUpdater, updater } = setup(false);
    updater.start();
    expect((await updater.check()).status).toBe('idle');
    expect(autoUpdater.checks).toBe(0);
  });

  it('does not stay "checking" when the feed answers without a verdict', async () => {
    const { updater } = setup();
    expect(await updater.check()).toMatchObject({ status: 'idle', checkedAt: 1_000 });
  });

  it('clamps odd progress figures', () => {
    const { autoUpdater, updater } = setup();
    autoUpdater.emit('download-progress', { percent: 100.0000001 });
    expect(updater.getState().percent).toBe(100);
  });
});
