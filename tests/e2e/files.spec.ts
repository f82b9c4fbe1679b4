// The file manager (/file) against the real server: folders, chunked uploads by drag and drop, rename,
// move by dragging, download byte for byte, delete (with the non-empty question), stale stamps, refusals,
// preferences and keyboard selection.
import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { dropFiles, makePng, sha256 } from './files-support';
import { ACCESS_COOKIE, cookie, ADMIN, signIn } from './support';

/** Labels of the file manager in Vietnamese (default interface language). */
const FM = {
  newFolder: 'Thư mục mới',
  name: 'Tên',
  rename: 'Đổi tên',
  download: 'Tải xuống',
  delete: 'Xoá',
  deleteEverything: 'Xoá tất cả',
  up: 'Lên một cấp (Backspace)',
  list: 'Danh sách',
} as const;

const view = (page: Page) => page.getByTestId('file-view');
const item = (page: Page, name: string) => view(page).locator(`[data-name="${name}"]`);
const notice = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text });

async function openFiles(page: Page) {
  await signIn(page, ADMIN, '/file');
  await expect(page.getByTestId('file-manager')).toBeVisible();
  await expect(page.getByTestId('file-status')).toBeVisible();
}

async function createFolder(page: Page, name: string) {
  await page.getByRole('button', { name: FM.newFolder }).click();
  const input = page.getByRole('dialog').getByRole('textbox', { name: FM.name });
  await input.fill(name);
  await input.press('Enter');
  await expect(item(page, name)).toBeVisible();
}

async function uploadByDrop(page: Page, name: string, bytes: Buffer) {
  await dropFiles(page, view(page), [{ name, type: 'image/png', bytes }]);
  await expect(page.getByTestId('upload-row').filter({ hasText: name })).toHaveAttribute('data-state', 'completed', { timeout: 30_000 });
  await expect(item(page, name)).toBeVisible();
}

async function bearer(page: Page) {
  return { Authorization: `Bearer ${(await cookie(page.context(), ACCESS_COOKIE))!.value}` };
}

const unique = () => Date.now().toString(36).slice(-5);

