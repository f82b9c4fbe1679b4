// The file picker and the image field, in the first form that has one (hard content, /hardContent/add):
// 'Vui lòng chọn tệp' (Please select file) with nothing chosen, uploading into the picker by drop, choosing, clearing, and
// the chosen URL travelling in the saved record; where the picker opens (the folder of the field's image, else where the
// user last picked an image).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, signIn } from './support';
import { api, unique, uploadImage } from './content-support';
import { dropFiles, makePng } from './files-support';

const picker = (page: Page) => page.getByRole('dialog').filter({ has: page.getByTestId('file-manager') });

test('choose an image for an image field through the picker', async ({ page }) => {
  await signIn(page, ADMIN, '/hardContent/add');
  const field = page.getByTestId('image-field').first();
  await expect(field).toBeVisible();

  await field.getByRole('button', { name: /^Chọn/ }).click();
  const dialog = picker(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Chọn ảnh')).toBeVisible();

  // Confirming with nothing chosen.
  await dialog.getByRole('button', { name: 'Chọn', exact: true }).click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: 'Vui lòng chọn tệp' })).toBeVisible();
  await expect(dialog).toBeVisible();

  // Upload into the picker by dropping, then choose the new image with a click and Choose.
  const name = `Logo ${Date.now().toString(36).slice(-5)}.png`;
  const view = dialog.getByTestId('file-view');
  await dropFiles(page, view, [{ name, type: 'image/png', bytes: makePng(64, 48) }]);
  const tile = view.locator(`[data-name="${name}"]`);
  await expect(tile).toBeVisible({ timeout: 20_000 });
  // The picker shows images only: a PDF or a folder of other files would not be offered as a choice.
  await expect(view.locator('[data-kind="file"]').filter({ hasNot: page.locator('img') })).toHaveCount(0);
  // The tile shows the image's thumbnail (issue 41), never the original; the field will hold the file's own URL.
  const tileSrc = await tile.locator('img').getAttribute('src');
  expect(tileSrc).toMatch(/^\/files\/.*\?preset=thumb$/);
  const url = tileSrc!.split('?')[0];
  // Uploaded in the picker: already the chosen one.
  await expect(tile).toHaveAttribute('aria-selected', 'true');
  await dialog.getByRole('button', { name: 'Chọn', exact: true }).click();
  await expect(dialog).toBeHidden();

  // The field shows the image's thumbnail (served) and holds its URL.
  const thumb = field.locator('img');
  await expect(thumb).toHaveAttribute('src', tileSrc!);
  const served = await page.request.get(tileSrc!);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');

  // Clear empties it; choosing again by double-click picks at once.
  await field.getByRole('button', { name: /^Xoá/ }).click();
  await expect(field.locator('img')).toHaveCount(0);
  await field.getByRole('button', { name: /^Chọn/ }).click();
  await picker(page).getByTestId('file-view').locator(`[data-name="${name}"]`).dblclick();
  await expect(picker(page)).toBeHidden();
  await expect(field.locator('img')).toHaveAttribute('src', tileSrc!);

  // Saving the form sends the chosen URL as the record's image.
  await page.getByRole('textbox', { name: /Tên/ }).first().fill(`Khối ảnh ${name}`);
  await page.getByRole('tab', { name: 'English' }).click();
  await page.getByRole('textbox', { name: /Name|Tên/ }).last().fill(`Image block ${name}`);
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'POST' && /\/api\/HardContents\//i.test(r.url())),
    page.getByRole('button', { name: /^(save )?Lưu$/ }).click(),
  ]);
  expect(request.postDataJSON()).toMatchObject({ image: url });
  expect(url).toMatch(/^\/files\/[0-9a-f-]{36}\/[^?]+$/);
});

test('the picker opens in the folder of the field\'s image, else where this user last picked an image', async ({ page }) => {
  const u = unique();
  await signIn(page, ADMIN, null);
  // A folder with a sub-folder holding an image, and another folder X with an image of its own.
  const outer = (await api(page, 'POST', 'Folders', { name: `Đối tác ${u}` })).data as { id: number };
  const inner = (await api(page, 'POST', 'Folders', { name: `Logo ${u}`, parentId: outer.id })).data as { id: number };
  const x = (await api(page, 'POST', 'Folders', { name: `Thư mục X ${u}` })).data as { id: number };
  const innerImage = `logo-${u}.png`;
  const xImage = `x-${u}.png`;
  const innerUrl = await uploadImage(page, innerImage, inner.id);
  await uploadImage(page, xImage, x.id);
  const websites = (await api(page, 'GET', 'Websites/get-all')) as unknown as { id: number; isDefault: boolean }[];
  const website = websites.find((w) => w.isDefault)!.id;
  const partner = (await api(page, 'POST', `Partners/${website}`, { name: JSON.stringify({ 'vi-VN': `Đối tác ${u}`, 'en-US': `Partner ${u}` }), thumbnail: innerUrl, order: 0 }))
    .data as { id: number };
  const lastCrumb = (dialog: Locator) => dialog.locator('.ant-breadcrumb li').last();

  // The field's image sits in the sub-folder: the picker shows that folder, the image in it.
  await page.goto(`/partner/${partner.id}`);
  await page.getByTestId('image-field').first().getByRole('button', { name: /^Chọn/ }).click();
  let dialog = picker(page);
  await expect(lastCrumb(dialog)).toHaveText(`Logo ${u}`);
  await expect(dialog.locator('.ant-breadcrumb')).toContainText(`Đối tác ${u}`);
  await expect(dialog.getByTestId('file-view').locator(`[data-name="${innerImage}"]`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Huỷ', exact: true }).click();
  await expect(dialog).toBeHidden();

  // An empty field, nothing picked yet: the root. Pick the image of folder X.
  await page.goto('/partner/add');
  const logo = page.getByTestId('image-field').first();
  await logo.getByRole('button', { name: /^Chọn/ }).click();
  dialog = picker(page);
  await expect(lastCrumb(dialog)).toHaveText('Tất cả tệp');
  await dialog.getByTestId('file-view').locator(`[data-name="Thư mục X ${u}"]`).dblclick();
  await dialog.getByTestId('file-view').locator(`[data-name="${xImage}"]`).dblclick();
  await expect(dialog).toBeHidden();
  await expect(logo).toContainText(xImage);

  // Another empty image field opens where the image was picked, here and on another screen after a reload.
  await page.getByTestId('image-field').nth(1).getByRole('button', { name: /^Chọn/ }).click();
  dialog = picker(page);
  await expect(lastCrumb(dialog)).toHaveText(`Thư mục X ${u}`);
  await expect(dialog.getByTestId('file-view').locator(`[data-name="${xImage}"]`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Huỷ', exact: true }).click();
  await page.goto('/hardContent/add');
  await page.getByTestId('image-field').first().getByRole('button', { name: /^Chọn/ }).click();
  await expect(lastCrumb(picker(page))).toHaveText(`Thư mục X ${u}`);
  await expect(picker(page).getByTestId('file-view').locator(`[data-name="${xImage}"]`)).toBeVisible();
});
