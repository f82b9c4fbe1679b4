// What every form and list of the engine does before and around the user's work: no error until the user acts,
// not-found records and addresses with a way back, loading distinct from empty, the content language's tab.
import { expect, test } from '@playwright/test';
import { api, unique } from './content-support';
import { chooseOption, LABELS, ADMIN, signIn } from './support';

const fieldErrors = (page: import('@playwright/test').Page) => page.locator('.ant-form-item-explain-error');

test('a fresh form shows no error until a field is touched or saved', async ({ page }) => {
  await signIn(page, ADMIN, null);
  for (const path of ['/faq-group/add', '/menu/add', '/news/add']) {
    await page.goto(path);
    await expect(page.getByTestId('form-footer')).toBeVisible();
    await expect(page.locator('.ant-badge-status-error')).toHaveCount(0);
    await expect(fieldErrors(page)).toHaveCount(0);
    await expect(page.locator('.ant-select-status-error')).toHaveCount(0);
  }
  // Touched and emptied again: now the field says so; saving lists everything missing.
  await page.goto('/faq-group/add');
  const name = page.getByLabel('Tên nhóm (Tiếng Việt)');
  await name.fill('Tạm');
  await name.fill('');
  await expect(fieldErrors(page)).toHaveText(['Tên nhóm (Tiếng Việt) là trường bắt buộc']);
  await page.getByRole('button', { name: /Lưu$/ }).click();
  await expect(page.getByTestId('validation-summary')).toContainText('Tên nhóm (English) là trường bắt buộc');
  await expect(page.locator('.ant-badge-status-error').first()).toBeVisible();
});

test('a record that does not exist shows not-found with a way back, and no unsaved prompt', async ({ page }) => {
  await signIn(page, ADMIN, null);
  for (const [path, list] of [
    ['/news/99999', '/news'],
    ['/news/undefined', '/news'],
    ['/faq-group/99999', '/faq-group'],
    ['/expert-question-and-answer/99999', '/expert-question-and-answer'],
    ['/menu/abc', '/menu'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText('Không có bản ghi này trong website đang chọn.')).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0); // not an editable empty form
    await page.getByRole('button', { name: 'Về danh sách' }).click();
    await expect(page).toHaveURL(new RegExp(`${list}$`));
    await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
  }
});

test('an empty list offers its first record; a filter that matches nothing says so', async ({ page }) => {
  await signIn(page);
  const name = `Website trống ${unique()}`;
  await api(page, 'POST', 'Websites', { name: JSON.stringify({ 'vi-VN': name, 'en-US': name }), isActive: true });
  await page.reload();
  await chooseOption(page, LABELS.website, name);
  await page.goto('/faq-group');
  const add = page.getByRole('button', { name: 'Thêm nhóm câu hỏi đầu tiên' });
  await expect(add).toBeVisible();
  await expect(page.locator('.ant-empty-description').filter({ hasText: /^Trống$/ })).toHaveCount(0);
  await add.click();
  await expect(page).toHaveURL(/\/faq-group\/add$/);

  await chooseOption(page, LABELS.website, 'Phòng khám Sitedesk');
  await page.goto('/news?status=1');
  await page.getByPlaceholder('Từ khoá').fill(`không-có-${unique()}`);
  await page.getByPlaceholder('Từ khoá').press('Enter');
  await expect(page.getByText('Không có mục nào khớp với bộ lọc')).toBeVisible();
});

test('a form opens on the tab of the content language chosen in the header', async ({ page }) => {
  await signIn(page);
  await chooseOption(page, LABELS.language, 'English');
  await page.goto('/faq-group/add');
  await expect(page.getByRole('tab', { name: 'English', selected: true })).toBeVisible();
  await expect(page.getByLabel('Tên nhóm (English)')).toBeVisible();
});
