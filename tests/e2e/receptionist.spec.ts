// Issue 39's "done when", in the console alone: a new administrator creates an account for a receptionist, gives her
// the Receptionist role on the clinic website in its staff table; she signs in, changes her password, turns the second
// factor on, signs in again with a code, and sees the bookings but not the job applications.
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { changePassword, chooseOption, navLinks, openClinicStaff, ADMIN, signIn, signOut, submitLogin } from './support';

// Two people's sessions on a shared, busy machine.
test.describe.configure({ timeout: 180_000 });

const FIRST = 'le tan phong kham 2026';
const SECOND = 'mat khau rieng cua Thu 88';
const code = (secret: string, offsetMs = 0) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetMs });

test('an administrator makes a receptionist’s account; she secures it and works on bookings only', async ({ page, browser }) => {
  const userName = `thu.${Date.now().toString(36)}`;
  const fullName = `Đỗ Thị Thu ${userName.slice(4)}`;

  // The account, from /users.
  await signIn(page, ADMIN, '/users');
  await page.getByRole('button', { name: 'Thêm tài khoản' }).click();
  const dialog = page.getByRole('dialog', { name: 'Thêm tài khoản' });
  await dialog.getByLabel('Tên đăng nhập').fill(userName);
  await dialog.getByLabel('Họ tên').fill(fullName);
  await dialog.getByLabel('Mật khẩu').fill(FIRST);
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog).toBeHidden();

  // Receptionist on the clinic, in its staff table.
  const staff = await openClinicStaff(page);
  await staff.getByRole('button', { name: 'Thêm mới' }).click();
  const member = page.getByRole('dialog').filter({ hasText: 'Thêm Nhân viên website' });
  await chooseOption(page, 'Nhân viên', fullName);
  await chooseOption(page, 'Vai trò', 'Lễ tân');
  await member.getByRole('button', { name: 'Lưu' }).click();
  await expect(member).toBeHidden();
  await expect(staff.getByRole('row').filter({ hasText: fullName }).locator('.ant-select-selection-item')).toHaveText('Lễ tân');

  // She signs in on her own computer and changes her password.
  const hers = await (await browser.newContext()).newPage();
  await signIn(hers, { username: userName, password: FIRST });
  await hers.goto('/profile');
  await changePassword(hers, FIRST, SECOND);
  await expect(hers.getByText('Đổi mật khẩu thành công: các phiên đăng nhập khác đã kết thúc')).toBeVisible();

  // The second factor, with a code computed as her authenticator app would.
  await hers.getByRole('button', { name: 'Thiết lập' }).click();
  const secret = (await hers.getByTestId('two-factor-secret').innerText()).trim();
  await hers.getByLabel('Mã 6 số').fill(code(secret));
  await hers.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(hers.getByTestId('recovery-codes')).toBeVisible();
  await hers.getByRole('button', { name: 'Xong' }).click();
  await expect(hers.getByTestId('two-factor-state')).toHaveText('Đang bật');

  // Signed in again: the new password and a code (the next step's: the enabling code's step is used).
  await signOut(hers);
  await submitLogin(hers, userName, SECOND);
  const otp = hers.getByLabel('Mã xác thực', { exact: true });
  await otp.fill(code(secret, 30_000));
  await otp.press('Enter');
  await expect(hers.getByTestId('user-menu')).toBeVisible();

  // Bookings yes, applications no: not in her navigation, and refused at their address.
  const links = await navLinks(hers);
  expect(links).toContain('/booking');
  expect(links).not.toContain('/recruitment');
  await hers.goto('/booking');
  await expect(hers.getByRole('table')).toBeVisible();
  await hers.goto('/recruitment');
  await expect(hers.getByTestId('role-refused')).toContainText('Lễ tân');
  await hers.context().close();
});
