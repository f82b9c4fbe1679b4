// The audit log (issue 29), "Nhật ký hệ thống": an administrator finds a change by person and operation, opens its
// fields before and after, and exports what the filters select; staff see no such area, its address shows the
// not-found page, and the server refuses them the call (403). Issue 42: rows, the entry and the exports name areas,
// records, fields and statuses as the screens do (the History panel's view of the changes), never by internal names
// or codes.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { api, tokenOf, unique } from './content-support';
import { ADMIN, chooseOption, REVIEWER, selectByLabel, signIn, STAFF, switchUser } from './support';

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
  // The record by its name, a link to its screen; the change summed up by the field's label.
  const row = page.locator('.ant-table-row').filter({ hasText: 'Nhóm câu hỏi' }).filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(ADMIN.fullName);
  await expect(row).toContainText('Cập nhật');
  await expect(row.getByTestId('change-summary')).toContainText('Mã: AUD-1 → AUD-2');
  await expect(row.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/faq-group/${created.id}?website=${website}`);
  // One column is the operation ("Thao tác"), the other opens the details.
  await expect(page.getByRole('columnheader', { name: 'Thao tác', exact: true })).toHaveCount(1);
  await expect(page.getByRole('columnheader', { name: 'Chi tiết', exact: true })).toHaveCount(1);
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
  expect(csv).toContain('Thời gian,Người thực hiện,Website,Khu vực,Bản ghi,Mã bản ghi,Thao tác,Thay đổi');
  expect(csv).toContain(`,Nhóm câu hỏi,${name},${created.id},Cập nhật,Mã: AUD-1 → AUD-2`);
  // Times in ISO 8601.
  expect(csv).toMatch(/\r\n\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,/);
  expect(csv).not.toContain('Đăng nhập');

  // The address alone opens the log filtered the same way.
  await page.goto(new URL(page.url()).pathname + new URL(page.url()).search);
  await expect(page.locator('.ant-table-row').filter({ has: page.getByRole('link', { name, exact: true }) }).first()).toBeVisible();
  // Dates: a range long before today selects nothing; the picker shows the range from the address.
  await page.goto('/audit-log?operation=update&from=2000-01-01&to=2000-01-31');
  await expect(page.getByPlaceholder('Ngày bắt đầu')).toHaveValue('01-01-2000');
  await expect(page.locator('.ant-table-row')).toHaveCount(0);
  await expect(page.locator('.ant-empty')).toBeVisible();
});

test("a news item's approval reads as the History panel reads it: the area, the record's title, the status in words, in the exports too", async ({ page }) => {
  await signIn(page, ADMIN, null);
  const u = unique();
  const title = `Tin kiểm toán ${u}`;
  const body = {
    newsTranslations: [
      { languageId: 'vi-VN', title, content: '<p>Lịch khám <b>mới</b> từ thứ hai</p>', seoLink: `tin-kiem-toan-${u}` },
      { languageId: 'en-US', title: `Audit news ${u}`, content: '<p>New hours</p>', seoLink: `audit-news-${u}` },
    ],
    featureImage: '/files/a.png',
    featureImageMobile: '/files/a.png',
    type: 0,
  };
  // Written, sent for review, approved by the reviewer.
  const { id } = (await api(page, 'POST', 'News/1/false', body)).data as { id: number };
  const draft = (await api(page, 'GET', `News/detail/1/${id}`)).data as { concurrencyStamp: string };
  await api(page, 'PUT', `News/1/${id}/true`, { ...body, concurrencyStamp: draft.concurrencyStamp });
  await signIn(page, REVIEWER, null);
  await api(page, 'PUT', `News/status/1/${id}`, { status: 2 });
  await signIn(page, ADMIN, '/audit-log');

  // News is an area of the filter, by its name in the navigation.
  await selectByLabel(page, 'Khu vực').click();
  await page.keyboard.type('Tin t');
  await chooseOption(page, 'Khu vực', 'Tin tức');
  // The operations are many: typed to find the decision's.
  await selectByLabel(page, 'Thao tác').click();
  await page.keyboard.type('Duyệt');
  await chooseOption(page, 'Thao tác', 'Duyệt');
  await expect(page).toHaveURL(/resource=news/);
  await expect(page).toHaveURL(/operation=approve/);
  const row = page.locator('.ant-table-row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Tin tức');
  await expect(row).toContainText(REVIEWER.fullName);
  // The status by its words under the field's label: not `approvedStatus`, not `1 → 2`.
  await expect(row.getByTestId('change-summary')).toHaveText('Trạng thái: Chờ duyệt → Đã duyệt');
  await expect(row).not.toContainText('approvedStatus');
  await expect(row).not.toContainText('1 → 2');

  // The entry: the History panel's view (labels, words, nothing the form does not show).
  await row.getByRole('button', { name: 'Xem thay đổi' }).click();
  const entry = page.getByTestId('audit-entry');
  const status = entry.locator('tr[data-field="approvedStatus"]');
  await expect(status).toContainText('Trạng thái');
  await expect(status.getByTestId('change-before')).toHaveText('Chờ duyệt');
  await expect(status.getByTestId('change-after')).toHaveText('Đã duyệt');
  await expect(entry).not.toContainText('submittedBy');
  await expect(entry).not.toContainText('news');
  await page.keyboard.press('Escape');
  await expect(entry).toBeHidden();

  // JSON: the same words, the time in ISO 8601.
  await page.getByRole('button', { name: 'Xuất' }).hover();
  const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Xuất JSON' }).click()]);
  expect(json.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.json$/);
  const records = JSON.parse(readFileSync((await json.path())!, 'utf8')) as Record<string, unknown>[];
  const mine = records.find((r) => r.recordId === String(id))!;
  expect(mine).toMatchObject({ area: 'Tin tức', record: title, operation: 'Duyệt', changes: [{ field: 'Trạng thái', before: 'Chờ duyệt', after: 'Đã duyệt' }] });
  expect(mine.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  // Excel: the time is a date cell, the record its title.
  await page.getByRole('button', { name: 'Xuất' }).hover();
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Xuất Excel' }).click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await xlsx.path())!);
  const sheet = workbook.worksheets[0];
  expect(sheet.getRow(1).values).toEqual([undefined, 'Thời gian', 'Người thực hiện', 'Website', 'Khu vực', 'Bản ghi', 'Mã bản ghi', 'Thao tác', 'Thay đổi']);
  const line = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(6).value === String(id))!;
  expect(line.getCell(1).value).toBeInstanceOf(Date);
  expect(line.getCell(5).value).toBe(title);
  expect(line.getCell(8).value).toBe('Trạng thái: Chờ duyệt → Đã duyệt');

  // The record's title opens its screen.
  await row.getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/news/${id}`));
  await expect(page.getByLabel('Tiêu đề (Tiếng Việt)')).toHaveValue(title, { timeout: 30_000 });
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
