// Menus against the real server: a menu with items of each object type (custom URL, news category, news,
// service), nested through the parent picker and re-ordered and re-parented by drag and drop.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, unique, uploadImage } from './content-support';
import { DEMO_SITES, signIn } from './support';

const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
const popup = (page: Page) => page.getByRole('dialog').filter({ hasText: 'Mục menu' });
const node = (page: Page, name: string) => page.getByTestId('child-tree').locator(`.ant-tree-treenode:has([data-name="${name}"])`);

/** Pick `title` in the select `label`; picked again if the click was lost (a busy machine), until the select shows it. */
async function choose(page: Page, scope: Locator, label: string, title: string) {
  // (`has` looks inside each form item: a locator of its own, not one under `scope`.)
  const select = scope.locator('.ant-form-item').filter({ has: page.getByRole('combobox', { name: label, exact: true }) });
  await expect(async () => {
    if (!(await openDropdown(page).locator(`[title="${title}"]`).first().isVisible())) await scope.getByRole('combobox', { name: label, exact: true }).click();
    await openDropdown(page).locator(`[title="${title}"]`).first().click({ timeout: 3000 });
    await expect(select.locator('.ant-select-selection-item').first()).toContainText(title, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

/** Open the item popup and fill the name in both languages and the object type. */
async function newItem(page: Page, name: string, type: string) {
  await page.getByTestId('menuItem-tree').getByRole('button', { name: 'Thêm mới' }).click();
  const dialog = popup(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Tên (Tiếng Việt)').fill(name);
  await dialog.getByRole('tab', { name: 'English' }).click();
  await dialog.getByLabel('Tên (English)').fill(`${name} EN`);
  await choose(page, dialog, 'Loại đối tượng', type);
  return dialog;
}

async function saveItem(dialog: Locator) {
  await dialog.getByRole('button', { name: /Lưu$/ }).click();
  await expect(dialog).toBeHidden();
}

/** The tree as the page shows it: names in display order. */
const shownOrder = (page: Page) => page.getByTestId('child-tree').getByTestId('tree-node').evaluateAll((els) => els.map((e) => e.getAttribute('data-name')));

test('a menu with nested items of each object type, re-ordered by drag and drop', async ({ page }) => {
  test.setTimeout(120_000);
  const suffix = unique();
  await signIn(page);
  // What the items link to: a news category and a news item of the website.
  const categoryLink = `dm-menu-${suffix}`;
  const categoryName = `Chuyên mục ${suffix}`;
  await api(page, 'POST', 'Categorys/1', { name: JSON.stringify({ 'vi-VN': categoryName, 'en-US': categoryName }), seoLink: categoryLink, order: 0, isActive: true });
  const image = `menu-${suffix}.png`;
  await uploadImage(page, image);
  const newsTitle = `Tin menu ${suffix}`;
  const newsLink = `tin-menu-${suffix}`;
  await api(page, 'POST', 'News/1/false', {
    newsTranslations: [
      { languageId: 'vi-VN', title: newsTitle, content: '<p>Nội dung</p>', seoLink: newsLink },
      { languageId: 'en-US', title: `${newsTitle} EN`, content: '<p>Content</p>', seoLink: `${newsLink}-en` },
    ],
    featureImage: `/files/${image}`,
    featureImageMobile: `/files/${image}`,
    type: 0,
  });

  // The menu: created, then its items below once it has an id.
  const menuName = `Menu chính ${suffix}`;
  await page.goto('/menu');
  await page.getByRole('button', { name: 'Thêm mới' }).click();
  await expect(page).toHaveURL(/\/menu\/add$/);
  await expect(page.getByText('Lưu menu trước để thêm các mục menu.')).toBeVisible();
  await page.getByLabel('Tên (Tiếng Việt)').fill(menuName);
  await page.getByRole('tab', { name: 'English' }).click();
  await page.getByLabel('Tên (English)').fill(`${menuName} EN`);
  await choose(page, page.locator('main'), 'Vị trí', 'Trên');
  await page.getByRole('button', { name: 'Lưu và tiếp tục sửa' }).click();
  await expect(page).toHaveURL(/\/menu\/\d+$/);
  const menuId = Number(new URL(page.url()).pathname.split('/').pop());

  // 0 Custom URL: a free URL. Saving without a type first says the type is required.
  const custom = `Liên hệ ${suffix}`;
  await page.getByTestId('menuItem-tree').getByRole('button', { name: 'Thêm mới' }).click();
  const first = popup(page);
  await expect(first.getByRole('combobox', { name: 'Loại đối tượng' })).toBeVisible();
  await first.getByRole('button', { name: /Lưu$/ }).click();
  await expect(first).toContainText('Loại đối tượng là trường bắt buộc');
  await first.getByRole('button', { name: /Huỷ$/ }).click();
  const customDialog = await newItem(page, custom, 'Tuỳ chỉnh (URL)');
  await customDialog.getByLabel('Đường dẫn', { exact: true }).fill('https://clinic.example/lien-he');
  await saveItem(customDialog);
  await expect(node(page, custom)).toBeVisible();

  // 1 Category: picking it fills the SEO link.
  const category = `Chuyên khoa ${suffix}`;
  const categoryDialog = await newItem(page, category, 'Danh mục tin');
  await choose(page, categoryDialog, 'Đối tượng', categoryName);
  await expect(categoryDialog.getByLabel('Đường dẫn SEO')).toHaveValue(categoryLink);
  await saveItem(categoryDialog);

  // 2 News, found by a search, under the category item.
  const news = `Tin nổi bật ${suffix}`;
  const newsDialog = await newItem(page, news, 'Tin tức');
  const search = newsDialog.getByRole('combobox', { name: 'Đối tượng', exact: true });
  await search.click();
  await search.fill(newsTitle);
  await openDropdown(page).locator(`.ant-select-item-option[title="${newsTitle}"]`).click();
  await expect(newsDialog.getByLabel('Đường dẫn SEO')).toHaveValue(newsLink);
  await choose(page, newsDialog, 'Mục cha', category);
  await saveItem(newsDialog);

  // 5 Service: chosen from the website's services; its SEO link comes with it.
  const service = `Dịch vụ khám ${suffix}`;
  const demoService = DEMO_SITES.clinic.services.find((s) => s.type === 1)!;
  const serviceDialog = await newItem(page, service, 'Dịch vụ');
  await choose(page, serviceDialog, 'Đối tượng', demoService.title['vi-VN']);
  await expect(serviceDialog.getByLabel('Đường dẫn SEO')).toHaveValue(demoService.seoLink);
  await saveItem(serviceDialog);

  await expect.poll(() => shownOrder(page)).toEqual([custom, category, news, service]);
  const items = async () => (await api(page, 'GET', `Menus/item/get-all/1/${menuId}`)) as unknown as { id: number; name: string; parentId: number | null; order: number; objectType: number; objectId: number | null; seoLink: string }[];
  const byName = async () => Object.fromEntries((await items()).map((i) => [JSON.parse(i.name)['vi-VN'] as string, i]));
  let saved = await byName();
  expect(saved[news].parentId).toBe(saved[category].id);
  expect(saved[category]).toMatchObject({ objectType: 1, seoLink: categoryLink });
  expect(saved[news]).toMatchObject({ objectType: 2, seoLink: newsLink });
  const services = (await api(page, 'GET', 'services/get-all/1')) as unknown as { id: number; seoLink: string }[];
  expect(saved[service]).toMatchObject({ objectType: 5, objectId: services.find((s) => s.seoLink === demoService.seoLink)!.id, seoLink: demoService.seoLink });

  // Drag the service item above the custom one (the top half of the first node: before it).
  const firstBox = (await node(page, custom).boundingBox())!;
  await node(page, service).dragTo(node(page, custom), { targetPosition: { x: 40, y: 2 } });
  await expect.poll(() => shownOrder(page)).toEqual([service, custom, category, news]);
  // Drag the custom item onto the category item, well to the right: it goes inside, as its first child.
  await node(page, custom).dragTo(node(page, category), { sourcePosition: { x: 40, y: firstBox.height / 2 }, targetPosition: { x: 120, y: firstBox.height / 2 } });
  await expect.poll(async () => (await byName())[custom].parentId).toBe(saved[category].id);
  await expect.poll(() => shownOrder(page)).toEqual([service, category, custom, news]);
  saved = await byName();
  expect(saved[service]).toMatchObject({ parentId: null, order: 0 });
  expect(saved[category]).toMatchObject({ parentId: null, order: 1 });
  expect(saved[custom]).toMatchObject({ parentId: saved[category].id, order: 0 });
  expect(saved[news]).toMatchObject({ parentId: saved[category].id, order: 1 });

  // The order survives a reload.
  await page.reload();
  await expect.poll(() => shownOrder(page)).toEqual([service, category, custom, news]);

  // From the keyboard: the move buttons swap an item with its sibling.
  await page.getByRole('button', { name: `Chuyển lên: ${news}` }).click();
  await expect.poll(() => shownOrder(page)).toEqual([service, category, news, custom]);
  await expect.poll(async () => (await byName())[news].order).toBe(0);
  expect((await byName())[news].parentId).toBe(saved[category].id);

  // Save returns to /menu; the menu is listed and can be deleted there.
  await page.getByRole('button', { name: /Lưu$/ }).click();
  await expect(page).toHaveURL(/\/menu$/);
  const row = page.locator('tr', { hasText: menuName });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Xoá' }).click();
  await page.getByRole('button', { name: 'Đồng ý' }).click();
  await expect(page.locator('tr', { hasText: menuName })).toHaveCount(0);
});
