// /settings in the browser: the services come from the server that serves the console, so the screen shows
// their addresses read-only (editing them, with the URL checks, is the desktop app's: see
// renderer/src/app/unsavedWork.test.tsx). And a browser never offers to restart for an update.
import { expect, test } from '@playwright/test';
import { makePng } from './files-support';
import { LABELS, openUserMenu, ADMIN, signIn } from './support';

const SERVICES = [
  ['Xác thực (auth)', 'auth'],
  ['Lõi (core)', 'core'],
  ['Thông báo (push)', 'push'],
  ['Nội dung (api)', 'api'],
  ['Tra cứu (his)', 'his'],
] as const;

test('settings from the user menu: the service addresses of this server, read-only, and no app update in the header', async ({ page, baseURL }) => {
  await signIn(page);
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Cài đặt' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Cài đặt' })).toBeVisible();

  const form = page.locator('form#environment');
  for (const [label, prefix] of SERVICES) {
    const item = form.locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) });
    await expect(item).toContainText(`${baseURL}/${prefix}`);
  }
  // The one preset a browser has, and why nothing can be changed here.
  await expect(form.locator('.ant-form-item').filter({ has: page.locator('label[title="Cấu hình mẫu"]') })).toContainText('Máy chủ của trang này');
  await expect(page.getByTestId('environment-read-only')).toContainText('chỉ áp dụng cho ứng dụng máy tính');
  await expect(form.getByRole('textbox')).toHaveCount(0);
  // (The environment's form: administrators also see the retention card with its own Save, tests/e2e/retention.spec.ts.)
  await expect(form.getByRole('button', { name: /Lưu/ })).toHaveCount(0);
  // App information is the desktop app's only.
  await expect(page.getByText('Phiên bản')).toHaveCount(0);

  // The header has settled (website list loaded) and offers no update.
  await expect(page.getByRole('combobox', { name: LABELS.website, exact: true })).toBeEnabled();
  await expect(page.getByRole('button', { name: /Khởi động lại để cập nhật/ })).toHaveCount(0);
  await expect(page.getByTestId('update-progress')).toHaveCount(0);
});

test('settings in English', async ({ page, baseURL }) => {
  await signIn(page);
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Ngôn ngữ giao diện' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.locator('form#environment .ant-form-item').filter({ has: page.locator('label[title="Content (api)"]') })).toContainText(`${baseURL}/api`);
  await expect(page.getByTestId('environment-read-only')).toContainText('apply to the desktop app');
});

// The file manager's Upload goes through the platform adapter (the operating system's dialog in the desktop
// app, unit-tested in renderer/platform/desktopUploads.test.ts); in the browser it is still the page's chooser.
test("file manager: Upload in the browser opens the page's file chooser and uploads what is chosen", async ({ page }) => {
  await signIn(page, ADMIN, '/file');
  await expect(page.getByTestId('file-status')).toBeVisible();
  const name = `Chọn tệp ${Date.now().toString(36).slice(-5)}.png`;
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Tải lên' }).click();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: makePng(40, 30) });
  await expect(page.getByTestId('upload-row').filter({ hasText: name })).toHaveAttribute('data-state', 'completed', { timeout: 30_000 });
  await expect(page.getByTestId('file-view').locator(`[data-name="${name}"]`)).toBeVisible();
});
