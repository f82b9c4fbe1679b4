// The desktop smoke test: the Electron app (installed from a release's files, or the development build) against a
// real server with the demo data (npm run server, SEED_DEMO=1, started by the config). Sign in; the refresh token
// is kept by the operating system's keychain, not in plain text, and survives a restart; a file dropped into the
// file manager is uploaded by the main process from its path; a booking posted to the public intake arrives as a
// native notification while the window is not focused (the unread count on the dock badge on macOS), and clicking it
// brings the window back on the booking.
// Skipped, saying why, where no Electron binary exists (tests/desktop/app.ts); the release workflow requires it.
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makePng } from '../e2e/files-support';
import { ADMIN, LABELS, submitLogin } from '../e2e/support';
import { desktopApp, SMOKE_SERVER } from './app';

const app = desktopApp();
/** The demo's default website (the clinic), where the booking is posted. */
const WEBSITE = 1;
/** The keychain account of the refresh token (main/auth/session.ts accountFor, the `local` profile's auth base). */
const ACCOUNT = `refresh-token@${SMOKE_SERVER}/auth`;
/** electron's safeStorage keeps its key in the macOS Keychain under "<app name> Safe Storage". */
const SAFE_STORAGE_KEYCHAIN_ITEM = 'Sitedesk Safe Storage';

/** Page-side globals (the tests' TypeScript project has no DOM types). */
type PageGlobals = {
  document: {
    createElement(tag: string): { type: string; id: string; style: { display: string } };
    body: { append(node: unknown): void };
    querySelector(selector: string): { files: unknown[]; remove(): void } | null;
  };
  DataTransfer: new () => { items: { add(file: unknown): unknown } };
  location: { hash: string };
};
/** What the smoke test records in the main process. */
type MainGlobals = { __smokeNotifications?: { title: string; body: string; emit(event: string): void }[] };

test.skip(!!app.reason, `desktop smoke test skipped: ${app.reason}`);

test.describe.configure({ mode: 'serial' });

test('installed app: sign-in kept in the keychain, a dropped file uploaded, a booking notified', async () => {
  if (app.reason !== null) return;
  const { executablePath, args, packaged } = app;
  const userData = mkdtempSync(path.join(os.tmpdir(), 'sitedesk-smoke-profile-'));
  const work = mkdtempSync(path.join(os.tmpdir(), 'sitedesk-smoke-files-'));
  const launch = () =>
    electron.launch({
      executablePath,
      // A profile of its own: the preferences, the upload queue and the session file of this run only.
      args: [...args, `--user-data-dir=${userData}`],
      // SITEDESK_PROFILE=local points the app at the server of this test (main/main.ts), packaged or not.
      env: { ...process.env, SITEDESK_SERVER_URL: SMOKE_SERVER, SITEDESK_PROFILE: 'local' } as Record<string, string>,
      timeout: 90_000,
    });
  let electronApp: ElectronApplication | null = null;
  try {
    electronApp = await launch();
    let page = await consoleWindow(electronApp);
    // The profile of this run (real paths: macOS's /var is /private/var, Windows' temp may be a short name).
    const used = await electronApp.evaluate(({ app: a }) => a.getPath('userData'));
    expect(realpathSync.native(used)).toBe(realpathSync.native(userData));
    if (packaged) expect(await electronApp.evaluate(({ app: a }) => a.isPackaged)).toBe(true);

    await test.step('sign in through the form', async () => {
      await expect(page.getByLabel(LABELS.username)).toBeVisible({ timeout: 60_000 });
      await submitLogin(page, ADMIN.username, ADMIN.password);
      await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
    });

    await test.step('the session is in the OS keychain, never in plain text', async () => {
      await expectSessionInKeychain(electronApp!, userData);
    });

    await test.step('the session survives a restart: the console opens signed in', async () => {
      await electronApp!.close();
      electronApp = await launch();
      page = await consoleWindow(electronApp);
      await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 60_000 });
      await expect(page.getByLabel(LABELS.username)).toHaveCount(0);
    });

    await test.step('a file dropped into the file manager is uploaded by the main process', async () => {
      const name = `smoke-${Date.now().toString(36)}.png`;
      const file = path.join(work, name);
      writeFileSync(file, makePng(400, 300));
      await page.evaluate(() => ((globalThis as unknown as PageGlobals).location.hash = '#/file'));
      await expect(page.getByTestId('file-manager')).toBeVisible({ timeout: 30_000 });
      await dropLocalFile(page, page.getByTestId('file-view'), file);
      await expect(page.getByTestId('upload-row').filter({ hasText: name })).toHaveAttribute('data-state', 'completed', { timeout: 60_000 });
      await expect(page.getByTestId('file-view').locator(`[data-name="${name}"]`)).toBeVisible();
      // Main's queue (main/uploads/queue-store.ts) names the file by its path: the native upload took it, not the page.
      const queue = JSON.parse(readFileSync(path.join(userData, 'uploads.json'), 'utf8')) as { queue: { path: string }[] };
      expect(queue.queue.map((item) => path.resolve(item.path))).toContain(path.resolve(file));
    });

    await test.step('a booking posted to the intake arrives as a native notification; clicking it opens the booking', async () => {
      // Record what main shows, the real Notification still showing it.
      await electronApp!.evaluate(({ Notification }) => {
        const g = globalThis as unknown as MainGlobals;
        g.__smokeNotifications = [];
        const show = Notification.prototype.show;
        Notification.prototype.show = function (this: Electron.Notification) {
          g.__smokeNotifications!.push(this as unknown as NonNullable<MainGlobals['__smokeNotifications']>[number]);
          return show.call(this);
        };
      });
      // The notification is for a window that is not focused.
      await electronApp!.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0].minimize());
      await expect.poll(() => electronApp!.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0].isFocused())).toBe(false);

      const customer = `Khách Smoke ${Date.now().toString(36)}`;
      const posted = await fetch(`${SMOKE_SERVER}/public/${WEBSITE}/bookings`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ customerName: customer, customerPhone: '0987 654 321' }),
      });
      expect(posted.status).toBe(201);

      const shown = () =>
        electronApp!.evaluate((_electron, text) => {
          const list = (globalThis as unknown as MainGlobals).__smokeNotifications ?? [];
          return list.filter((n) => `${n.title}\n${n.body}`.includes(text)).map((n) => `${n.title}\n${n.body}`);
        }, customer);
      await expect.poll(shown, { timeout: 60_000, message: `a notification naming ${customer}` }).toHaveLength(1);

      if (process.platform === 'darwin') {
        // The unread count on the Dock icon (app.setBadgeCount, or app.dock.setBadge with the number as text).
        const badge = () => electronApp!.evaluate(({ app: a }) => Math.max(a.getBadgeCount(), Number(a.dock?.getBadge() || 0)));
        await expect.poll(badge).toBeGreaterThan(0);
      }

      await electronApp!.evaluate((_electron, text) => {
        const list = (globalThis as unknown as MainGlobals).__smokeNotifications ?? [];
        list.find((n) => `${n.title}\n${n.body}`.includes(text))!.emit('click');
      }, customer);
      await expect
        .poll(() => electronApp!.evaluate(({ BrowserWindow }) => {
          const window = BrowserWindow.getAllWindows()[0];
          return window.isVisible() && !window.isMinimized();
        }))
        .toBe(true);
      await expect(page).toHaveURL(/#\/booking\b/);
      await expect(page.getByText(customer).first()).toBeVisible();
    });
  } finally {
    await electronApp?.close().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
    rmSync(userData, { recursive: true, force: true, maxRetries: 5 });
  }
});

