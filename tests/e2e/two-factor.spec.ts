// The second factor through the console (issue 39): turned on from /profile (QR code and key, a first code, the ten
// recovery codes shown once), then sign-in asks for a code; a code already used is refused; a recovery code signs in;
// turned off again from /profile. Codes are computed here as an authenticator app would (the `otpauth` library the
// server uses).
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { LABELS, signOut, STAFF, submitLogin } from './support';

const code = (secret: string, offsetMs = 0) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetMs });

async function enterCode(page: Page, otp: string) {
  const field = page.getByLabel('Mã xác thực', { exact: true });
  await expect(field).toBeVisible();
  await field.fill(otp);
  await field.press('Enter');
}

test('turn on the second factor, sign in with a code once, then with a recovery code, and turn it off', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, STAFF.username, STAFF.password);
  await expect(page.getByTestId('user-menu')).toBeVisible();

  await page.goto('/profile');
  await expect(page.getByTestId('two-factor-state')).toHaveText('Đang tắt');
  await page.getByRole('button', { name: 'Thiết lập' }).click();
  await expect(page.locator('.ant-qrcode canvas')).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Mã 6 số').fill(code(secret));
  await page.getByRole('button', { name: 'Xác nhận' }).click();
  const shown = page.getByTestId('recovery-codes');
  await expect(shown).toBeVisible();
  const recoveryCodes = (await shown.innerText()).trim().split('\n');
  expect(recoveryCodes).toHaveLength(10);
  await page.getByRole('button', { name: 'Xong' }).click();
  await expect(page.getByTestId('two-factor-state')).toHaveText('Đang bật');

  // Sign-in now asks for a code. The enabling code's time step is taken: the next step's code (accepted a step early).
  await signOut(page);
  await submitLogin(page, STAFF.username, STAFF.password);
  const next = code(secret, 30_000);
  await enterCode(page, next);
  await expect(page.getByTestId('user-menu')).toBeVisible();

  // The same code again: refused, still on the sign-in page.
  await signOut(page);
  await submitLogin(page, STAFF.username, STAFF.password);
  await enterCode(page, next);
  await expect(page.getByRole('alert').filter({ hasText: 'Mã xác thực không đúng hoặc đã được dùng' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // A recovery code signs in (once).
  await enterCode(page, recoveryCodes[0]);
  await expect(page.getByTestId('user-menu')).toBeVisible();

  // Off again, with the password and another recovery code; then sign-in asks for no code.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Tắt' }).click();
  await page.getByLabel('Mật khẩu', { exact: true }).fill(STAFF.password);
  await page.getByLabel('Mã xác thực hoặc mã khôi phục').fill(recoveryCodes[1]);
  await page.getByRole('button', { name: 'Tắt' }).first().click();
  await expect(page.getByTestId('two-factor-state')).toHaveText('Đang tắt');
  await signOut(page);
  await submitLogin(page, STAFF.username, STAFF.password);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.getByLabel(LABELS.password)).toHaveCount(0);
});
