// Accounts (issue 39): an administrator adds an account in the console; the new user signs in, changes her password
// on /profile and signs in again with it; the administrator deactivates her, and her open console is signed out at
// its next request.
import { expect, test, type Page } from '@playwright/test';
import { api, unique } from './content-support';
import { changePassword, ADMIN, signIn, submitLogin } from './support';

const FIRST = 'mat khau dau tien 2024';
const SECOND = 'mat khau moi cua Hoa 77';

/** The account's row in the list, found by the keyword box. */
async function findAccount(page: Page, userName: string) {
  await page.getByLabel('Tìm theo tên đăng nhập, họ tên hoặc email').fill(userName);
  await page.getByLabel('Tìm theo tên đăng nhập, họ tên hoặc email').press('Enter');
  const row = page.locator('.ant-table-row').filter({ hasText: userName });
  await expect(row).toHaveCount(1);
  return row;
}

test('an administrator adds an account, its user changes her password, and is signed out when deactivated', async ({ page, browser }) => {
  const userName = `hoa.${unique()}`.toLowerCase();
  await signIn(page);

  // The area is in the side navigation, under "Hệ thống".
  await page.getByRole('menuitem', { name: 'Hệ thống' }).click();
  await page.getByRole('menuitem', { name: 'Tài khoản' }).click();
  await expect(page).toHaveURL(/\/users$/);

  await page.getByRole('button', { name: 'Thêm tài khoản' }).click();
  const dialog = page.getByRole('dialog', { name: 'Thêm tài khoản' });
  await dialog.getByLabel('Tên đăng nhập').fill(userName);
  await dialog.getByLabel('Họ tên').fill('Phạm Thị Hoa');
  await dialog.getByLabel('Email').fill(`${userName}@example.com`);
  // The policy is the server's: a common password is refused under its field.
  await dialog.getByLabel('Mật khẩu').fill('1234567890');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog.getByText('Mật khẩu quá phổ biến, dễ bị đoán: hãy chọn mật khẩu khác')).toBeVisible();
  await dialog.getByLabel('Mật khẩu').fill(FIRST);
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog).toBeHidden();
  const row = await findAccount(page, userName);
  await expect(row).toContainText('Phạm Thị Hoa');
  await expect(row).toContainText('Đang hoạt động');
  await expect(row).toContainText('Chưa từng');

  // Hoa signs in on her own computer, and changes her password.
  const hers = await browser.newContext();
  const hoa = await hers.newPage();
  await signIn(hoa, { username: userName, password: FIRST });
  await hoa.goto('/profile');
  await changePassword(hoa, FIRST, SECOND);
  await expect(hoa.getByText('Đổi mật khẩu thành công: các phiên đăng nhập khác đã kết thúc')).toBeVisible();
  await expect(hoa.getByTestId('sessions').getByText('Phiên này')).toBeVisible();

  // Signed in again elsewhere: the old password no longer works, the new one does.
  const again = await (await browser.newContext()).newPage();
  await again.goto('/login');
  await submitLogin(again, userName, FIRST);
  await expect(again.getByRole('alert')).toContainText('Tên đăng nhập hoặc mật khẩu không đúng');
  await signIn(again, { username: userName, password: SECOND });
  await again.context().close();

  // The administrator sees her last sign-in, and deactivates her after confirming.
  await page.reload();
  const listed = await findAccount(page, userName);
  await expect(listed).not.toContainText('Chưa từng');
  await listed.getByRole('button', { name: 'Khoá' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Đồng ý' }).click();
  await expect(listed).toContainText('Đã khoá');

  // Her open console (still on /profile): its next request is refused, and it is back on the sign-in page.
  await changePassword(hoa, SECOND, FIRST);
  await expect(hoa).toHaveURL(/\/login/);
  await hers.close();
});

test('an administrator hands over a reset link, which sets a new password once without signing in', async ({ page, browser }) => {
  const userName = `an.${unique()}`.toLowerCase();
  await signIn(page, ADMIN, null);
  await api(page, 'POST', 'Users', { userName, fullName: 'Lê Văn An', password: FIRST });
  await page.goto('/users');
  const row = await findAccount(page, userName);
  await row.getByRole('button', { name: 'Liên kết đặt lại mật khẩu' }).click();
  const dialog = page.getByRole('dialog', { name: 'Liên kết đặt lại mật khẩu cho Lê Văn An' });
  const link = (await dialog.getByTestId('reset-url').innerText()).trim();
  expect(link).toMatch(/\/reset-password\?token=/);
  await expect(dialog.getByRole('button', { name: 'Sao chép' })).toBeVisible();

  const theirs = await (await browser.newContext()).newPage();
  await theirs.goto(link);
  await theirs.getByLabel('Mật khẩu mới', { exact: true }).fill(SECOND);
  await theirs.getByLabel('Nhập lại mật khẩu mới').fill(SECOND);
  await theirs.getByRole('button', { name: 'Đặt mật khẩu' }).click();
  await expect(theirs.getByRole('status')).toContainText('Đã đặt mật khẩu mới');
  // Used once: the same link again is refused.
  await theirs.goto(link);
  await theirs.getByLabel('Mật khẩu mới', { exact: true }).fill(FIRST);
  await theirs.getByLabel('Nhập lại mật khẩu mới').fill(FIRST);
  await theirs.getByRole('button', { name: 'Đặt mật khẩu' }).click();
  await expect(theirs.getByRole('alert')).toContainText('Liên kết đặt lại mật khẩu không hợp lệ, đã hết hạn hoặc đã được sử dụng');
  await theirs.getByRole('link', { name: 'Tới trang đăng nhập' }).click();
  await signIn(theirs, { username: userName, password: SECOND });
  await theirs.context().close();
});
