// Media (spec part 2): a photo album filled by dropping files from the desktop, a video album, a waiting screen with
// the files its floor and area play and its preview, the media picker refusing a picture, and the album screens'
// 401 rule; against the real server and its demo data.
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ACCESS_COOKIE, chooseOption, DEMO_SITES, openUserMenu, REFRESH_COOKIE, setCookieValue, ADMIN, signIn } from './support';
import { pickImage, tokenOf, unique, uploadImage } from './content-support';
import { dropFiles, makePng } from './files-support';

const MP4 = readFileSync(new URL('../../server/demo/media/gioi-thieu-phong-kham.mp4', import.meta.url));

const popup = (page: Page, title: string) => page.locator('.ant-modal-content').filter({ has: page.locator('.ant-modal-title').getByText(title, { exact: true }) }).last();
const firstCells = (grid: Locator) => grid.locator('tbody tr.ant-table-row td:nth-child(1)').allInnerTexts();

/** Put a file into the file manager's root through the chunked upload, as the console would. */
async function uploadBytes(page: Page, name: string, bytes: Buffer, mimeType: string) {
  const answer = await page.request.post('/api/chunk/upload', {
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
    multipart: { folderId: '0', fileId: crypto.randomUUID(), chunkIndex: '0', totalChunks: '1', originalFileName: name, totalSize: String(bytes.length), file: { name, mimeType, buffer: bytes } },
  });
  expect(answer.ok()).toBe(true);
}

/** Choose a file with the picker of a file field. */
async function pickFile(page: Page, field: Locator, fileName: string) {
  await pickImage(page, field, fileName);
}

test('a photo album filled by dropping three images from the desktop, then reordered', async ({ page }) => {
  const name = `Hội thảo ${unique()}`;
  await signIn(page, ADMIN, '/album/add');
  await page.getByLabel('Tên album (Tiếng Việt)').fill(name);
  await page.getByRole('tab', { name: 'English' }).first().click();
  await page.getByLabel('Tên album (English)').fill(`${name} EN`);
  await page.getByRole('button', { name: /^\S*\s*Lưu$/ }).click();
  await expect(page).toHaveURL(/\/album\/\d+$/);
  // A photo album: its type is fixed, and its photo grid takes files dropped from the desktop.
  await expect(page.getByRole('combobox', { name: 'Loại' })).toBeDisabled();
  const drop = page.getByTestId('photo-drop');
  const stamp = unique();
  const files = [1, 2, 3].map((n) => ({ name: `anh-${stamp}-${n}.png`, type: 'image/png', bytes: makePng(40 + n, 30, n) }));
  await dropFiles(page, drop, [...files, { name: `ghi-chu-${stamp}.txt`, type: 'text/plain', bytes: Buffer.from('not a picture') }]);
  // The text file is refused; the pictures upload and become photos in the order dropped.
  await expect(page.getByText(`Không thể tải lên "ghi-chu-${stamp}.txt"`)).toBeVisible();
  await expect(page.getByText('Đã thêm 3 ảnh vào album')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => firstCells(drop)).toEqual(files.map((f) => f.name.replace('.png', '')));

  // Reordered: the last one first.
  await drop.getByRole('cell', { name: `anh-${stamp}-3`, exact: true }).dblclick();
  const edit = popup(page, 'Sửa Ảnh của album');
  await edit.getByLabel('Thứ tự').fill('0');
  await edit.getByRole('button', { name: 'Lưu' }).click();
  await expect(edit).toBeHidden();
  await expect.poll(() => firstCells(drop)).toEqual([3, 1, 2].map((n) => `anh-${stamp}-${n}`));

  // Saving the album stays on it, and saves again with the stamp the answer gave.
  await page.getByRole('tab', { name: 'English' }).first().click();
  await page.getByLabel('Tên album (English)').fill(`${name} renamed`);
  await page.getByRole('button', { name: /^\S*\s*Lưu$/ }).click();
  await expect(page.getByText('Cập nhật thành công').first()).toBeVisible();
  await page.getByLabel('Tên album (English)').fill(`${name} renamed twice`);
  await page.getByRole('button', { name: /^\S*\s*Lưu$/ }).click();
  await expect(page.getByText('Bản ghi đã bị thay đổi')).toHaveCount(0);
  await expect(page).toHaveURL(/\/album\/\d+$/);

  // The list edits the simple fields in the row.
  await page.goto('/album');
  await page.getByPlaceholder('Từ khoá').fill(name);
  await page.getByPlaceholder('Từ khoá').press('Enter');
  const found = page.locator('tbody tr.ant-table-row').filter({ hasText: name });
  await expect(found).toHaveCount(1);
  // While edited the name is in an input, no longer the row's text: keep hold of the row by its key.
  const row = page.locator(`tbody tr[data-row-key="${await found.getAttribute('data-row-key')}"]`);
  await row.getByRole('button', { name: 'Sửa nhanh' }).click();
  await row.getByLabel('Thứ tự').fill('7');
  await row.getByRole('switch', { name: 'Nổi bật' }).click();
  await row.getByText('Lưu', { exact: true }).click();
  await expect(page.getByText('Cập nhật thành công').first()).toBeVisible();
  await expect(row.getByRole('cell', { name: '7', exact: true })).toBeVisible();

  // The pictures are files of the file manager; deleting one asks knowing where it is used.
  await page.goto('/file');
  await page.locator(`[data-name="${files[0].name}"]`).click();
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('file-usages')).toContainText('Ảnh của album');
  await page.getByRole('button', { name: 'Huỷ' }).first().click();
});

