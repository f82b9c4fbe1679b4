// The file manager (/file) against the real server: folders, chunked uploads by drag and drop, rename,
// move by dragging, download byte for byte, delete (with the non-empty question), stale stamps, refusals,
// preferences and keyboard selection.
import { expect, test, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import { ACCESS_COOKIE, cookie, signIn } from './support';

/** Labels of the file manager in Vietnamese (default interface language). */
const FM = {
  newFolder: 'Thư mục mới',
  name: 'Tên',
  rename: 'Đổi tên',
  download: 'Tải xuống',
  delete: 'Xóa',
  deleteEverything: 'Xóa tất cả',
  up: 'Lên một cấp (Backspace)',
  list: 'Danh sách',
} as const;

// ---- test files ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (data: Buffer) => {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A real PNG of `width`×`height` RGB pixels, stored uncompressed so its size is about width×height×3 bytes. */
export function makePng(width: number, height: number, seed = 7): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width * 3; x += 1) raw[row + 1 + x] = (x * seed + y * 13) & 0xff;
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 0 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

// ---- page helpers ----

/** Page-side globals the steps use (the tests' TypeScript project has no DOM types). */
type PageGlobals = {
  DataTransfer: new () => { items: { add(file: unknown): unknown } };
  File: new (parts: unknown[], name: string, options?: { type?: string }) => unknown;
  atob(data: string): string;
};

/** A DataTransfer holding the given files, built in the page as a drag from the desktop would fill it. */
export async function dataTransferOf(page: Page, files: { name: string; type: string; bytes: Buffer }[]) {
  return page.evaluateHandle((list) => {
    const g = globalThis as unknown as PageGlobals;
    const transfer = new g.DataTransfer();
    for (const file of list) transfer.items.add(new g.File([Uint8Array.from(g.atob(file.b64), (c) => c.charCodeAt(0))], file.name, { type: file.type }));
    return transfer;
  }, files.map((file) => ({ name: file.name, type: file.type, b64: file.bytes.toString('base64') })));
}

/** Drop files from "the desktop" onto an element, with the dragenter/dragover a real drag sends first. */
async function dropFiles(page: Page, target: ReturnType<Page['locator']>, files: { name: string; type: string; bytes: Buffer }[]) {
  const dataTransfer = await dataTransferOf(page, files);
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

const view = (page: Page) => page.getByTestId('file-view');
const item = (page: Page, name: string) => view(page).locator(`[data-name="${name}"]`);
const notice = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text });

async function openFiles(page: Page) {
  await signIn(page);
  await page.goto('/file');
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
    await expect(view(page).locator('table')).toBeVisible();

    await view(page).focus();
    await page.keyboard.press('ControlOrMeta+a');
    const count = await view(page).locator('[data-entry-key]').count();
    expect(count).toBeGreaterThan(0);
    await expect(view(page).locator('[aria-selected="true"]')).toHaveCount(count);
    await expect(page.getByTestId('file-status')).toContainText(`đã chọn ${count}`);
  });
});
