// The trash and Undo (issue 29): every delete of the console ends with "Đã xoá …" and a "Hoàn tác" button that brings
// the record back; the website's "Thùng rác" lists what was deleted (title, area, who, when) and restores it after a
// confirmation; a unique value taken since answers the server's words naming the field; administrators set how long
// the trash keeps things.
import { expect, test, type Page } from '@playwright/test';
import { api, unique, uploadImage } from './content-support';
import { ADMIN, answerDecision, selectByLabel, selectedText, signIn, STAFF, switchUser } from './support';

const tr = (text: string) => JSON.stringify({ 'vi-VN': text, 'en-US': `${text} EN` });

async function defaultWebsite(page: Page): Promise<number> {
  const websites = (await api(page, 'GET', 'Websites/get-all')) as unknown as { id: number; isDefault: boolean }[];
  return websites.find((w) => w.isDefault)!.id;
}

async function deleteRow(page: Page, name: string) {
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  await row.getByRole('button', { name: 'Xoá' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: /OK|Đồng ý|Xoá/ }).click();
  await expect(page.getByRole('cell', { name, exact: true })).toBeHidden();
}

async function openTrash(page: Page) {
  await page.getByRole('menuitem', { name: 'Hệ thống' }).click();
  await page.getByRole('menuitem', { name: 'Thùng rác' }).click();
  await expect(page).toHaveURL(/\/trash$/);
  await expect(page.getByRole('heading', { name: 'Thùng rác' })).toBeVisible();
}

test('delete, then Undo in the notice: the record is back in the list', async ({ page }) => {
  await signIn(page, ADMIN, null);
  const website = await defaultWebsite(page);
  const name = `Nhóm hoàn tác ${unique()}`;
  await api(page, 'POST', `FAQGroups/${website}`, { name: tr(name), code: 'UNDO', isActive: true });
  await page.goto('/faq-group');
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();

  await deleteRow(page, name);
  const notice = page.getByTestId('action-notice').filter({ hasText: `Đã xoá "${name}"` });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Hoàn tác' }).click();
  await expect(page.getByText('Khôi phục thành công')).toBeVisible();
  // Back in the list without a reload, under its old id, with its code.
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('UNDO');
  await page.reload();
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
});

test('delete, then restore it from the Trash: back in its list; a unique value taken since is named', async ({ page }) => {
  await signIn(page, ADMIN, null);
  const website = await defaultWebsite(page);
  const name = `Nhóm thùng rác ${unique()}`;
  await api(page, 'POST', `FAQGroups/${website}`, { name: tr(name), code: 'TRASH', isActive: true });
  await page.goto('/faq-group');
  await deleteRow(page, name);

  await openTrash(page);
  // Filtered by area (kept in the address).
  // The areas are many: typed to find it.
  await selectByLabel(page, 'Khu vực').click();
  await page.getByRole('combobox', { name: 'Khu vực', exact: true }).fill('Nhóm câu');
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="Nhóm câu hỏi"]').click();
  expect(await selectedText(page, 'Khu vực')).toBe('Nhóm câu hỏi');
  await expect(page).toHaveURL(/resource=faqGroup/);
  const entry = page.getByRole('row').filter({ hasText: name });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Nhóm câu hỏi');
  await expect(entry).toContainText(ADMIN.fullName);
  await entry.getByRole('button', { name: /Khôi phục/ }).click();
  await answerDecision(page, `Khôi phục "${name}"?`, 'Khôi phục');
  await expect(page.getByText('Khôi phục thành công')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  await page.goto('/faq-group');
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();

  // A news category deleted, its SEO link then given to another: the restore is refused, naming the field.
  const seoLink = `trung-lap-${unique()}`;
  const first = (await api(page, 'POST', `Categorys/${website}`, { name: tr(`Danh mục ${seoLink}`), seoLink, order: 0, isActive: true })).data as { id: number };
  const del = await page.request.fetch(`/api/Categorys/${website}/${first.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${(await page.context().cookies()).find((c) => c.name === 'access_token')!.value}` } });
  expect(del.ok()).toBe(true);
  await api(page, 'POST', `Categorys/${website}`, { name: tr(`Danh mục khác ${seoLink}`), seoLink, order: 0, isActive: true });
  await page.goto('/trash');
  const taken = page.getByRole('row').filter({ hasText: `Danh mục ${seoLink}` });
  await taken.getByRole('button', { name: /Khôi phục/ }).click();
  await answerDecision(page, `Khôi phục "Danh mục ${seoLink}"?`, 'Khôi phục');
  await expect(page.getByText(`Đường dẫn SEO "${seoLink}" đã được dùng`)).toBeVisible();
  await expect(taken).toHaveCount(1);
});

