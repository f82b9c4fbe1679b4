// Roles as data in the console (issue 39): the administrator reads the built-in roles, gives a staff member another
// role on a website in its staff table, and that member's console no longer lists nor opens what the role leaves
// out; a role's matrix saves, reads back as saved, refuses a stale save, and an unused role is deleted.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, navLinks, openClinicStaff, signIn, STAFF, switchUser } from './support';

// Two people's sessions and a page of some 250 controls on a shared, busy machine.
test.describe.configure({ timeout: 180_000 });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Pick `text` in the antd Select `select` (clicked again if a click was lost on a busy machine). */
async function pick(page: Page, select: Locator, text: string) {
  const option = page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${text}"]`);
  await expect(async () => {
    if (!(await option.isVisible())) await select.click();
    await option.click({ timeout: 3000 });
    await expect(select.locator('.ant-select-selection-item').first()).toHaveText(text, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

test('a role without bookings takes them out of the member’s console', async ({ page }) => {
  await signIn(page, ADMIN);
  // The roles are in the system group of the navigation; the five built-ins are there.
  expect(await navLinks(page)).toContain('/roles');
  await page.getByTestId('side-nav').getByRole('link', { name: 'Vai trò' }).click();
  await expect(page).toHaveURL(/\/roles$/);
  const list = page.getByTestId('role-list');
  for (const name of ['Nhân viên', 'Người duyệt', 'Biên tập viên', 'Lễ tân', 'Nhân viên tuyển dụng']) await expect(list.getByRole('link', { name, exact: true })).toBeVisible();

  // Lan is Staff on the clinic and sees its bookings.
  await switchUser(page, STAFF);
  expect(await navLinks(page)).toContain('/booking');

  // The administrator makes her Editor there (none of bookings, feedback, applications…), in the staff table.
  await switchUser(page, ADMIN);
  const staff = await openClinicStaff(page);
  const lanRole = staff.getByRole('row').filter({ hasText: STAFF.fullName }).locator('.ant-select');
  await expect(lanRole.locator('.ant-select-selection-item')).toHaveText('Nhân viên');
  await pick(page, lanRole, 'Biên tập viên');
  await expect(page.getByText('Đã đổi vai trò')).toBeVisible();
  // The role lists her among its members.
  await page.goto('/roles');
  await page.getByTestId('role-list').getByRole('link', { name: 'Biên tập viên', exact: true }).click();
  await expect(page.getByTestId('role-members')).toContainText(STAFF.fullName);

  try {
    await switchUser(page, STAFF);
    const links = await navLinks(page);
    expect(links).not.toContain('/booking');
    expect(links).toContain('/news');
    // Typed in, the address answers with a refusal naming her role, and the list is not read.
    await page.goto('/booking');
    await expect(page.getByTestId('role-refused')).toContainText('Biên tập viên');
    await expect(page.getByRole('table')).toHaveCount(0);
  } finally {
    // Staff again, as the demo has her (other journeys sign in as Lan).
    await switchUser(page, ADMIN);
    const again = await openClinicStaff(page);
    await pick(page, again.getByRole('row').filter({ hasText: STAFF.fullName }).locator('.ant-select'), 'Nhân viên');
    await expect(page.getByText('Đã đổi vai trò')).toBeVisible();
  }
});

test('a role’s matrix saves and reads back, a stale save is refused, an unused role is deleted', async ({ page, context }) => {
  await signIn(page, ADMIN, '/roles');
  await page.getByRole('button', { name: 'Thêm vai trò' }).click();
  const name = `Trực quầy ${unique()}`;
  // Both names are required.
  await page.getByTestId('role-save').click();
  await expect(page.getByText('Vui lòng nhập tên vai trò').first()).toBeVisible();
  await page.getByTestId('role-name-vi-VN').fill(name);
  await page.getByTestId('role-name-en-US').fill(`Front desk ${name}`);
  // Bookings: list and read all, update own, confirm allowed, the note hidden; rows grouped as the navigation groups them.
  const bookings = page.getByTestId('matrix-customers').getByTestId('matrix-row-Bookings');
  await pick(page, bookings.getByTestId('grant-Bookings-list'), 'Tất cả');
  await pick(page, bookings.getByTestId('grant-Bookings-read'), 'Tất cả');
  await pick(page, bookings.getByTestId('grant-Bookings-update'), 'Của mình');
  const firstAction = bookings.locator('[data-testid^="action-Bookings-"]').first();
  const actionId = await firstAction.getAttribute('data-testid');
  await firstAction.click();
  await page.getByTestId('role-save').click();
  await expect(page.getByText(/thành công/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/roles\/\d+$/);

  // Read back from the server as saved.
  await page.reload();
  const again = page.getByTestId('matrix-row-Bookings');
  await expect(page.getByTestId('role-name-vi-VN')).toHaveValue(name);
  await expect(again.getByTestId('grant-Bookings-list')).toHaveText('Tất cả');
  await expect(again.getByTestId('grant-Bookings-update')).toHaveText('Của mình');
  await expect(again.getByTestId('grant-Bookings-delete')).toHaveText('Không');
  await expect(again.getByTestId(actionId!)).toBeChecked();

  // Someone else saves it meanwhile: this page's save is refused as stale, nothing overwritten.
  const other = await context.newPage();
  await other.goto(page.url());
  await pick(other, other.getByTestId('matrix-row-Bookings').getByTestId('grant-Bookings-delete'), 'Tất cả');
  await other.getByTestId('role-save').click();
  await expect(other.getByText(/thành công/).first()).toBeVisible();
  await pick(page, again.getByTestId('grant-Bookings-create'), 'Tất cả');
  await page.getByTestId('role-save').click();
  await expect(page.getByTestId('role-conflict')).toContainText('Bản ghi đã bị thay đổi');
  await page.getByTestId('role-conflict').getByRole('button', { name: 'Tải lại' }).click();
  await expect(page.getByTestId('matrix-row-Bookings').getByTestId('grant-Bookings-delete')).toHaveText('Tất cả');
  await expect(page.getByTestId('matrix-row-Bookings').getByTestId('grant-Bookings-create')).toHaveText('Không');
  await other.close();

  // Nobody holds it: it is deleted.
  await page.getByRole('button', { name: 'Xoá' }).click();
  await page.getByTestId('decision-ok').click();
  await expect(page).toHaveURL(/\/roles$/);
  await expect(page.getByTestId('role-list').getByRole('link', { name, exact: true })).toHaveCount(0);
});