test('a video album with a video from the file manager', async ({ page }) => {
  const name = `Video ${unique()}`;
  const video = `clip-${unique()}.mp4`;
  await signIn(page);
  await uploadBytes(page, video, MP4, 'video/mp4');
  await page.goto('/album/add');
  await page.getByLabel('Tên album (Tiếng Việt)').fill(name);
  await page.getByRole('tab', { name: 'English' }).first().click();
  await page.getByLabel('Tên album (English)').fill(`${name} EN`);
  await chooseOption(page, 'Loại', 'Album video');
  await page.getByRole('button', { name: /^\S*\s*Lưu$/ }).click();
  await expect(page).toHaveURL(/\/album\/\d+$/);
  await expect(page.getByTestId('photo-drop')).toHaveCount(0);

  await page.getByRole('button', { name: 'Thêm mới' }).last().click();
  const dialog = popup(page, 'Thêm Video của album');
  await dialog.getByLabel('Tiêu đề (Tiếng Việt)').fill('Một vòng phòng khám');
  await dialog.getByRole('tab', { name: 'English' }).click();
  await dialog.getByLabel('Tiêu đề (English)').fill('A tour of the clinic');
  await pickFile(page, dialog.getByTestId('image-field').first(), video);
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: 'Một vòng phòng khám' })).toBeVisible();
});

