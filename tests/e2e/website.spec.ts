// Website management against the real server: create a website, give it two languages and a staff member,
// fill the second language, and see the header's selector follow.
import { expect, test, type Page } from '@playwright/test';
import { chooseOption, selectByLabel, selectedText, ADMIN, signIn, STAFF, WEBSITES } from './support';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The popup of a child collection, by its title. */
const popup = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });

test('create a website with two languages and a staff member', async ({ page }) => {
  const name = `Website ${unique()}`;
  await signIn(page, ADMIN, '/website');
  await expect(page.getByRole('heading', { name: 'Danh sách website', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Thêm mới' }).click();
  await expect(page).toHaveURL(/\/website\/add$/);

  // A new website has no languages yet: one tab, vi-VN. Saving empty shows the summary with the spec's message.
  await page.getByRole('button', { name: 'Lưu và tiếp tục sửa' }).click();
  const summary = page.getByTestId('validation-summary');
  await expect(summary).toContainText('Tên website (Tiếng Việt) là trường bắt buộc');
  await page.getByLabel('Tên website (Tiếng Việt)').fill(name);
  await expect(summary).toBeHidden();
  await page.getByLabel('Số điện thoại').fill('0909 000 111');
  // The origins the delivery API lets read the website's content (/content): one http(s) origin a line.
  const origins = page.getByLabel('Tên miền được đọc nội dung');
  await origins.fill('www.example.com');
  await expect(page.getByText('Tên miền được đọc nội dung không đúng định dạng').first()).toBeVisible();
  await origins.fill('https://www.example.com\nhttp://localhost:3000');
  await expect(page.getByText('Tên miền được đọc nội dung không đúng định dạng')).toHaveCount(0);
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Thêm mới thành công')).toBeVisible();
  await expect(page).toHaveURL(/\/website\/\d+$/);
  const websiteId = page.url().split('/').pop();

  // Languages: required, then Vietnamese and English.
  const languages = page.getByRole('tabpanel', { name: 'Ngôn ngữ' });
  for (const language of ['Tiếng Việt', 'English']) {
    await languages.getByRole('button', { name: 'Thêm mới' }).click();
    const dialog = popup(page, 'Thêm Ngôn ngữ website');
    if (language === 'Tiếng Việt') {
      await dialog.getByRole('button', { name: 'Lưu' }).click();
      await expect(dialog).toContainText('Ngôn ngữ là trường bắt buộc');
    }
    await chooseOption(page, 'Ngôn ngữ', language);
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await expect(dialog).toBeHidden();
    await expect(languages.getByRole('cell', { name: language, exact: true })).toBeVisible();
  }

  // The form now has an English tab, marked as missing the name.
  const englishTab = page.getByTestId('language-tab-en-US');
  await expect(englishTab).toHaveAttribute('data-missing', /name/);
  await page.getByRole('tab', { name: 'English' }).click();
  await page.getByLabel('Tên website (English)').fill(`${name} EN`);
  await expect(page.getByRole('tab', { name: 'English' })).not.toHaveAttribute('data-missing');

  // Staff: a user is required, picked from all employees.
  await page.getByRole('tab', { name: 'Nhân viên' }).click();
  const staff = page.getByRole('tabpanel', { name: 'Nhân viên' });
  await staff.getByRole('button', { name: 'Thêm mới' }).click();
  const staffDialog = popup(page, 'Thêm Nhân viên website');
  await staffDialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(staffDialog).toContainText('Nhân viên là trường bắt buộc');
  await chooseOption(page, 'Nhân viên', 'Nguyễn Thị Lan');
  // Her role on this website (issue 39; Staff when none is picked).
  await chooseOption(page, 'Vai trò', 'Lễ tân');
  await staffDialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(staffDialog).toBeHidden();
  await expect(staff.getByRole('cell', { name: 'Nguyễn Thị Lan' })).toBeVisible();
  await expect(staff.getByRole('row').filter({ hasText: 'Nguyễn Thị Lan' }).locator('.ant-select-selection-item')).toHaveText('Lễ tân');

  // Save: back to the list, which shows the new website; the header offers it with its languages.
  await page.getByRole('button', { name: /Lưu$/ }).click();
  await expect(page.getByText('Cập nhật thành công')).toBeVisible();
  await expect(page).toHaveURL(/\/website$/);
  await expect(page.getByRole('cell', { name })).toBeVisible();
  await chooseOption(page, 'Website', name);
  await selectByLabel(page, 'Ngôn ngữ nội dung').click();
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="English"]')).toBeVisible();
  await page.keyboard.press('Escape');

  // What was saved, read back from the server.
  await page.goto(`/website/${websiteId}`);
  await expect(page.getByLabel('Tên website (Tiếng Việt)')).toHaveValue(name);
  await expect(page.getByLabel('Tên miền được đọc nội dung')).toHaveValue('https://www.example.com\nhttp://localhost:3000');
  await page.getByRole('tab', { name: 'English' }).first().click();
  await expect(page.getByLabel('Tên website (English)')).toHaveValue(`${name} EN`);
});

test('the list exports what it shows to CSV (UTF-8 with BOM) and Excel', async ({ page }) => {
  await signIn(page, ADMIN, '/website');
  await expect(page.getByRole('cell', { name: WEBSITES.clinic })).toBeVisible();
  for (const [item, extension] of [
    ['Xuất CSV', 'csv'],
    ['Xuất Excel', 'xlsx'],
  ] as const) {
    await page.getByRole('button', { name: 'Xuất' }).hover();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: item }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^website-\\d{4}-\\d{2}-\\d{2}\\.${extension}$`));
    const bytes = await streamBytes(await file.createReadStream());
    if (extension === 'csv') {
      const text = bytes.toString('utf8');
      expect(text.charCodeAt(0)).toBe(0xfeff);
      expect(text).toContain('Tên website,Số điện thoại,Địa chỉ,Kích hoạt,Mặc định');
      expect(text).toContain(WEBSITES.clinic);
    } else {
      expect(bytes.subarray(0, 2).toString()).toBe('PK'); // a zip: the xlsx container
    }
  }
});

test('leaving a form with unsaved changes asks first', async ({ page }) => {
  await signIn(page, ADMIN, '/website/add');
  await page.getByLabel('Tên website (Tiếng Việt)').fill('Chưa lưu');
  await page.getByRole('button', { name: 'Quay lại' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Có thay đổi chưa lưu' });
  await confirm.getByRole('button', { name: 'Ở lại' }).click();
  await expect(page).toHaveURL(/\/website\/add$/);
  await expect(page.getByLabel('Tên website (Tiếng Việt)')).toHaveValue('Chưa lưu');
  await page.getByRole('button', { name: 'Quay lại' }).click();
  await page.getByRole('dialog').filter({ hasText: 'Có thay đổi chưa lưu' }).getByRole('button', { name: 'Rời đi' }).click();
  await expect(page).toHaveURL(/\/website$/);
});

async function streamBytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

test('switching website in the header with unsaved changes asks first', async ({ page }) => {
  await signIn(page, ADMIN, '/info-website');
  const brand = page.getByLabel('Thương hiệu (Tiếng Việt)');
  await brand.fill('Chưa lưu');
  const confirm = page.getByRole('dialog').filter({ hasText: 'Có thay đổi chưa lưu' });

  // Stay: the website and the typed text are kept.
  await selectByLabel(page, 'Website').click();
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${WEBSITES.spa}"]`).click();
  await confirm.getByRole('button', { name: 'Ở lại' }).click();
  await expect(confirm).toBeHidden();
  await expect.poll(() => selectedText(page, 'Website')).toBe(WEBSITES.clinic);
  await expect(brand).toHaveValue('Chưa lưu');

  // Discard: the header switches and the screen reloads for the other website.
  await selectByLabel(page, 'Website').click();
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${WEBSITES.spa}"]`).click();
  await confirm.getByRole('button', { name: 'Bỏ thay đổi và đổi' }).click();
  await expect.poll(() => selectedText(page, 'Website')).toBe(WEBSITES.spa);
  await expect(page.getByLabel('Thương hiệu (Tiếng Việt)')).not.toHaveValue('Chưa lưu');

  // Nothing unsaved: switching back asks nothing.
  await chooseOption(page, 'Website', WEBSITES.clinic);
  await expect(confirm).toBeHidden();
});

test('staff see no website administration: not in the menu, not at its address', async ({ page }) => {
  await signIn(page, STAFF);
  // The website group holds the website's information, not the websites list (administrators only).
  await page.getByRole('menuitem', { name: 'Website', exact: false }).first().click();
  await expect(page.getByRole('menuitem', { name: 'Thông tin website' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Danh sách website' })).toHaveCount(0);
  await page.goto('/website');
  await expect(page.getByText('Địa chỉ này không có trong Sitedesk.')).toBeVisible();
});
