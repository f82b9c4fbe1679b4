// News category tree against the real server: a parent and a child nested in the tree list, the parent picker
// refusing the category itself and its descendants, and the server refusing a move that a stale form offered.
import { expect, test, type Page } from '@playwright/test';
import { ACCESS_COOKIE, cookie, ADMIN, signIn } from './support';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const saveButton = (page: Page) => page.getByRole('button', { name: /Lưu$/ });

/** Fill the category form (name in both languages and the SEO link). */
async function fillCategory(page: Page, name: string) {
  await page.getByLabel('Tên (Tiếng Việt)').fill(name);
  await page.getByRole('tab', { name: 'English' }).click();
  await page.getByLabel('Tên (English)').fill(`${name} EN`);
  await page.getByLabel('Đường dẫn SEO').fill(`dm-${unique()}`);
}

/** Open the parent picker and return the open tree dropdown. */
async function openParentPicker(page: Page) {
  await page.getByRole('combobox', { name: 'Danh mục cha' }).click();
  return page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
}

const treeNode = (dropdown: ReturnType<Page['locator']>, title: string) => dropdown.locator(`.ant-select-tree-treenode:has([title="${title}"])`);

test('build a category tree; a category cannot go under itself or its descendants', async ({ page }) => {
  test.setTimeout(120_000);
  const parent = `Chuyên khoa ${unique()}`;
  const child = `Tim mạch ${unique()}`;
  await signIn(page, ADMIN, '/news/category');
  await expect(page.getByRole('heading', { name: 'Danh mục tin tức' })).toBeVisible();

  // The parent, at the top level.
  await page.getByRole('button', { name: 'Thêm mới' }).click();
  await expect(page).toHaveURL(/\/news\/category\/add$/);
  await fillCategory(page, parent);
  // Order below 0: the spec's message, nothing sent.
  await page.getByLabel('Thứ tự').fill('-1');
  await saveButton(page).click();
  await expect(page.getByTestId('validation-summary')).toContainText('Thứ tự phải đúng định dạng');
  await page.getByLabel('Thứ tự').fill('1');
  await saveButton(page).click();
  await expect(page.getByText('Thêm mới thành công')).toBeVisible();
  await expect(page).toHaveURL(/\/news\/category$/);

  // The child, under the parent.
  await page.getByRole('button', { name: 'Thêm mới' }).click();
  await fillCategory(page, child);
  const picker = await openParentPicker(page);
  await treeNode(picker, parent).click();
  await saveButton(page).click();
  await expect(page).toHaveURL(/\/news\/category$/);

  // Nested in the tree list: the child is a level-1 row right below its parent.
  const parentRow = page.locator('tr.ant-table-row-level-0', { hasText: parent });
  const childRow = page.locator('tr.ant-table-row-level-1', { hasText: child });
  await expect(parentRow).toBeVisible();
  await expect(childRow).toBeVisible();
  // Keyword search finds the child (diacritics folded by the server).
  await page.getByPlaceholder('Từ khoá').fill(child.replace('Tim mạch', 'tim mach'));
  await page.getByPlaceholder('Từ khoá').press('Enter');
  await expect(page.locator('tr.ant-table-row', { hasText: child })).toBeVisible();
  await expect(page.locator('tr.ant-table-row', { hasText: parent })).toHaveCount(0);
  await page.getByPlaceholder('Từ khoá').fill('');
  await page.getByPlaceholder('Từ khoá').press('Enter');

  // The parent's form: its picker offers neither the parent itself nor its child.
  await parentRow.dblclick();
  await expect(page).toHaveURL(/\/news\/category\/\d+$/);
  const parentUrl = page.url();
  await expect(page.getByLabel('Tên (Tiếng Việt)')).toHaveValue(parent);
  const own = await openParentPicker(page);
  await expect(treeNode(own, parent)).toHaveClass(/ant-select-tree-treenode-disabled/);
  await expect(treeNode(own, child)).toHaveClass(/ant-select-tree-treenode-disabled/);
  await treeNode(own, child).click();
  await expect(page.getByRole('combobox', { name: 'Danh mục cha' })).toHaveValue('');
  await page.keyboard.press('Escape');

  // A form opened before the tree changed: another category, top level when the form opens, is put under the
  // parent by someone else; choosing it as the parent's parent is refused by the server and nothing changes.
  const other = `Nội khoa ${unique()}`;
  const token = (await cookie(page.context(), ACCESS_COOKIE))!.value;
  const headers = { Authorization: `Bearer ${token}` };
  const created = await page.request.post('/api/Categorys/1', {
    headers,
    data: { name: JSON.stringify({ 'vi-VN': other, 'en-US': other }), seoLink: `dm-${unique()}`, order: 0, isActive: true },
  });
  expect(created.ok()).toBe(true);
  const { data: otherRecord } = (await created.json()) as { data: { id: number; concurrencyStamp: string } };
  await page.goto(parentUrl);
  await expect(page.getByLabel('Tên (Tiếng Việt)')).toHaveValue(parent);
  const stale = await openParentPicker(page);
  await expect(treeNode(stale, other)).not.toHaveClass(/ant-select-tree-treenode-disabled/);
  const parentId = Number(parentUrl.split('/').pop());
  const moved = await page.request.put(`/api/Categorys/1/${otherRecord.id}`, { headers, data: { parentId, concurrencyStamp: otherRecord.concurrencyStamp } });
  expect(moved.ok()).toBe(true);
  await treeNode(stale, other).click();
  await saveButton(page).click();
  await expect(page.getByText('Mục cha không hợp lệ: một mục không thể nằm dưới chính nó hoặc dưới mục con của nó').first()).toBeVisible();
  await expect(page).toHaveURL(parentUrl);

  // The tree is unchanged: the parent still at the top with both below it.
  await page.goto('/news/category');
  await expect(page.locator('tr.ant-table-row-level-0', { hasText: parent })).toBeVisible();
  await expect(page.locator('tr.ant-table-row-level-1', { hasText: child })).toBeVisible();
  await expect(page.locator('tr.ant-table-row-level-1', { hasText: other })).toBeVisible();
});
