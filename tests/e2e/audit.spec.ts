// The audit log (issue 29), "Nhật ký hệ thống": an administrator finds a change by person and operation, opens its
// fields before and after, and exports what the filters select; staff see no such area, its address shows the
// not-found page, and the server refuses them the call (403).
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { api, tokenOf, unique } from './content-support';
import { ADMIN, chooseOption, signIn, STAFF, switchUser } from './support';

const AUDIT = 'Nhật ký hệ thống';

test('an administrator filters the audit log by person and operation, opens a change and exports it', async ({ page }) => {
  await signIn(page);
  // A FAQ group created and then re-coded through the API: one "update" entry of the admin with the code before/after.
  const websites = (await api(page, 'GET', 'Websites/get-all')) as unknown as { id: number; isDefault: boolean }[];
  const website = websites.find((w) => w.isDefault)!.id;
  const name = `Nhóm ${unique()}`;
  const created = (await api(page, 'POST', `FAQGroups/${website}`, { name: JSON.stringify({ 'vi-VN': name, 'en-US': name }), code: 'AUD-1', isActive: true })).data as { id: number };
  const group = (await api(page, 'GET', `FAQGroups/${website}/${created.id}`)).data as { concurrencyStamp: string };
  await api(page, 'PUT', `FAQGroups/${website}/${created.id}`, { name: JSON.stringify({ 'vi-VN': name, 'en-US': name }), code: 'AUD-2', isActive: true, concurrencyStamp: group.concurrencyStamp });

  // The area is in the side navigation, under "Hệ thống".
  await page.getByRole('menuitem', { name: 'Hệ thống' }).click();
  await page.getByRole('menuitem', { name: AUDIT }).click();
  await expect(page).toHaveURL(/\/audit-log$/);
  await expect(page.getByRole('heading', { name: AUDIT })).toBeVisible();

  await chooseOption(page, 'Người thực hiện', ADMIN.fullName);
  await chooseOption(page, 'Thao tác', 'Cập nhật');
  // The filters are in the address (a link opens the log already filtered; back/forward step through them).
  await expect(page).toHaveURL(/operation=update/);
  await expect(page).toHaveURL(/userId=\d+/);
  const row = page.locator('.ant-table-row').filter({ hasText: 'Nhóm câu hỏi' }).filter({ has: page.getByRole('cell', { name: String(created.id), exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(ADMIN.fullName);
  await expect(row).toContainText('Cập nhật');
  // Every row is the admin's update.
  for (const text of await page.locator('.ant-table-row').allInnerTexts()) expect(text).toContain('Cập nhật');

  await row.getByRole('button', { name: 'Xem thay đổi' }).click();
  const entry = page.getByTestId('audit-entry');
  await expect(entry).toBeVisible();
  const code = entry.getByTestId('change-list').locator('tr').filter({ hasText: 'Mã' });
  await expect(code.getByTestId('change-before')).toHaveText('AUD-1');
  await expect(code.getByTestId('change-after')).toHaveText('AUD-2');
  await page.keyboard.press('Escape');
  await expect(entry).toBeHidden();

  // Export: every entry the filters select, as CSV.
  await page.getByRole('button', { name: 'Xuất' }).hover();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Xuất CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain('Thời gian,Người thực hiện,Website,Khu vực,Bản ghi,Thao tác,Thay đổi');
  expect(csv).toContain('AUD-1 → AUD-2');
  expect(csv).not.toContain('Đăng nhập');

  // The address alone opens the log filtered the same way.
  await page.goto(new URL(page.url()).pathname + new URL(page.url()).search);
  await expect(page.locator('.ant-table-row').filter({ has: page.getByRole('cell', { name: String(created.id), exact: true }) }).first()).toBeVisible();
  // Dates: a range long before today selects nothing; the picker shows the range from the address.
  await page.goto('/audit-log?operation=update&from=2000-01-01&to=2000-01-31');
  await expect(page.getByPlaceholder('Ngày bắt đầu')).toHaveValue('01-01-2000');
  await expect(page.locator('.ant-table-row')).toHaveCount(0);
  await expect(page.locator('.ant-empty')).toBeVisible();
});

test('staff see no audit log: not in the navigation, not found at its address, 403 from the server', async ({ page }) => {
  await switchUser(page, STAFF);
  await expect(page.getByRole('menuitem', { name: 'Hệ thống' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Hệ thống' }).click();
  await expect(page.getByRole('menuitem', { name: 'Thùng rác' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: AUDIT })).toHaveCount(0);
  await page.goto('/audit-log');
  await expect(page.getByText('Địa chỉ này không có trong Sitedesk.')).toBeVisible();
  await expect(page.getByRole('heading', { name: AUDIT })).toHaveCount(0);
  const answer = await page.request.get('/api/Audit', { headers: { Authorization: `Bearer ${await tokenOf(page)}` } });
  expect(answer.status()).toBe(403);
});
