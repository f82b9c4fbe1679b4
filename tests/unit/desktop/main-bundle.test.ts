// Runs the real bundle of the main process (dist/main/main.js, built by scripts/build-desktop.mjs)
// under Node with a stand-in `electron` module (fixtures/fake-electron.cjs): checks that main.ts wires
// the modules together: scheme registered before ready, every contract method handled behind the
// origin guard, the app:// protocol with CSP, the locked-down window, permissions denied.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelOf, contractMethods } from '../../../shared/ipc/contract';

const root = path.resolve(__dirname, '../../..');
let sandbox: string;

beforeAll(() => {
  execFileSync(process.execPath, [path.join(root, 'scripts/build-desktop.mjs')], { cwd: root, stdio: 'pipe' });
  // dist/main/main.js beside a node_modules holding only the fake electron, so both its ESM import
  // and the require() of bundled CommonJS code find the fake.
  sandbox = mkdtempSync(path.join(os.tmpdir(), 'sitedesk-main-bundle-'));
  mkdirSync(path.join(sandbox, 'dist/main'), { recursive: true });
  cpSync(path.join(root, 'dist/main/main.js'), path.join(sandbox, 'dist/main/main.js'));
  mkdirSync(path.join(sandbox, 'dist/renderer'), { recursive: true });
  writeFileSync(path.join(sandbox, 'dist/renderer/index.html'), '<!doctype html><title>Sitedesk</title>');
  writeFileSync(path.join(sandbox, 'package.json'), JSON.stringify({ name: 'sitedesk', type: 'module', main: 'dist/main/main.js' }));
  mkdirSync(path.join(sandbox, 'node_modules/electron'), { recursive: true });
  cpSync(path.join(__dirname, 'fixtures/fake-electron.cjs'), path.join(sandbox, 'node_modules/electron/index.js'));
  writeFileSync(path.join(sandbox, 'node_modules/electron/package.json'), JSON.stringify({ name: 'electron', main: 'index.js' }));
}, 60_000);
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

function runMain(env: Record<string, string> = {}, args: string[] = []) {
  const userData = mkdtempSync(path.join(os.tmpdir(), 'sitedesk-user-data-'));
  try {
    const result = spawnSync(process.execPath, [path.join(sandbox, 'dist/main/main.js'), ...args], {
      cwd: sandbox,
      env: { ...process.env, FAKE_USER_DATA: userData, SITEDESK_SERVER_URL: 'http://127.0.0.1:5999', ...env },
      encoding: 'utf8',
      timeout: 30_000,
    });
    const line = result.stdout.split('\n').find((l) => l.startsWith('FAKE-ELECTRON-REPORT '));
    if (!line) throw new Error(`main did not report (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
    return JSON.parse(line.slice('FAKE-ELECTRON-REPORT '.length)) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  } finally {
    rmSync(userData, { recursive: true, force: true });
  }
}

describe('bundled main process (with a stand-in electron)', () => {
  it('wires every module together', () => {
    const report = runMain();
    expect(report.privileged).toEqual([{ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }]);
    expect(report.protocols).toEqual(['app']);
    expect([...report.handles].sort()).toEqual(contractMethods().map(([s, m]) => channelOf(s, m)).sort());

    expect(report.windows).toHaveLength(1);
    expect(report.windows[0].url).toBe('app://sitedesk/index.html');
    expect(report.windows[0].options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
    expect(report.windows[0].options.webPreferences.preload).toMatch(/dist[\\/]preload[\\/]preload\.cjs$/);
    expect(report.webContentsCreated).toBeGreaterThanOrEqual(1);
    expect(report.menu).toEqual(expect.arrayContaining(['Edit', 'View', 'Help']));

    expect(report.profile).toEqual({ ok: true, value: expect.objectContaining({ name: 'local', api: 'http://127.0.0.1:5999/api' }) });
    // No invented hosts: without the organisation's servers configured, the local server is the one preset.
    expect(report.presets.value.map((p: { name: string }) => p.name)).toEqual(['local']);
    expect(report.foreign).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(report.badPayload).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(report.hasSession).toEqual({ ok: true, value: false });
    expect(report.uploads).toEqual({ ok: true, value: [] });
    expect(report.update).toMatchObject({ ok: true, value: { status: 'idle' } });
    expect(report.theme).toEqual({ ok: true, value: 'ocean' });

    expect(report.page).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
    expect(report.page.csp).toContain("script-src 'self'");
    expect(report.page.csp).toContain('connect-src \'self\' http://127.0.0.1:5999');
    expect(report.traversal).toBe(403);
    expect(report.windowOpen).toEqual({ action: 'deny' });
    expect(report.navigationBlocked).toBe(true);
    expect(report.mediaGranted).toBe(false);
    expect(report.preflight).toMatchObject({ statusLine: 'HTTP/1.1 204 No Content', responseHeaders: { 'Access-Control-Allow-Origin': ['app://sitedesk'] } });
  });

  it("offers the organisation's staging and production servers as presets when they are configured", () => {
    const report = runMain({ SITEDESK_STAGING_URL: 'https://staging.clinic.test', SITEDESK_PRODUCTION_URL: 'https://admin.clinic.test/' });
    expect(report.presets.value.map((p: { name: string; api: string }) => [p.name, p.api])).toEqual([
      ['local', 'http://127.0.0.1:5999/api'],
      ['staging', 'https://staging.clinic.test/api'],
      ['production', 'https://admin.clinic.test/api'],
    ]);
    // A development run (not packaged) still opens on the local server.
    expect(report.profile.value.name).toBe('local');
  });

  it('opens sitedesk:// links: from its own argv once the page listens, from a second instance, never a bad one', () => {
    const report = runMain({}, ['sitedesk://news/1/12']);
    expect(report.openUrlBeforeReady).toBe(true);
    // Run from source (no process.defaultApp under plain Node): the packaged form, the scheme alone.
    expect(report.protocolClient).toEqual(['sitedesk']);
    expect(report.pendingRoute).toEqual({ ok: true, value: '/news/12?website=1' });
    expect(report.navigateSent).toEqual([['desktop:event:app.navigate', '/booking/7?website=2']]);
    expect(report.focused).toBeGreaterThanOrEqual(2);
    // The window of the fake is not focused: the notification shows; a foreign route is refused at the bridge.
    expect(report.shown).toEqual({ ok: true, value: { shown: true } });
    expect(report.notifications).toEqual([{ title: 'Lịch hẹn mới', body: 'Nguyễn Văn A' }]);
    expect(report.badRoute).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(report.badge).toEqual(process.platform === 'win32' ? [] : [3]);
  });

  it('quits at once when another instance holds the lock', () => {
    const report = runMain({ FAKE_SECOND_INSTANCE: '1' });
    expect(report.quit).toBe(true);
    expect(report.windows).toEqual([]);
    expect(report.handles).toEqual([]);
  });
});
