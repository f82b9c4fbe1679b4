// Shared steps of the content journeys (news, Q&A, categories, menus, website information): images in the file manager, the image picker, the API
// token of the signed-in page, and records set up through the API where another screen owns them.
import { expect, type Locator, type Page } from '@playwright/test';
import { ACCESS_COOKIE, cookie } from './support';

export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export async function tokenOf(page: Page) {
  return (await cookie(page.context(), ACCESS_COOKIE))!.value;
}

/** Put an image into the file manager's root (or a folder) through the chunked upload, as the console would; answers its URL. */
export async function uploadImage(page: Page, name: string, folderId = 0): Promise<string> {
  const answer = await page.request.post('/api/chunk/upload', {
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
    multipart: {
      folderId: String(folderId),
      fileId: crypto.randomUUID(),
      chunkIndex: '0',
      totalChunks: '1',
      originalFileName: name,
      totalSize: String(PNG.length),
      file: { name, mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: { file: { url: string } } }).data.file.url;
}

/**
 * Choose an image of the file manager's root (where uploadImage puts it) with the picker of an image field (its
 * `image-field` element). The picker opens in the folder of the field's image or of the last image picked: go to the
 * root first.
 */
export async function pickImage(page: Page, field: Locator, fileName: string) {
  await field.getByRole('button', { name: 'Chọn' }).click();
  const picker = page.getByTestId('file-picker');
  await picker.getByTestId('folder-tree').locator('[data-folder-id="0"]').click();
  await picker.locator(`[role="option"][data-name="${fileName}"]`).dblclick();
  await expect(picker).toBeHidden();
  await expect(field).toContainText(fileName);
}

/** A call of the CMS API as the signed-in user. */
export async function api(page: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) {
  const response = await page.request.fetch(`/api/${path}`, { method, data, headers: { Authorization: `Bearer ${await tokenOf(page)}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { data?: unknown; code?: number; message?: string };
}

/** Type into the rich-text editor of the visible language tab inside `scope`. */
export async function typeRichText(page: Page, scope: Locator, text: string) {
  const editor = scope.locator('.ant-tabs-tabpane-active').getByTestId('rich-text');
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await editor.click();
  await page.keyboard.type(text);
}
