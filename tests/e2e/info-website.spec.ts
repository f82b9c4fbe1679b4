// Website information against the real server: the settings form, and branch contacts and hard contents
// with their child items (images through the file picker), returning to /info-website with tab index 3.
import { expect, test, type Page } from '@playwright/test';
import { pickImage, unique, uploadImage } from './content-support';
import { ACCESS_COOKIE, ADMIN, chooseOption, cookie, signIn, switchUser, WEBSITES } from './support';

const popup = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });
const saveButton = (scope: Page) => scope.getByRole('button', { name: /Lưu$/ });

async function signInWithImage(page: Page) {
  await signIn(page);
  const image = `logo-${unique()}.png`;
  await uploadImage(page, image);
  return image;
}

test('edit the settings of the website', async ({ page }) => {
  const brand = `Thương hiệu ${unique()}`;
  await signIn(page, ADMIN, '/info-website');
  await expect(page.getByRole('tab', { name: 'Thông tin', selected: true })).toBeVisible();
  await page.getByLabel('Thương hiệu (Tiếng Việt)').fill(brand);
  await page.getByRole('tab', { name: 'English' }).click();
  await page.getByLabel('Thương hiệu (English)').fill(`${brand} EN`);
  await page.getByLabel('Hotline').fill('1900 1234');
  await saveButton(page).click();
  await expect(page.getByText('Cập nhật thành công')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Thương hiệu (Tiếng Việt)')).toHaveValue(brand);
  await expect(page.getByLabel('Thương hiệu (English)')).toHaveValue(`${brand} EN`);
  await expect(page.getByLabel('Hotline')).toHaveValue('1900 1234');
});

test("the code that runs on the public site is the administrator's: read-only to staff, with the reason", async ({ page }) => {
  const admin = ['Google Analytics', 'Mã theo dõi (header)', 'Mã theo dõi (body)', 'Chặn IP'];
  const reason = 'Chỉ quản trị viên được sửa trường này';
  // Lan is content staff, not an administrator: she sees the fields and why she cannot change them, and still saves
  // the others.
  await signIn(page, { username: 'lan.nguyen', password: 'Staff@123' });
  await page.goto('/info-website');
  for (const label of admin) {
    await expect(page.getByLabel(label, { exact: true })).not.toBeEditable();
    // The reason sits under the field, in its form item.
    const item = page.getByRole('textbox', { name: label, exact: true }).locator(`xpath=ancestor::div[contains(concat(' ', normalize-space(@class), ' '), ' ant-form-item ')][1]`);
    await expect(item).toContainText(reason);
  }
  await expect(page.getByLabel('Hotline')).toBeEditable();
  const hotline = `1900 ${unique().slice(-4)}`;
  await page.getByLabel('Hotline').fill(hotline);
  await saveButton(page).click();
  await expect(page.getByText('Cập nhật thành công')).toBeVisible();

  // The administrator edits them.
  await switchUser(page, ADMIN, '/info-website');
  await expect(page.getByLabel('Hotline')).toHaveValue(hotline);
  for (const label of admin) await expect(page.getByLabel(label, { exact: true })).toBeEditable();
  await expect(page.getByText(reason)).toHaveCount(0);
});

test('add a branch contact with an item and an image', async ({ page }) => {
  const name = `Chi nhánh ${unique()}`;
  const image = await signInWithImage(page);
  await page.goto('/info-website');
  await page.getByRole('tab', { name: 'Chi nhánh' }).click();
  await page.getByRole('tabpanel', { name: 'Chi nhánh' }).getByRole('button', { name: 'Thêm mới' }).click();
  await expect(page).toHaveURL(/\/branchContact\/add$/);

  await page.getByLabel('Tên (Tiếng Việt)').fill(name);
  await page.getByRole('tab', { name: 'English' }).click();
  await page.getByLabel('Tên (English)').fill(`${name} EN`);
  // Work time: rich text, edited once for every language.
  await page.locator('.ProseMirror').first().fill('Thứ 2 - Thứ 7: 8:00 - 17:00');
  await page.getByRole('textbox', { name: 'Website', exact: true }).fill('https://clinic.example');
  await page.getByRole('button', { name: 'Lưu và tiếp tục sửa' }).click();
  await expect(page).toHaveURL(/\/branchContact\/\d+$/);

  // Items tab: contact type and value.
  const items = page.getByRole('tabpanel', { name: 'Liên hệ' });
  await items.getByRole('button', { name: 'Thêm mới' }).click();
  const item = popup(page, 'Thêm Thông tin liên hệ');
  await item.getByRole('combobox', { name: 'Loại liên hệ' }).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="Email"]').click();
  await item.getByLabel('Giá trị').fill('lienhe@clinic.example');
  await item.getByRole('button', { name: 'Lưu' }).click();
  await expect(item).toBeHidden();
  await expect(items.getByRole('cell', { name: 'lienhe@clinic.example' })).toBeVisible();

  // Images tab: the image is required and comes from the file picker.
  await page.getByRole('tab', { name: 'Hình ảnh' }).click();
  const images = page.getByRole('tabpanel', { name: 'Hình ảnh' });
  await images.getByRole('button', { name: 'Thêm mới' }).click();
  const imageDialog = popup(page, 'Thêm Hình ảnh chi nhánh');
  await imageDialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(imageDialog).toContainText('Hình ảnh là trường bắt buộc');
  await pickImage(page, imageDialog.getByTestId('image-field'), image);
  await imageDialog.getByLabel('Mô tả ảnh').fill('Mặt tiền');
  await imageDialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(imageDialog).toBeHidden();
  await expect(images.getByRole('cell', { name: 'Mặt tiền' })).toBeVisible();

  // Save: back to /info-website with the fourth tab (index 3) active, as the spec says.
  await saveButton(page).click();
  await expect(page).toHaveURL(/\/info-website$/);
  await expect(page.getByRole('tab', { name: 'Nội dung cố định', selected: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Chi nhánh' }).click();
  await expect(page.getByRole('cell', { name })).toBeVisible();
});

test('add a hard content with an item', async ({ page }) => {
  const name = `Khối ${unique()}`;
  const image = await signInWithImage(page);
  await page.goto('/info-website', { waitUntil: 'commit' });
  await page.getByRole('tab', { name: 'Nội dung cố định' }).click();
  await page.getByRole('tabpanel', { name: 'Nội dung cố định' }).getByRole('button', { name: 'Thêm mới' }).click();
  await expect(page).toHaveURL(/\/hardContent\/add$/);
  await page.getByLabel('Tên (Tiếng Việt)').fill(name);
  // English left empty: the tab says so, and saving names the field and the language.
  await expect(page.getByTestId('language-tab-en-US')).toHaveAttribute('data-missing', /name/);
  await page.getByLabel('Mã').fill(`code-${unique()}`);
  await page.getByRole('button', { name: 'Lưu và tiếp tục sửa' }).click();
  const summary = page.getByTestId('validation-summary');
  await expect(summary).toContainText('Tên (English) là trường bắt buộc');
  await summary.getByText('Tên (English) là trường bắt buộc').click();
  await expect(page.getByLabel('Tên (English)')).toBeFocused();
  await page.getByLabel('Tên (English)').fill(`${name} EN`);
  await page.getByRole('button', { name: 'Lưu và tiếp tục sửa' }).click();
  await expect(page).toHaveURL(/\/hardContent\/\d+$/);

  await page.getByRole('button', { name: 'Thêm mới' }).click();
  const dialog = popup(page, 'Thêm Chi tiết nội dung');
  await dialog.getByLabel('Tên (Tiếng Việt)').fill('Mục 1');
  await dialog.getByRole('tab', { name: 'English' }).click();
  await dialog.getByLabel('Tên (English)').fill('Item 1');
  await pickImage(page, dialog.getByTestId('image-field'), image);
  // Ctrl+S saves the popup, not the page behind it.
  await page.keyboard.press('Control+s');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: 'Mục 1' })).toBeVisible();
  await expect(page).toHaveURL(/\/hardContent\/\d+$/);

  await saveButton(page).click();
  await expect(page).toHaveURL(/\/info-website$/);
  await expect(page.getByRole('tab', { name: 'Nội dung cố định', selected: true })).toBeVisible();
  await expect(page.getByRole('cell', { name })).toBeVisible();
});

test("switching website on an edit screen says the record is not in that website, with a way back", async ({ page }) => {
  await signIn(page);
  const token = (await cookie(page.context(), ACCESS_COOKIE))!.value;
  const name = `Mạng ${unique()}`;
  const created = await page.request.post('/api/SocialNetworks/1', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: JSON.stringify({ 'vi-VN': name, 'en-US': name }), order: 0, isActive: true },
  });
  const { data } = (await created.json()) as { data: { id: number } };
  await page.goto(`/socialNetwork/${data.id}`);
  await expect(page.getByLabel('Tên (Tiếng Việt)')).toHaveValue(name);
  await chooseOption(page, 'Website', WEBSITES.spa);
  await expect(page.getByText('Không có bản ghi này trong website đang chọn.')).toBeVisible();
  await expect(page.getByLabel('Tên (Tiếng Việt)')).toHaveCount(0);
  await page.getByRole('button', { name: 'Về danh sách' }).click();
  await expect(page).toHaveURL(/\/info-website$/);
  await page.getByRole('tab', { name: 'Mạng xã hội' }).click();
  await expect(page.getByRole('cell', { name })).toHaveCount(0);
});
