// What the generic list shows (issue 26, items 2, 3, 6, 7 and 9), checked as a user reads the screen: per-language
// text in the content language and never as raw JSON, every date in one format in the browser's local time, key
// columns clear of the sticky actions column at 1024 and 1440 px, per-language columns without "VI EN" chips, and a
// tree list's pager counting the rows it shows.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_SITES, LABELS, chooseOption, openUserMenu, ADMIN, signIn } from './support';
import { api, unique } from './content-support';

// Seven hours east of UTC, so a date shown in UTC (or an ISO instant) cannot pass for local time.
const TIME_ZONE = 'Asia/Ho_Chi_Minh';
test.use({ timezoneId: TIME_ZONE });

async function clinicId(page: Page) {
  const websites = (await api(page, 'GET', 'Websites/get-all')) as unknown as { id: number; isDefault: boolean }[];
  return websites.find((w) => w.isDefault)!.id;
}

/** `HH:mm DD-MM-YYYY` of an instant in the browser's time zone, worked out here independently of the console. */
function localDateTime(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.hour}:${parts.minute} ${parts.day}-${parts.month}-${parts.year}`;
}

/** The cell of `row` under the column headed `title`. */
async function cellUnder(page: Page, row: Locator, title: string): Promise<Locator> {
  await expect(row).toBeVisible();
  const headers = (await page.locator('thead th').allInnerTexts()).map((t) => t.trim());
  const index = headers.indexOf(title);
  expect(index, `column "${title}" among ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return row.locator('> td').nth(index);
}

/** The cell's right edge is left of the sticky actions cell of its row: nothing of it lies underneath. */
async function expectClearOfActions(cell: Locator, actions: Locator) {
  const [a, b] = [await cell.boundingBox(), await actions.boundingBox()];
  expect(a && b, 'both cells on screen').toBeTruthy();
  expect(a!.x + a!.width).toBeLessThanOrEqual(b!.x + 0.5);
}

async function interfaceInEnglish(page: Page) {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Ngôn ngữ giao diện' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
}

test('applications name their jobs in the content language, never as JSON, in both interface languages; dates read in local time', async ({ page }) => {
  await signIn(page, ADMIN, null);
  const site = await clinicId(page);
  const jobName = `Dược sĩ ${unique()}`;
  const job = (await api(page, 'POST', `Jobs/${site}`, { name: JSON.stringify({ 'vi-VN': jobName, 'en-US': `Pharmacist ${jobName.slice(8)}` }), seoLink: `duoc-si-${unique()}`, salaryRange: '12 triệu', quantity: 1, order: 0, isActive: true })).data as { id: number };
  const applicant = `Ứng Viên ${unique()}`;
  const posted = await page.request.post(`/public/${site}/applications`, { data: { fullName: applicant, phoneNumber: '0977 123 456', jobIds: [job.id] } });
  expect(posted.status(), await posted.text()).toBe(201);
  const sent = ((await api(page, 'GET', `Recruitments/${site}?keyword=${encodeURIComponent(applicant)}`)) as unknown as { data: { createdAt: string }[] }).data[0];

  await page.goto('/recruitment');
  const row = page.locator('tbody tr.ant-table-row').filter({ hasText: applicant });
  await expect(await cellUnder(page, row, 'Vị trí ứng tuyển')).toHaveText(jobName);
  await expect(await cellUnder(page, row, 'Ngày nộp')).toHaveText(localDateTime(sent.createdAt));
  await expect(page.locator('main')).not.toContainText('{"vi-VN"');
  await expect(page.locator('main')).not.toContainText('"en-US"');

  // English content: the English names; the English interface: still no JSON.
  await chooseOption(page, LABELS.language, 'English');
  await expect(await cellUnder(page, row, 'Vị trí ứng tuyển')).toHaveText(`Pharmacist ${jobName.slice(8)}`);
  await interfaceInEnglish(page);
  await page.goto('/recruitment');
  await expect(await cellUnder(page, row, 'Jobs applied for')).toHaveText(`Pharmacist ${jobName.slice(8)}`);
  await expect(page.locator('main')).not.toContainText('{"vi-VN"');
  await expect(page.locator('main')).not.toContainText('"en-US"');
});

test("the form's date picker reads and writes DD-MM-YYYY, and the server gets the day picked", async ({ page }) => {
  await signIn(page, ADMIN, null);
  const site = await clinicId(page);
  const applicant = `Ứng Viên Giấy ${unique()}`;
  await page.goto('/recruitment/add');
  await page.getByLabel('Họ tên').fill(applicant);
  await page.getByLabel('Số điện thoại').fill('0977 000 111');
  await page.getByLabel('Ngày sinh').fill('08-03-1999');
  await page.getByLabel('Ngày sinh').press('Enter');
  await expect(page.getByLabel('Ngày sinh')).toHaveValue('08-03-1999');
  await page.getByRole('button', { name: /Lưu$/ }).click();
  await expect(page.getByText('Thêm mới thành công')).toBeVisible();
  const saved = ((await api(page, 'GET', `Recruitments/${site}?keyword=${encodeURIComponent(applicant)}`)) as unknown as { data: { id: number; birthday: string }[] }).data[0];
  expect(saved.birthday.slice(0, 10)).toBe('1999-03-08');
  await page.goto(`/recruitment/${saved.id}`);
  await expect(page.getByLabel('Ngày sinh')).toHaveValue('08-03-1999');
});