test('a waiting screen with an image and a video for its floor and area, played in order by the preview', async ({ page }) => {
  const image = `man-hinh-${unique()}.png`;
  const video = `quang-cao-${unique()}.mp4`;
  await signIn(page);
  await uploadImage(page, image);
  await uploadBytes(page, video, MP4, 'video/mp4');
  await page.goto('/advertisement');
  await page.getByRole('tab', { name: 'Màn hình chờ' }).click();
  // The demo's screens are listed.
  await expect(page.getByRole('cell', { name: DEMO_SITES.clinic.waitingScreens[0].title['vi-VN'] })).toBeVisible();
  await page.getByRole('button', { name: 'Thêm mới' }).click();
  await expect(page).toHaveURL(/\/advertisement\/add$/);
  await page.getByRole('button', { name: /^\S*\s*Lưu$/ }).click();
  const summary = page.getByTestId('validation-summary');
  await expect(summary).toContainText('Tầng là trường bắt buộc');
  await expect(summary).toContainText('Khu vực là trường bắt buộc');
  await page.getByLabel('Tiêu đề (Tiếng Việt)').fill('Sảnh tầng 9');
  await page.getByRole('tab', { name: 'English' }).first().click();
  await page.getByLabel('Tiêu đề (English)').fill('Floor 9 lobby');
  await page.getByLabel('Tầng').fill('9');
  await page.getByLabel('Khu vực').fill('4');
  await pickImage(page, page.getByTestId('image-field').first(), image);
  await page.getByRole('button', { name: 'Lưu và tiếp tục sửa' }).click();
  await expect(page).toHaveURL(/\/advertisement\/\d+$/);
  // The spec's name for this screen.
  await expect(page.getByRole('heading', { name: 'Chi tiết Màn hình chờ', exact: true })).toBeVisible();
  // The title is fixed once created.
  await page.getByRole('tab', { name: 'Tiếng Việt' }).first().click();
  await expect(page.getByLabel('Tiêu đề (Tiếng Việt)')).toBeDisabled();

  // The files of floor 9, area 4: an image, then a video.
  const panel = page.locator('.ant-card').filter({ hasText: 'Tệp của tầng 9, khu vực 4' }).last();
  for (const [kind, file, order] of [['Hình ảnh', image, 1], ['Media', video, 2]] as const) {
    await panel.getByRole('button', { name: 'Thêm mới' }).click();
    const dialog = popup(page, 'Thêm Tệp màn hình chờ');
    await chooseOption(page, 'Loại', kind);
    await pickFile(page, dialog.getByTestId('image-field').first(), file);
    await dialog.getByLabel('Thứ tự').fill(String(order));
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(panel.locator('tbody tr.ant-table-row')).toHaveCount(2);

  await panel.getByRole('button', { name: 'Xem trước' }).click();
  const preview = page.getByTestId('screen-preview');
  await expect(preview.getByTestId('preview-position')).toHaveText('Tệp 1 trên 2');
  await expect(preview.getByTestId('preview-image')).toBeVisible();
  await preview.getByRole('button', { name: 'Tiếp' }).click();
  await expect(preview.getByTestId('preview-position')).toHaveText('Tệp 2 trên 2');
  await expect(preview.getByTestId('video-player')).toBeVisible();
});

test('the media picker takes only .mp3 and .mp4: a picture is refused, nothing chosen says so (in English too)', async ({ page }) => {
  await signIn(page, ADMIN, '/advertisement');
  // The demo's video and music advertisements, each with its player.
  await expect(page.getByTestId('video-player').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Nhạc quảng cáo' }).click();
  await expect(page.getByTestId('audio-player').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Video quảng cáo' }).click();
  await page.getByRole('button', { name: 'Thêm mới' }).click();
  const dialog = popup(page, 'Thêm Quảng cáo');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog.getByTestId('validation-summary')).toContainText('Vui lòng chọn tệp');
  await dialog.getByTestId('image-field').getByRole('button', { name: 'Chọn' }).click();
  const picker = page.getByTestId('file-picker');
  await expect(page.getByText('Chọn tệp media (.mp3, .mp4)')).toBeVisible();
  await picker.locator('input[type="file"]').setInputFiles({ name: 'anh-bia.png', mimeType: 'image/png', buffer: makePng(10, 10) });
  await expect(page.getByText('Không thể tải lên "anh-bia.png": loại tệp này không được phép ở đây. Các loại được phép: mp3, mp4')).toBeVisible();
  await page.getByRole('button', { name: 'Chọn', exact: true }).last().click();
  await expect(page.getByText('Vui lòng chọn tệp').last()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await dialog.getByRole('button', { name: 'Huỷ', exact: true }).click();
  await expect(dialog).toBeHidden();

  // The same in English.
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Ngôn ngữ giao diện' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.goto('/advertisement');
  await expect(page.getByRole('tab', { name: 'Music advertisements' })).toBeVisible();
  await page.getByRole('button', { name: 'Add' }).click();
  const english = popup(page, 'Add Advertisement');
  await english.getByRole('button', { name: 'Save' }).click();
  await expect(english.getByTestId('validation-summary')).toContainText('Please select file');
});

test('a 401 in an album screen goes to /expiredToken, elsewhere to /login', async ({ page, context }) => {
  const expire = async () => {
    await setCookieValue(context, ACCESS_COOKIE, 'garbage.not-a-token');
    await setCookieValue(context, REFRESH_COOKIE, 'also-garbage');
  };
  await signIn(page, ADMIN, '/partner');
  await expect(page.getByText(DEMO_SITES.clinic.partners[0].name['vi-VN'], { exact: true }).first()).toBeVisible();
  await expire();
  await page.getByPlaceholder('Từ khoá').fill('a');
  await page.getByPlaceholder('Từ khoá').press('Enter');
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, ADMIN, '/album');
  await expect(page.getByRole('cell', { name: DEMO_SITES.clinic.albums[0].name['vi-VN'] })).toBeVisible();
  await expire();
  await page.getByPlaceholder('Từ khoá').fill('khai');
  await page.getByPlaceholder('Từ khoá').press('Enter');
  await expect(page).toHaveURL(/\/expiredToken$/);
  await expect(page.getByText('Phiên đăng nhập đã hết hạn! Vui lòng đến trang đăng nhập!')).toBeVisible();
});

test('the video library: a .mp4 dropped on the page uploads and shows with its player, size and duration', async ({ page }) => {
  const name = `gioi-thieu-${unique()}.mp4`;
  await signIn(page, ADMIN, '/video');
  const library = page.getByTestId('video-library');
  // The demo's video is there.
  await expect(library.getByRole('cell', { name: 'gioi-thieu-phong-kham.mp4' })).toBeVisible();
  await dropFiles(page, library, [
    { name, type: 'video/mp4', bytes: MP4 },
    { name: 'nhac.mp3', type: 'audio/mpeg', bytes: Buffer.from('ID3') },
  ]);
  await expect(page.getByText('Không thể tải lên "nhac.mp3"')).toBeVisible();
  const row = library.locator('tbody tr.ant-table-row').filter({ hasText: name });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.getByTestId('video-player')).toBeVisible();
  await expect(row).toContainText('36.3 KB');
  await expect(row.getByTestId('video-duration')).toHaveText('0:04');
  await library.getByPlaceholder('Tìm theo tên tệp').fill(name);
  await library.getByPlaceholder('Tìm theo tên tệp').press('Enter');
  await expect(library.locator('tbody tr.ant-table-row')).toHaveCount(1);
});
