// The rich-text editor in the first form that has one (hard content description, /hardContent/add):
// pasted and chosen images are uploaded (POST Files/uploads) and served; a refused one disappears with the
// server's message; font sizes, tables, and the HTML the form saves.
import { expect, test, type Page } from '@playwright/test';
import { dataTransferOf, makePng } from './files-support';
import { ADMIN, signIn } from './support';

const editorOf = (page: Page) => page.getByTestId('rich-text').first();

/** Page-side globals (the tests' TypeScript project has no DOM types). */
type PageGlobals = {
  ClipboardEvent: new (type: string, init: { clipboardData: unknown; bubbles: boolean; cancelable: boolean }) => unknown;
  document: { querySelector(selector: string): { dispatchEvent(event: unknown): boolean } | null };
};

/** Paste files into the editor as the browser does on Ctrl+V (a ClipboardEvent carrying them). */
async function paste(page: Page, files: { name: string; type: string; bytes: Buffer }[]) {
  const clipboardData = await dataTransferOf(page, files);
  await page.evaluate((data) => {
    const g = globalThis as unknown as PageGlobals;
    const target = g.document.querySelector('[data-testid="rich-text"]');
    target?.dispatchEvent(new g.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, clipboardData);
}

test.beforeEach(async ({ page }) => {
  await signIn(page, ADMIN, '/hardContent/add');
  // The editor's chunk (Tiptap) loads when the form shows it: allow for a busy machine.
  await expect(editorOf(page)).toBeVisible({ timeout: 30_000 });
});

test('pasted and chosen images are uploaded and served; the saved HTML holds their URLs', async ({ page }) => {
  const editor = editorOf(page);
  await editor.click();
  await page.keyboard.type('Giới thiệu phòng khám');

  // A screenshot on the clipboard has no useful name: it still goes up as an image.
  await paste(page, [{ name: 'image.png', type: 'image/png', bytes: makePng(120, 80) }]);
  const images = editor.locator('img');
  await expect(images).toHaveCount(1);
  await expect(images.first()).toHaveAttribute('src', /^\/files\//);
  await expect(editor.locator('img[data-upload-id]')).toHaveCount(0);
  const pasted = (await images.first().getAttribute('src'))!;
  const served = await page.request.get(pasted);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');

  // Toolbar button → file dialog.
  await page.getByTestId('editor-image-input').setInputFiles({ name: 'Sơ đồ.png', mimeType: 'image/png', buffer: makePng(90, 60, 3) });
  await expect(images).toHaveCount(2);
  await expect(editor.locator('img[data-upload-id]')).toHaveCount(0);
  const chosen = (await images.nth(1).getAttribute('src'))!;
  expect(chosen).toMatch(/^\/files\//);
  expect((await page.request.get(chosen)).status()).toBe(200);

  // Font size on the text, then a table with an extra row.
  await editor.getByText('Giới thiệu phòng khám').selectText();
  await page.getByRole('combobox', { name: 'Cỡ chữ' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="14pt"]').click();
  await expect(editor.locator('span[style*="font-size: 14pt"]')).toHaveText('Giới thiệu phòng khám');
  await editor.press('End');
  await page.getByRole('button', { name: 'Bảng' }).click();
  await page.getByRole('menuitem', { name: 'Chèn bảng' }).click();
  await expect(editor.locator('table tr')).toHaveCount(3);
  await page.getByRole('button', { name: 'Bảng' }).click();
  await page.getByRole('menuitem', { name: 'Thêm hàng bên dưới' }).click();
  await expect(editor.locator('table tr')).toHaveCount(4);

  // Undo takes the row back.
  await page.getByRole('button', { name: 'Hoàn tác (Ctrl+Z)' }).click();
  await expect(editor.locator('table tr')).toHaveCount(3);

  // The form saves the HTML with the served URLs (no local placeholders).
  await page.getByRole('textbox', { name: /Tên/ }).first().fill('Giới thiệu');
  await page.getByRole('tab', { name: 'English' }).click();
  await page.getByRole('textbox', { name: /Tên|Name/ }).last().fill('About');
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'POST' && /\/api\/HardContents\//i.test(r.url())),
    page.getByRole('button', { name: /^(save )?Lưu$/ }).click(),
  ]);
  // The description is the same in every language (spec), sent as language-keyed JSON text.
  const description = String(JSON.parse(request.postDataJSON().description)['vi-VN']);
  expect(description).toContain(`src="${pasted}"`);
  expect(description).toContain(`src="${chosen}"`);
  expect(description).toContain('font-size: 14pt');
  expect(description).toContain('<table');
  expect(description).not.toContain('blob:');
  expect(description).not.toContain('data-upload-id');
});

test('an image the server refuses disappears and its message is shown', async ({ page }) => {
  const editor = editorOf(page);
  await editor.click();
  // Named .png, but not a PNG: the server checks the content and refuses it (415).
  await paste(page, [{ name: 'fake.png', type: 'image/png', bytes: Buffer.from('this is not a picture at all') }]);
  await expect(page.locator('.ant-message-notice-error')).toContainText('fake.png');
  await expect(editor.locator('img')).toHaveCount(0);
});
