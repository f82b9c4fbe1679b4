// News with its review workflow against the real server: write a news item in two languages with images, tags,
// a category and a disease created inline; save as draft; request review and find the form locked; decline
// with a reason from the list; re-submit; approve; find it by keyword.
import { expect, test, type Page } from '@playwright/test';
import { api, pickImage, typeRichText, unique, uploadImage } from './content-support';
import { answerDecision, chooseOption, signIn, ADMIN, REVIEWER, switchUser } from './support';

/** A success notice (several may be on screen: the latest one). */
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).last();
const rowOf = (page: Page, title: string) => page.locator('.ant-table-row').filter({ hasText: title });

/** Right-click a row of the news list and pick an entry of its context menu. */
async function contextMenu(page: Page, title: string) {
  await rowOf(page, title).click({ button: 'right' });
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu');
  await expect(menu).toBeVisible();
  return menu;
}

async function searchList(page: Page, keyword: string) {
  const box = page.getByPlaceholder('Từ khoá');
  await box.fill(keyword);
  await box.press('Enter');
}

test('write, review, decline, re-submit and approve a news item', async ({ page }) => {
  test.setTimeout(180_000);
  const id = unique();
  const title = `Khám sức khỏe định kỳ ${id}`;
  const titleEn = `Regular health check ${id}`;
  const feature = `feature-${id}.png`;
  const mobile = `feature-mobile-${id}.png`;
  const category = `Sức khỏe ${id}`;
  const disease = `Tiểu đường ${id}`;

  await signIn(page, ADMIN, null);
  await uploadImage(page, feature);
  await uploadImage(page, mobile);
  // The category comes from the category screen (another area): made through the API here.
  await api(page, 'POST', 'Categorys/1', { name: JSON.stringify({ 'vi-VN': category, 'en-US': `Health ${id}` }), seoLink: `suc-khoe-${id}`, order: 0, isActive: true });

  await page.goto('/news');
  await expect(page.getByRole('heading', { name: 'Tin tức' })).toBeVisible();
  await page.getByRole('button', { name: 'Thêm mới' }).click();
  await expect(page).toHaveURL(/\/news\/add$/);

  // Asking for review with nothing filled in: the summary names what is missing, the feature images get their own error.
  await page.getByRole('button', { name: 'Lưu và gửi duyệt' }).click();
  const summary = page.getByTestId('validation-summary');
  await expect(summary).toContainText('Tiêu đề (Tiếng Việt) là trường bắt buộc');
  await expect(summary).toContainText('Nội dung (English) là trường bắt buộc');
  await expect(summary).toContainText('Ảnh đại diện là trường bắt buộc');
  await expect(page.locator('.ant-notification-notice').filter({ hasText: 'Ảnh đại diện' })).toContainText('Ảnh đại diện (di động) là trường bắt buộc');

  // Vietnamese: the SEO link follows the title, diacritics folded.
  const content = page.getByTestId('news-content');
  const seo = page.getByTestId('news-seo');
  await page.getByLabel('Tiêu đề (Tiếng Việt)').fill(title);
  await expect(page.getByLabel('Đường dẫn SEO (Tiếng Việt)')).toHaveValue(`kham-suc-khoe-dinh-ky-${id}`);
  await page.getByLabel('Mô tả (Tiếng Việt)').fill('Gói khám tổng quát cho người lớn');
  await typeRichText(page, content, 'Nội dung gói khám sức khỏe');
  await page.getByLabel('Tiêu đề meta (Tiếng Việt)').fill(`Khám định kỳ ${id}`);

  // English: switching the content tabs switches the SEO tabs too.
  await content.getByRole('tab', { name: 'English' }).click();
  await expect(seo.getByRole('tab', { name: 'English', selected: true })).toBeVisible();
  await page.getByLabel('Tiêu đề (English)').fill(titleEn);
  await expect(page.getByLabel('Đường dẫn SEO (English)')).toHaveValue(`regular-health-check-${id}`);
  await typeRichText(page, content, 'Health check package');

  // Images, with the alt text beside the feature image.
  const images = page.getByTestId('news-images').getByTestId('image-field');
  await pickImage(page, images.nth(0), feature);
  await pickImage(page, images.nth(1), mobile);
  await page.getByLabel('Mô tả ảnh đại diện').fill('Bác sĩ khám bệnh');

  // Tags (free entry), a category from the tree, and a disease created inline.
  const tags = page.getByRole('combobox', { name: 'Thẻ', exact: true });
  await tags.fill(`khám-${id}`);
  await tags.press('Enter');
  await page.getByRole('combobox', { name: 'Danh mục', exact: true }).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-node-content-wrapper').filter({ hasText: category }).click();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Thêm danh mục bệnh' }).click();
  const sickDialog = page.locator('.ant-modal').filter({ hasText: 'Thêm danh mục bệnh' });
  await sickDialog.getByLabel('Tên (Tiếng Việt)').fill(disease);
  // The letter and the link follow the name.
  await expect(sickDialog.getByLabel('Chữ cái (Tiếng Việt)')).toHaveValue('T');
  await expect(sickDialog.getByLabel('Đường dẫn SEO (Tiếng Việt)')).toHaveValue(`tieu-duong-${id}`);
  await sickDialog.getByRole('button', { name: 'Lưu' }).click();
  // English is required too: the summary says so, the tab takes us there.
  await expect(sickDialog.getByTestId('validation-summary')).toContainText('Chữ cái (English) là trường bắt buộc');
  await sickDialog.getByRole('tab', { name: 'English' }).click();
  await sickDialog.getByLabel('Tên (English)').fill(`Diabetes ${id}`);
  await expect(sickDialog.getByLabel('Chữ cái (English)')).toHaveValue('D');
  await sickDialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(sickDialog).toBeHidden();
  await expect(page.getByTestId('news-settings').locator('.ant-select-selection-item').filter({ hasText: disease })).toBeVisible();

  // Save as draft: created, and the form is now the news item's own page.
  await page.getByRole('button', { name: 'Lưu nháp' }).click();
  await expect(toast(page, 'Thêm mới thành công')).toBeVisible();
  await expect(page).toHaveURL(/\/news\/\d+$/);
  const newsId = page.url().split('/').pop()!;
  await expect(page.getByTestId('status-tag').first()).toHaveText('Nháp');

  // What was saved, read back: both languages, images, tag, category, the disease as the default one.
  const saved = (await api(page, 'GET', `News/detail/1/${newsId}`)).data as Record<string, unknown>;
  expect((saved.newsTranslations as { languageId: string; title: string; seoLink: string }[]).map((t) => [t.languageId, t.title, t.seoLink])).toEqual([
    ['vi-VN', title, `kham-suc-khoe-dinh-ky-${id}`],
    ['en-US', titleEn, `regular-health-check-${id}`],
  ]);
  expect(saved.featureImage).toMatch(new RegExp(`${feature}$`));
  expect(saved.featureImageMobile).toMatch(new RegExp(`${mobile}$`));
  expect(saved.altFeatureImage).toBe('Bác sĩ khám bệnh');
  expect(saved.subjectTags).toEqual([{ name: `khám-${id}` }]);
  expect((saved.categoriesNews as { name: string }[]).map((c) => JSON.parse(c.name)['vi-VN'])).toEqual([category]);
  expect((saved.sickNews as { isDefault: boolean; name: string }[]).map((s) => [JSON.parse(s.name)['vi-VN'], s.isDefault])).toEqual([[disease, true]]);

  // Request review: the form is locked.
  await page.getByRole('button', { name: 'Lưu và gửi duyệt' }).click();
  await expect(toast(page, 'Cập nhật thành công')).toBeVisible();
  await expect(page.getByTestId('news-locked')).toHaveText('Tin tức đang ở trạng thái chờ, không thể chỉnh sửa');
  await expect(page.getByRole('button', { name: 'Lưu nháp' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Lưu và gửi duyệt' })).toBeDisabled();
  await expect(page.getByLabel('Tiêu đề (Tiếng Việt)')).toBeDisabled();
  await expect(page.getByTestId('status-tag').first()).toHaveText('Chờ duyệt');

  // Nobody decides on their own submission: the admin sees the decisions disabled.
  await page.getByRole('button', { name: 'Quay lại' }).click();
  await expect(page).toHaveURL(/\/news$/);
  await searchList(page, id);
  await expect(rowOf(page, title)).toContainText('Chờ duyệt');
  const own = await contextMenu(page, title);
  await expect(own.getByRole('menuitem', { name: 'Duyệt' })).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');

  // Decline from the list, as the reviewer: the reason is required.
  await switchUser(page, REVIEWER, '/news');
  await searchList(page, id);
  await (await contextMenu(page, title)).getByRole('menuitem', { name: 'Từ chối' }).click();
  const decline = page.locator('.ant-modal').filter({ hasText: 'Nhập lý do từ chối' });
  await decline.getByRole('button', { name: 'Gửi' }).click();
  await expect(decline).toContainText('Lý do là trường bắt buộc');
  await decline.getByRole('textbox').fill('Thiếu nguồn tham khảo');
  await decline.getByRole('button', { name: 'Gửi' }).click();
  await expect(decline).toBeHidden();
  await expect(toast(page, 'Từ chối thành công')).toBeVisible();
  await expect(rowOf(page, title)).toContainText('Từ chối');

  // Only pending news can be approved or declined.
  const menu = await contextMenu(page, title);
  await expect(menu.getByRole('menuitem', { name: 'Duyệt' })).toHaveAttribute('aria-disabled', 'true');
  await expect(menu.getByRole('menuitem', { name: 'Từ chối' })).toHaveAttribute('aria-disabled', 'true');
  await menu.getByRole('menuitem', { name: 'Chi tiết' }).click();

  // The detail shows why, and who did what; it can be edited and re-submitted.
  await expect(page).toHaveURL(new RegExp(`/news/${newsId}$`));
  await expect(page.getByRole('alert').filter({ hasText: 'Tin đã bị từ chối' })).toContainText('Lý do: Thiếu nguồn tham khảo');
  const history = page.getByTestId('status-history');
  await expect(history).toContainText('Quản trị viên');
  await expect(history).toContainText('Trần Văn Minh');
  await expect(history).toContainText('Lý do: Thiếu nguồn tham khảo');
  await expect(history.getByTestId('status-tag')).toHaveText(['Nháp', 'Chờ duyệt', 'Từ chối']);
  await page.getByLabel('Mô tả (Tiếng Việt)').fill('Gói khám tổng quát, có nguồn tham khảo');
  await page.getByRole('button', { name: 'Lưu và gửi duyệt' }).click();
  await expect(page.getByTestId('news-locked')).toBeVisible();

  // Approve from the list, as the admin this time (the reviewer re-submitted it; a double-click would open the detail).
  await switchUser(page, ADMIN, '/news');
  await searchList(page, id);
  await (await contextMenu(page, title)).getByRole('menuitem', { name: 'Duyệt' }).click();
  await answerDecision(page, `Duyệt “${title}”?`, 'Duyệt');
  await expect(toast(page, 'Duyệt thành công')).toBeVisible();
  await expect(rowOf(page, title)).toContainText('Đã duyệt');

  // Found by keyword (words of the English title too), filtered by status; another keyword leaves it out.
  await searchList(page, `Regular health check ${id}`);
  await expect(rowOf(page, title)).toBeVisible();
  await chooseOption(page, 'Trạng thái', 'Nháp');
  await expect(page.locator('.ant-table-row')).toHaveCount(0);
  await chooseOption(page, 'Trạng thái', 'Đã duyệt');
  await expect(rowOf(page, title)).toBeVisible();
  await searchList(page, `khong-co-${id}`);
  await expect(page.locator('.ant-table-row')).toHaveCount(0);

  // Double-click opens the detail.
  await searchList(page, id);
  await rowOf(page, title).dblclick();
  await expect(page).toHaveURL(new RegExp(`/news/${newsId}$`));
  await expect(page.getByLabel('Tiêu đề (Tiếng Việt)')).toHaveValue(title);
});
