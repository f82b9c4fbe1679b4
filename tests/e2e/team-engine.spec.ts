// The referral team's screens on the generic list (issue 27, item 3): what a member may do is drawn from the
// definition's declarations (the machines' moves and `access`), so a staff member who is not an administrator reads
// the team but is offered no decision, no payment and no integration keys; the customer list is the generic list of
// its definition, with the generic export.
import { expect, test } from '@playwright/test';
import { REVIEWER, ADMIN, signIn } from './support';

test('a staff member reads the team and its cards, without the administrator’s decisions', async ({ page }) => {
  await signIn(page, REVIEWER, '/team');
  const card = page.getByTestId('member-card').filter({ visible: true });
  await expect(card).toBeVisible();
  await expect(page.getByRole('table').first()).toBeVisible();
  for (const name of ['Phê duyệt', 'Từ chối', 'Khoá tài khoản', 'Mở tài khoản', 'Thanh toán']) await expect(card.getByRole('button', { name })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Khoá tích hợp' })).toHaveCount(0);
});

test('the customer list is its definition’s generic list: keyword, columns and export', async ({ page }) => {
  await signIn(page, ADMIN, '/customer');
  await expect(page.getByRole('heading', { name: 'Khách hàng' })).toBeVisible();
  for (const name of ['Tên bệnh nhân', 'Số điện thoại', 'Cộng tác viên', 'Trạng thái', 'Ngày đăng ký']) await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
  await expect(page.getByLabel('Từ khoá')).toBeVisible();
  await page.getByRole('button', { name: 'Xuất' }).hover();
  await expect(page.getByRole('menuitem', { name: /Excel/ })).toBeVisible();
});
