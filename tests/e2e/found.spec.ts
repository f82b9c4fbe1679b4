// What a new user found on the newest screens (issue 42), the main ones through the console: the sign-in page in the
// reader's language, with its refusal in it; the trash retention refusing 0 with its words instead of saving 1; the
// bell's settings closed by Esc. (Copy link's browser address: deep-links.spec.ts; the rest: server and unit tests.)
import { expect, test } from '@playwright/test';
import { LABELS, signIn } from './support';

test('sign-in language, Esc closes the bell settings, a retention of 0 refused with its words', async ({ page }) => {
  // The sign-in page offers English; its labels and the server's refusal follow.
  await page.goto('/login');
  await page.getByTestId('login-language-en-US').click();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByLabel('Password').press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Username or password is incorrect' })).toBeVisible();
  // Back to Vietnamese (the console's language after signing in follows this choice).
  await page.getByTestId('login-language-vi-VN').click();
  await expect(page.getByRole('heading', { name: LABELS.loginTitle })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await signIn(page);

  // The bell: its settings close with Esc (back to the list), then the panel.
  await page.getByTestId('events-bell').click();
  await expect(page.getByTestId('events-panel')).toBeVisible();
  await page.getByTestId('events-panel').getByRole('button', { name: 'Cài đặt thông báo' }).click();
  await expect(page.getByTestId('events-settings')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('events-settings')).toBeHidden();
  await expect(page.getByTestId('events-panel')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('events-panel')).toBeHidden();

  // The trash retention: 0 is refused with the message, not turned into 1 and saved.
  await page.goto('/trash');
  const retention = page.getByTestId('trash-retention');
  await expect(retention.getByLabel('Số ngày lưu')).toHaveValue('90');
  await retention.getByLabel('Số ngày lưu').fill('0');
  await retention.getByRole('button', { name: 'Lưu' }).click();
  await expect(retention.getByText('Số ngày lưu trong thùng rác phải là số nguyên từ 1 đến 3650')).toBeVisible();
  await expect(retention.getByLabel('Số ngày lưu')).toHaveValue('0');
  await expect(page.getByText('Đã lưu thời gian lưu')).toHaveCount(0);
});
