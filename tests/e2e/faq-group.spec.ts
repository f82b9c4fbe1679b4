// FAQ groups, a screen that is nothing but its resource definition and one route line: list with its
// search panel, add with the spec's messages in both language tabs, edit, delete, against the real server.
import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from './support';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('FAQ groups: add, find with the search panel, edit and delete', async ({ page }) => {
  const name = `Nhóm ${unique()}`;
  await signIn(page, ADMIN, '/faq-group');
  await expect(page.getByRole('heading', { name: 'Nhóm câu hỏi' })).toBeVisible();

  await page.getByRole('button', { name: 'Thêm mới' }).click();
  await expect(page).toHaveURL(/\/faq-group\/add$/);
  await page.getByRole('button', { name: /Lưu$/ }).click();
  const summary = page.getByTestId('validation-summary');
  await expect(summary).toContainText('Tên nhóm (Tiếng Việt) là trường bắt buộc');
  await expect(summary).toContainText('Tên nhóm (English) là trường bắt buộc');

  await page.getByLabel('Tên nhóm (Tiếng Việt)').fill(name);
  await page.getByRole('tab', { name: 'English' }).click();
  await page.getByLabel('Tên nhóm (English)').fill(`${name} EN`);
  await page.getByLabel('Mã', { exact: true }).fill('FAQ-1');
  await page.getByRole('button', { name: /Lưu$/ }).click();
  await expect(page.getByText('Thêm mới thành công')).toBeVisible();
  await expect(page).toHaveURL(/\/faq-group$/);
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  // The pager counts records ("mục"), in Vietnamese.
  await expect(page.locator('.ant-pagination-total-text')).toHaveText(/^\s*\d+-\d+ trên \d+ mục$/);

  // The search panel: the name without its diacritics still finds it.
  const folded = name.replace('ó', 'o');
  await page.locator('.ant-pro-query-filter').getByLabel('Tên nhóm').fill(folded);
  await page.getByRole('button', { name: 'Tìm kiếm' }).click();
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  await page.locator('.ant-pro-query-filter').getByLabel('Tên nhóm').fill('không có nhóm nào như vậy');
  await page.getByRole('button', { name: 'Tìm kiếm' }).click();
  await expect(page.getByRole('cell', { name, exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Đặt lại' }).click();

  // Double-click opens it; an edit is saved and shown.
  await page.getByRole('cell', { name, exact: true }).dblclick();
  await expect(page).toHaveURL(/\/faq-group\/\d+$/);
  await expect(page.getByLabel('Tên nhóm (Tiếng Việt)')).toHaveValue(name);
  await page.getByLabel('Mã', { exact: true }).fill('FAQ-2');
  await page.getByRole('button', { name: /Lưu$/ }).click();
  await expect(page.getByText('Cập nhật thành công')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('FAQ-2');

  // Delete with confirmation.
  await row.getByRole('button', { name: 'Xoá' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: /OK|Đồng ý|Xoá/ }).click();
  await expect(page.getByRole('cell', { name, exact: true })).toBeHidden();
});