test('at 1024×700 a booking shows its day and booking time as DD-MM-YYYY and HH:mm DD-MM-YYYY, its status clear of the actions column', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await signIn(page, ADMIN, null);
  const site = await clinicId(page);
  // The demo's first branch (the lowest id): other journeys add branches, whose longer names would widen the column.
  const branch = Math.min(...((await api(page, 'GET', `BranchContacts/get-all/${site}`)) as unknown as { id: number }[]).map((b) => b.id));
  const name = `Khách Hẹn ${unique()}`;
  const posted = await page.request.post(`/public/${site}/bookings`, { data: { customerName: name, customerPhone: '0987 654 321', appointmentDate: '2026-12-10', startTime: '09:30', branchId: branch } });
  expect(posted.status(), await posted.text()).toBe(201);
  const booked = ((await api(page, 'GET', `Bookings/${site}?keyword=${encodeURIComponent(name)}`)) as unknown as { data: { createdAt: string }[] }).data[0];

  await page.goto('/booking');
  await page.getByPlaceholder('Từ khoá').fill(name);
  await page.getByPlaceholder('Từ khoá').press('Enter');
  const row = page.locator('tbody tr.ant-table-row').filter({ hasText: name });
  await expect(await cellUnder(page, row, 'Ngày hẹn')).toHaveText('10-12-2026');
  await expect(await cellUnder(page, row, 'Ngày đặt')).toHaveText(localDateTime(booked.createdAt));
  for (const text of await row.locator('> td').allInnerTexts()) expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}|T\d{2}:/);

  // Every row: the name, the status and the dates lie left of the sticky actions cell.
  await page.getByPlaceholder('Từ khoá').fill('');
  await page.getByPlaceholder('Từ khoá').press('Enter');
  await expect(page.getByRole('cell', { name: DEMO_SITES.clinic.bookings[0].customerName })).toBeVisible();
  for (const each of await page.locator('tbody tr.ant-table-row').all()) {
    const actions = each.locator('td.ant-table-cell-fix-right');
    for (const title of ['Khách hàng', 'Ngày hẹn', 'Trạng thái', 'Ngày đặt']) await expectClearOfActions(await cellUnder(page, each, title), actions);
  }
});

test('at 1440 the sick list shows its thumbnails and image header clear of the actions column', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN, '/sick');
  const row = page.locator('tbody tr.ant-table-row').filter({ has: page.getByTestId('sick-image-cell') }).first();
  const imageCell = row.getByTestId('sick-image-cell');
  await expect(imageCell).toBeVisible();
  await expectClearOfActions(imageCell, row.locator('td.ant-table-cell-fix-right'));
  await expectClearOfActions(page.getByRole('columnheader', { name: 'Hình ảnh' }), page.locator('thead th.ant-table-cell-fix-right'));
  // Also at 1024: the name stays whole beside the actions.
  await page.setViewportSize({ width: 1024, height: 700 });
  await expectClearOfActions(await cellUnder(page, row, 'Tên'), row.locator('td.ant-table-cell-fix-right'));
  await expectClearOfActions(imageCell, row.locator('td.ant-table-cell-fix-right'));
});

test('the careers list shows each column in the content language: no "VI EN" chips, a title without "EN" after an edit', async ({ page }) => {
  await signIn(page, ADMIN, null);
  const site = await clinicId(page);
  const name = `Kế toán ${unique()}`;
  const created = (await api(page, 'POST', `listCategorys/${site}/1`, { name: JSON.stringify({ 'vi-VN': name, 'en-US': `Accounting ${name.slice(8)}` }), seoLink: `ke-toan-${unique()}`, order: 9, isActive: true })).data as number | { id: number };
  const id = typeof created === 'number' ? created : created.id;

  // The demo careers have no description or content in any language: the cells are empty, not marked.
  await page.goto('/career');
  const demo = page.locator('tbody tr.ant-table-row').filter({ hasText: DEMO_SITES.clinic.listCategories[1][0].name['vi-VN'] });
  await expect(await cellUnder(page, demo, 'Mô tả')).toHaveText('');
  await expect((await cellUnder(page, demo, 'Mô tả')).getByTestId('missing-translation')).toHaveCount(0);
  await expect(page.locator('tbody')).not.toContainText('VI EN');

  // A title and a description written in Vietnamese only, through the form.
  await page.goto(`/career/${id}`);
  await page.getByLabel('Tiêu đề (Tiếng Việt)').fill(`${name} tiêu đề`);
  await page.getByLabel('Mô tả (Tiếng Việt)').fill(`Dòng một\nDòng hai của ${name}`);
  await page.getByRole('button', { name: /Lưu$/ }).click();
  await expect(page.getByText('Cập nhật thành công')).toBeVisible();
  await page.goto('/career');
  const row = page.locator('tbody tr.ant-table-row').filter({ hasText: name });
  const title = await cellUnder(page, row, 'Tiêu đề');
  await expect(title).toHaveText(`${name} tiêu đề`);
  await expect(title.getByTestId('missing-translation')).toHaveAttribute('aria-label', 'Chưa nhập: English');
  await expect(await cellUnder(page, row, 'Mô tả')).toHaveText(`Dòng một Dòng hai của ${name}`);
});

test("the partners' tree pager counts the rows it shows, children included", async ({ page }) => {
  await signIn(page, ADMIN, '/partner');
  const child = DEMO_SITES.clinic.partners.find((p) => p.parent !== undefined)!;
  await expect(page.locator('tr.ant-table-row-level-1').filter({ hasText: child.name['vi-VN'] })).toBeVisible();
  const shown = await page.locator('tbody tr.ant-table-row').count();
  const site = await clinicId(page);
  const all = ((await api(page, 'GET', `Partners/get-all/${site}`)) as unknown as unknown[]).length;
  expect(shown).toBeGreaterThan(1);
  await expect(page.locator('.ant-pagination-total-text')).toHaveText(`1-${shown} trên ${all} mục`);
});