test('administrators set the retention; staff see the trash without it', async ({ page }) => {
  await signIn(page);
  await openTrash(page);
  const retention = page.getByTestId('trash-retention');
  await expect(retention.getByLabel('Số ngày lưu')).toHaveValue('90');
  await retention.getByLabel('Số ngày lưu').fill('30');
  await retention.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Đã lưu thời gian lưu')).toBeVisible();
  await page.reload();
  await expect(retention.getByLabel('Số ngày lưu')).toHaveValue('30');
  await retention.getByLabel('Số ngày lưu').fill('90');
  await retention.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Đã lưu thời gian lưu')).toBeVisible();

  await switchUser(page, STAFF);
  await openTrash(page);
  await expect(page.getByTestId('trash-retention')).toHaveCount(0);
});

test('the file manager offers Undo too: a deleted file comes back in its folder', async ({ page }) => {
  await signIn(page, ADMIN, null);
  const name = `hoan-tac-${unique()}.png`;
  await uploadImage(page, name);
  await page.goto('/file');
  const file = page.getByTestId('file-view').locator(`[data-name="${name}"]`);
  await expect(file).toBeVisible();
  await file.click();
  await page.keyboard.press('Delete');
  await page.getByRole('dialog').getByRole('button', { name: 'Xoá', exact: true }).click();
  await expect(file).toHaveCount(0);
  const notice = page.getByTestId('action-notice').filter({ hasText: `Đã xoá "${name}"` });
  await notice.getByRole('button', { name: 'Hoàn tác' }).click();
  await expect(page.getByText('Khôi phục thành công')).toBeVisible();
  await expect(file).toBeVisible();
});

test('deleting several files offers one Undo that brings them all back', async ({ page }) => {
  await signIn(page, ADMIN, null);
  const u = unique();
  const names = [`nhieu-a-${u}.png`, `nhieu-b-${u}.png`];
  for (const name of names) await uploadImage(page, name);
  await page.goto('/file');
  const files = names.map((name) => page.getByTestId('file-view').locator(`[data-name="${name}"]`));
  for (const file of files) await expect(file).toBeVisible();
  await files[0].click();
  await files[1].click({ modifiers: ['ControlOrMeta'] });
  await page.keyboard.press('Delete');
  await page.getByRole('dialog').getByRole('button', { name: 'Xoá', exact: true }).click();
  for (const file of files) await expect(file).toHaveCount(0);
  const notice = page.getByTestId('action-notice').filter({ hasText: 'Đã xoá 2 mục' });
  await notice.getByRole('button', { name: 'Hoàn tác' }).click();
  await expect(page.getByText('Đã khôi phục 2 mục')).toBeVisible();
  for (const file of files) await expect(file).toBeVisible();
});

test('a hand-written screen deletes through the same action: news deleted, then Undo', async ({ page }) => {
  await signIn(page);
  const website = await defaultWebsite(page);
  // A news item of its own (the demo's are other journeys' data).
  const title = `Tin hoàn tác ${unique()}`;
  const seo = `tin-hoan-tac-${unique()}`;
  await api(page, 'POST', `News/${website}/false`, {
    newsTranslations: [
      { languageId: 'vi-VN', title, description: 'Mô tả', content: '<p>Nội dung</p>', seoLink: seo },
      { languageId: 'en-US', title: `${title} EN`, description: 'Description', content: '<p>Content</p>', seoLink: `${seo}-en` },
    ],
    isActive: true,
    type: 0,
    startTime: '2026-01-05T08:00:00.000Z',
  });
  await page.goto('/news');
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: title, exact: true }) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Xoá' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: /OK|Đồng ý|Xoá/ }).click();
  const notice = page.getByTestId('action-notice').filter({ hasText: `Đã xoá "${title}"` });
  await expect(notice).toBeVisible();
  await expect(row).toHaveCount(0);
  await notice.getByRole('button', { name: 'Hoàn tác' }).click();
  await expect(page.getByText('Khôi phục thành công')).toBeVisible();
  await expect(row).toBeVisible();
});