/** The console's window (not devtools), once its page has loaded. */
async function consoleWindow(electronApp: ElectronApplication): Promise<Page> {
  const page = await electronApp.firstWindow({ timeout: 60_000 });
  await page.waitForLoadState('domcontentloaded');
  return page;
}

/**
 * The refresh token is where main/secrets/secret-store.ts puts it: in the keychain itself (keytar: service
 * "Sitedesk", the account named after the auth service), or, in the packaged app (which ships no keytar),
 * encrypted by safeStorage under a key the OS keeps (macOS Keychain item "Sitedesk Safe Storage", Windows DPAPI) in
 * <userData>/session.json. Either way no file of the profile holds it in plain text.
 */
async function expectSessionInKeychain(electronApp: ElectronApplication, userData: string) {
  const sessionFile = path.join(userData, 'session.json');
  if (existsSync(sessionFile)) {
    const cipher = (JSON.parse(readFileSync(sessionFile, 'utf8')) as Record<string, string>)[ACCOUNT];
    expect(cipher, `session.json holds ${ACCOUNT}`).toBeTruthy();
    const token = await electronApp.evaluate(({ safeStorage }, text) => safeStorage.decryptString(Buffer.from(text, 'base64')), cipher);
    expect(token.length).toBeGreaterThan(16);
    expect(filesHolding(userData, token), 'files holding the refresh token in plain text').toEqual([]);
    if (process.platform === 'darwin') {
      const item = spawnSync('security', ['find-generic-password', '-s', SAFE_STORAGE_KEYCHAIN_ITEM], { encoding: 'utf8' });
      expect(item.status, `Keychain item "${SAFE_STORAGE_KEYCHAIN_ITEM}": ${item.stderr}`).toBe(0);
    }
    return;
  }
  // keytar: ask the OS's own store.
  if (process.platform === 'darwin') {
    execFileSync('security', ['find-generic-password', '-s', 'Sitedesk', '-a', ACCOUNT]);
  } else if (process.platform === 'win32') {
    expect(execFileSync('cmdkey', [`/list:Sitedesk/${ACCOUNT}`], { encoding: 'utf8' })).toContain(`Sitedesk/${ACCOUNT}`);
  } else {
    expect(execFileSync('secret-tool', ['lookup', 'service', 'Sitedesk', 'account', ACCOUNT], { encoding: 'utf8' }).trim()).not.toBe('');
  }
}

/** Files under `dir` (a few MB at most each) whose bytes contain `text`. */
function filesHolding(dir: string, text: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    try {
      if (statSync(file).size > 8_000_000) continue;
      if (readFileSync(file).includes(text)) found.push(path.relative(dir, file));
    } catch {
      // locked by the running app (Windows) or gone: not ours to read
    }
  }
  return found;
}

/**
 * Drop a file from the disk onto an element, as a drag from the desktop does: the File comes from a file input
 * given the path (Playwright hands Chromium the path itself), so the page's desktop bridge (webUtils.getPathForFile)
 * finds its path and main uploads it.
 */
async function dropLocalFile(page: Page, target: ReturnType<Page['getByTestId']>, file: string) {
  await page.evaluate(() => {
    const { document } = globalThis as unknown as PageGlobals;
    const input = document.createElement('input');
    input.type = 'file';
    input.id = 'smoke-drop-source';
    input.style.display = 'none';
    document.body.append(input);
  });
  await page.locator('#smoke-drop-source').setInputFiles(file);
  const dataTransfer = await page.evaluateHandle(() => {
    const g = globalThis as unknown as PageGlobals;
    const input = g.document.querySelector('#smoke-drop-source')!;
    const transfer = new g.DataTransfer();
    transfer.items.add(input.files[0]);
    input.remove();
    return transfer;
  });
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}