test.describe('file manager', () => {
  test('folder, multi-chunk upload by drop, rename, move by dragging, download byte for byte, delete', async ({ page }) => {
    await openFiles(page);
    const id = unique();
    const folder = `Tài liệu ${id}`;
    const original = `Ảnh lớn ${id}.png`;
    const renamed = `Ảnh đã đổi tên ${id}.png`;
    const png = makePng(1300, 1150); // ≈ 4.5 MB: three chunks of 2,000,000 bytes
    expect(png.length).toBeGreaterThan(4_000_000);

    await createFolder(page, folder);

    // Upload by dropping the file on the current folder; the panel shows it through to completion.
    await uploadByDrop(page, original, png);
    await expect(page.getByTestId('upload-row').filter({ hasText: original })).toContainText('4.3 MB / 4.3 MB');

    // Rename with F2.
    await item(page, original).click();
    await page.keyboard.press('F2');
    const input = page.getByRole('dialog').getByRole('textbox', { name: FM.name });
    await expect(input).toHaveValue(original);
    await input.fill(renamed);
    await input.press('Enter');
    await expect(item(page, renamed)).toBeVisible();
    await expect(item(page, original)).toHaveCount(0);

    // Move by dragging the file onto the folder.
    await item(page, renamed).dragTo(item(page, folder));
    await expect(item(page, renamed)).toHaveCount(0);
    await item(page, folder).dblclick();
    await expect(page.locator('.ant-breadcrumb')).toContainText(folder);
    await expect(item(page, renamed)).toBeVisible();

    // Download: same name (Vietnamese characters intact), same bytes.
    await item(page, renamed).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: FM.download }).click()]);
    expect(download.suggestedFilename()).toBe(renamed);
    const saved = await readFile((await download.path())!);
    expect(saved.length).toBe(png.length);
    expect(sha256(saved)).toBe(sha256(png));

    // The public URL serves it too (thumbnails use it).
    const thumb = item(page, renamed).locator('img');
    const src = await thumb.getAttribute('src');
    expect(src).toMatch(/^\/files\//);
    const served = await page.request.get(src!);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');

    // Back up (Backspace) and delete the folder: it is not empty, so the console asks about its content.
    await view(page).focus();
    await page.keyboard.press('Backspace');
    await expect(item(page, folder)).toBeVisible();
    await item(page, folder).click();
    await page.keyboard.press('Delete');
    await page.getByRole('dialog').getByRole('button', { name: FM.delete, exact: true }).click();
    await expect(page.getByRole('dialog').filter({ hasText: `Thư mục "${folder}" không trống` })).toBeVisible();
    await page.getByRole('button', { name: FM.deleteEverything }).click();
    await expect(item(page, folder)).toHaveCount(0);
    await expect.poll(async () => (await page.request.get(src!)).status()).toBe(404);
  });

  test('drop files onto a folder of the tree; drag items onto the tree to move them back', async ({ page }) => {
    await openFiles(page);
    const id = unique();
    const folder = `Kho ${id}`;
    const name = `Vào cây ${id}.png`;
    await createFolder(page, folder);
    const tree = page.getByTestId('folder-tree');
    const node = tree.locator('[data-folder-id]').filter({ hasText: folder });
    await expect(node).toBeVisible();

    // From the desktop onto the folder's tree row: uploaded into that folder, not the one on screen.
    await dropFiles(page, node, [{ name, type: 'image/png', bytes: makePng(30, 30) }]);
    await expect(page.getByTestId('upload-row').filter({ hasText: name })).toHaveAttribute('data-state', 'completed', { timeout: 30_000 });
    await expect(item(page, name)).toHaveCount(0);
    await node.click();
    await expect(item(page, name)).toBeVisible();

    // Dragged onto the tree's root: moved back up.
    await item(page, name).dragTo(tree.locator('[data-folder-id="0"]'));
    await expect(item(page, name)).toHaveCount(0);
    await tree.locator('[data-folder-id="0"]').click();
    await expect(item(page, name)).toBeVisible();
  });

  test('refuses a type the server does not store before sending anything', async ({ page }) => {
    await openFiles(page);
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/chunk/upload')) uploads.push(request.url());
    });
    await dropFiles(page, view(page), [{ name: 'setup.exe', type: 'application/octet-stream', bytes: Buffer.from('MZ not really') }]);
    await expect(notice(page, 'Không thể tải lên "setup.exe"')).toBeVisible();
    expect(uploads).toEqual([]);
  });

  test('an upload that fails says why in the upload panel: the server Message, else its code in the interface language', async ({ page }) => {
    await openFiles(page);
    const id = unique();
    const row = (name: string) => page.getByTestId('upload-row').filter({ hasText: name });
    // A .png that is text: the server refuses its first chunk (415) with a Message naming the file, shown as is.
    const fake = `Giả ${id}.png`;
    await dropFiles(page, view(page), [{ name: fake, type: 'image/png', bytes: Buffer.from('not a picture '.repeat(50)) }]);
    await expect(row(fake)).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
    await expect(row(fake)).toContainText(`Nội dung của "${fake}" không đúng định dạng .png`);

    // A full disk answered without a Message: the engine fails with the code diskFull, the console words it.
    await page.route('**/chunk/upload', (route) => route.fulfill({ status: 507, contentType: 'application/json', body: '{}' }));
    const full = `Đĩa đầy ${id}.png`;
    await dropFiles(page, view(page), [{ name: full, type: 'image/png', bytes: makePng(20, 20) }]);
    await expect(row(full)).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
    await expect(row(full)).toContainText('Máy chủ không đủ dung lượng để lưu tệp.');
    // Once the server has room again, trying again finishes it.
    await page.unroute('**/chunk/upload');
    await row(full).getByRole('button', { name: 'Thử lại' }).click();
    await expect(row(full)).toHaveAttribute('data-state', 'completed', { timeout: 30_000 });
    await expect(item(page, full)).toBeVisible();
  });

  test('a stale rename shows the server message and reloads the folder', async ({ page }) => {
    await openFiles(page);
    const id = unique();
    const name = `Bảng giá ${id}.png`;
    await uploadByDrop(page, name, makePng(40, 30));

    // Someone else renames it meanwhile (new concurrencyStamp).
    const headers = await bearer(page);
    const listing = await (await page.request.get('/api/folders/current-directory/0', { headers })).json();
    const file = listing.files.data.find((f: { name: string }) => f.name === name);
    const elsewhere = `Đổi ở nơi khác ${id}.png`;
    const answer = await page.request.put(`/api/Files/${file.id}`, { headers, data: { name: elsewhere, folderId: null, concurrencyStamp: file.concurrencyStamp } });
    expect(answer.status()).toBe(200);

    await item(page, name).click();
    await page.getByRole('button', { name: FM.rename }).click();
    const input = page.getByRole('dialog').getByRole('textbox', { name: FM.name });
    await input.fill(`Của tôi ${id}.png`);
    await input.press('Enter');
    await expect(page.locator('.ant-message-notice-error')).toBeVisible();
    await expect(item(page, elsewhere)).toBeVisible();
    await expect(item(page, name)).toHaveCount(0);
  });

  test('keeps the list view across a reload; Ctrl+A selects everything', async ({ page }) => {
    await openFiles(page);
    await uploadByDrop(page, `Danh sách ${unique()}.png`, makePng(20, 20));
    await page.getByTitle(FM.list, { exact: true }).click();
    await expect(view(page).locator('table')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('file-status')).toBeVisible({ timeout: 30_000 });
    await expect(view(page).locator('table')).toBeVisible({ timeout: 20_000 });

    await view(page).focus();
    await page.keyboard.press('ControlOrMeta+a');
    const count = await view(page).locator('[data-entry-key]').count();
    expect(count).toBeGreaterThan(0);
    await expect(view(page).locator('[aria-selected="true"]')).toHaveCount(count);
    await expect(page.getByTestId('file-status')).toContainText(`đã chọn ${count}`);
  });
});
