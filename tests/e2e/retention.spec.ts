// The personal data retention in the settings screen (issue 40; server/privacy/retention.ts): administrators see
// each kind's months (empty: forever), when the task runs next and what its last run did (it ran at the server's
// start), change a retention and find it kept; the staff see no such card.
import { expect, test } from '@playwright/test';
import { openUserMenu, ADMIN, signIn, STAFF } from './support';

test('administrators set how long personal data stays, and see the next and the last run', async ({ page }) => {
  test.slow(); // two saves, two reloads and both languages
  await signIn(page, ADMIN, '/settings');
  const card = page.getByTestId('retention-card');
  await expect(card).toContainText('Thời gian lưu dữ liệu cá nhân', { timeout: 20_000 });
  // The defaults: client addresses 6 months, sign-in records 12, bookings forever (empty).
  await expect(card.getByTestId('retention-clientAddresses')).toHaveValue('6', { timeout: 20_000 });
  await expect(card.getByTestId('retention-signIns')).toHaveValue('12');
  await expect(card.getByTestId('retention-bookings')).toHaveValue('');
  await expect(card.getByTestId('retention-bookings')).toHaveAttribute('placeholder', 'Lưu mãi');
  const runs = card.getByTestId('retention-runs');
  await expect(runs).toContainText('Lần chạy tới');
  await expect(card.getByTestId('retention-last-run')).toContainText('Thành công');

  /** Save, and wait for the server's answer. */
  const save = async () => {
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/Privacy/retention') && r.request().method() === 'PUT');
    await card.getByTestId('retention-save').click();
    expect((await saved).status()).toBe(200);
  };
  await card.getByTestId('retention-bookings').fill('24');
  await save();
  await expect(page.getByText('Đã lưu thời gian lưu dữ liệu cá nhân')).toBeVisible();
  await page.reload();
  await expect(card.getByTestId('retention-bookings')).toHaveValue('24', { timeout: 20_000 });

  // Emptied: forever again.
  await card.getByTestId('retention-bookings').fill('');
  await save();
  await page.reload();
  await expect(card.getByTestId('retention-bookings')).toHaveValue('', { timeout: 20_000 });
  await expect(card.getByTestId('retention-bookings')).toHaveAttribute('placeholder', 'Lưu mãi');

  // In English.
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Ngôn ngữ giao diện' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(card).toContainText('Personal data retention');
  await expect(card).toContainText('Sign-in records');
  await expect(card.getByTestId('retention-last-run')).toContainText('Succeeded');
  await expect(card.getByTestId('retention-runs')).toContainText('Next run');
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Interface language' }).click();
  await page.getByRole('menuitem', { name: 'Tiếng Việt' }).click();
  await expect(card).toContainText('Thời gian lưu dữ liệu cá nhân');
});

test('the staff see the settings screen without the retention', async ({ page }) => {
  await signIn(page, STAFF, '/settings');
  await expect(page.getByRole('heading', { name: 'Cài đặt' })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('form#environment')).toBeVisible();
  await expect(page.getByTestId('retention-card')).toHaveCount(0);
});
