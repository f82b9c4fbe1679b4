// A person's data request in the console (issue 40, "done when"): the demo's Nguyễn Văn An (0912 345 678) wrote to
// both websites — bookings, feedback, expert questions, an application, a referral. An administrator finds him on the
// "Dữ liệu cá nhân" screen, downloads his data as a ZIP, and erases it with a reason after a confirmation naming how
// many records; the booking is still listed, showing "Đã xoá" where his name was. Staff without the grant see no such
// area.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { signIn, STAFF, switchUser } from './support';

const AREA = 'Dữ liệu cá nhân';
const AN = { name: 'Nguyễn Văn An', phone: '0912 345 678' };
/** His records in the demo (server/demo/content.ts, questions.ts). */
const RECORDS = 8;

test('an administrator finds a person across both websites, exports their data and erases it', async ({ page }) => {
  await signIn(page);
  await page.getByRole('menuitem', { name: 'Hệ thống' }).click();
  await page.getByRole('menuitem', { name: AREA }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { name: AREA })).toBeVisible();

  // Search by his phone written another way: every record on both websites.
  await page.getByLabel('Số điện thoại').fill('+84912345678');
  await page.getByRole('button', { name: 'Tìm kiếm' }).click();
  await expect(page.getByTestId('privacy-found')).toHaveText(`Tìm thấy ${RECORDS} bản ghi`);
  const rows = page.getByTestId('privacy-results').locator('.ant-table-row');
  await expect(rows).toHaveCount(RECORDS);
  for (const area of ['Lịch hẹn', 'Góp ý', 'Hồ sơ ứng tuyển']) await expect(rows.filter({ hasText: area }).first()).toBeVisible();

  // Export: a ZIP with one JSON per record, his own values in each.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Xuất dữ liệu (ZIP)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  const index = JSON.parse(strFromU8(zip['index.json'])) as { records: { file: string }[] };
  expect(index.records).toHaveLength(RECORDS);
  for (const r of index.records) expect(strFromU8(zip[r.file])).toContain(AN.name);

  // Erase: the confirmation names how many records and wants a reason.
  await page.getByRole('button', { name: 'Xoá dữ liệu cá nhân' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Xoá dữ liệu cá nhân của ${RECORDS} bản ghi?`);
  const ok = dialog.getByRole('button', { name: `Xoá ${RECORDS} bản ghi` });
  await expect(ok).toBeDisabled();
  await dialog.getByLabel('Lý do xoá').fill('Khách hàng yêu cầu xoá dữ liệu');
  await ok.click();
  await expect(page.getByText(`Đã xoá dữ liệu cá nhân của ${RECORDS} bản ghi`)).toBeVisible();
  await expect(page.getByTestId('privacy-found')).toHaveText('Tìm thấy 0 bản ghi');

  // The booking stays in the list (it still counts), his name shown as erased.
  await page.goto('/booking');
  const erased = page.locator('.ant-table-row').filter({ has: page.getByTestId('erased-value') });
  await expect(erased.first()).toBeVisible({ timeout: 30_000 });
  await expect(erased.first()).toContainText('Đã xoá');
  await expect(page.locator('.ant-table-row').filter({ hasText: AN.name })).toHaveCount(0);
});

test('staff whose role has no privacy grant see no Personal data area, and its address refuses them', async ({ page }) => {
  await switchUser(page, STAFF);
  const system = page.getByRole('menuitem', { name: 'Hệ thống' });
  if (await system.count()) await system.click();
  await expect(page.getByRole('menuitem', { name: AREA })).toHaveCount(0);
  await page.goto('/privacy');
  await expect(page.getByTestId('role-refused')).toBeVisible();
});
