// Career, level and job-type categories and service groups: one definition function, four screens. A career made
// through /career/add (which /career/:id would also match), opened again from the row's context menu, and the
// screen in the English interface; the service groups of the demo are listed.
import { expect, test } from '@playwright/test';
import { DEMO_SITES, openUserMenu, ADMIN, signIn } from './support';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('a career through /career/add, opened from the context menu, in both interface languages', async ({ page }) => {
  const name = `Điều dưỡng ${unique()}`;
  await signIn(page, ADMIN, '/career/add');
  await expect(page.getByRole('heading', { name: /Ngành nghề/ })).toBeVisible();
  await page.getByRole('button', { name: /Lưu$/ }).click();
  const summary = page.getByTestId('validation-summary');
  await expect(summary).toContainText('Tên (Tiếng Việt) là trường bắt buộc');
  await expect(summary).toContainText('Tên (English) là trường bắt buộc');
  await expect(summary).toContainText('Đường dẫn SEO là trường bắt buộc');

  await page.getByLabel('Tên (Tiếng Việt)').fill(name);
  await page.getByRole('tab', { name: 'English' }).click();
  await page.getByLabel('Tên (English)').fill(`${name} EN`);
  await page.getByLabel('Đường dẫn SEO').fill(`dieu-duong-${unique()}`);
  await page.getByRole('button', { name: /Lưu$/ }).click();
  await expect(page.getByText('Thêm mới thành công')).toBeVisible();
  await expect(page).toHaveURL(/\/career$/);

  // Right-click the row: "Chi tiết" opens the record.
  await page.getByRole('cell', { name, exact: true }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Chi tiết' }).click();
  await expect(page).toHaveURL(/\/career\/\d+$/);
  await expect(page.getByLabel('Tên (Tiếng Việt)')).toHaveValue(name);

  // The same screen in the English interface; the data language stays Vietnamese.
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Ngôn ngữ giao diện' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.goto('/career');
  await expect(page.getByRole('heading', { name: 'Career' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'SEO link' })).toBeVisible();
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
});

test('service groups, levels and job types list the demo records', async ({ page }) => {
  await signIn(page, ADMIN, null);
  const lists: [string, string][] = [
    ['/group-service', DEMO_SITES.clinic.listCategories[0][0].name['vi-VN']],
    ['/level', DEMO_SITES.clinic.listCategories[2][0].name['vi-VN']],
    ['/job-type', DEMO_SITES.clinic.listCategories[3][0].name['vi-VN']],
  ];
  for (const [path, name] of lists) {
    await page.goto(path);
    // The demo's title is its name: both columns show it.
    await expect(page.getByRole('cell', { name, exact: true }).first()).toBeVisible();
  }
});

test('the hospital lists: a department added on its screen is offered to specializations; prices in dong', async ({ page }) => {
  const name = `Khoa Mắt ${unique()}`;
  await signIn(page, ADMIN, '/department');
  await expect(page.getByRole('cell', { name: 'Khoa Tim mạch', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Thêm mới' }).click();
  await page.getByLabel('Tên khoa').fill(name);
  await page.getByRole('button', { name: /Lưu$/ }).first().click();
  await expect(page.getByText('Thêm mới thành công')).toBeVisible();
  await expect(page).toHaveURL(/\/department$/);

  await page.goto('/specialization/add');
  await page.getByRole('combobox', { name: 'Khoa phòng' }).click();
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toContainText(name);

  await page.goto('/service-catalogue');
  await expect(page.getByRole('row').filter({ hasText: 'Siêu âm tim' })).toContainText('450.000 ₫');
});
