// The rich-text editor in the first form that has one (hard content description, /hardContent/add):
// pasted and chosen images are uploaded (POST Files/uploads) and served; a refused one disappears with the
// server's message; font sizes, tables, and the HTML the form saves: what the user did not change is saved as it was.
import { expect, test, type Page } from '@playwright/test';
import { api, unique } from './content-support';
import { dataTransferOf, makePng } from './files-support';
import { ADMIN, signIn } from './support';

const editorOf = (page: Page) => page.getByTestId('rich-text').first();
/** The pictures of the content (ProseMirror draws an empty `img.ProseMirror-separator` after a picture ending a line). */
const PICTURES = 'img:not(.ProseMirror-separator)';

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
  const images = editor.locator(PICTURES);
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
  await expect(editor.locator(PICTURES)).toHaveCount(0);
});

test('a description saved unchanged stays as it was, and one word typed changes only its paragraph (issue 42)', async ({ page }) => {
  const u = unique();
  // The demo's shapes: a picture in its own paragraph, a table, a list, text in another font size.
  const html =
    `<h2>Giới thiệu ${u}</h2><p>Phòng khám đa khoa.</p><p><img src="/files/gioi-thieu.png" alt="Ảnh phòng khám" /></p>` +
    '<table><tbody><tr><th>Ngày</th><th>Giờ</th></tr><tr><td>Thứ hai</td><td>7:30</td></tr></tbody></table>' +
    '<ul><li>Khám tổng quát</li><li>Xét nghiệm</li></ul><p><span style="font-size:14pt">Hotline</span> 1900 0000</p>';
  const created = await api(page, 'POST', 'HardContents/1', {
    name: JSON.stringify({ 'vi-VN': `Giới thiệu ${u}`, 'en-US': `About ${u}` }),
    description: JSON.stringify({ 'vi-VN': html, 'en-US': html }),
    order: 0,
    isActive: true,
  });
  const id = (created.data as { id: number }).id;
  const stored = async () => JSON.parse(((await api(page, 'GET', `HardContents/1/${id}`)).data as { description: string }).description)['vi-VN'] as string;
  const versions = async () => ((await api(page, 'GET', `History/1/HardContents/${id}`)) as unknown as { totalRows: number }).totalRows;
  const saved = await stored();
  const before = await versions();

  const save = async () => {
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'PUT' && /\/api\/HardContents\//i.test(r.url())),
      page.getByRole('button', { name: 'Lưu và tiếp tục sửa' }).click(),
    ]);
    expect((await request.response())?.status()).toBe(200);
    return String(JSON.parse(request.postDataJSON().description)['vi-VN']);
  };
  await page.goto(`/hardContent/${id}`);
  const editor = editorOf(page);
  await expect(editor.getByText('Phòng khám đa khoa.')).toBeVisible({ timeout: 30_000 });
  // The picture stays in its paragraph.
  await expect(editor.locator(`p > ${PICTURES}`)).toHaveCount(1);
  // Saved untouched: the HTML sent is the HTML loaded, and History has no new version.
  expect(await save()).toBe(saved);
  expect(await versions()).toBe(before);

  // One word typed: only its paragraph differs.
  await editor.getByText('Phòng khám đa khoa.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Mở cửa');
  expect(await save()).toBe(saved.replace('<p>Phòng khám đa khoa.</p>', '<p>Phòng khám đa khoa. Mở cửa</p>'));
  expect(await stored()).toBe(saved.replace('<p>Phòng khám đa khoa.</p>', '<p>Phòng khám đa khoa. Mở cửa</p>'));
  expect(await versions()).toBe(before + 1);
});
