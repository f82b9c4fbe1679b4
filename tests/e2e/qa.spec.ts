// Expert Q&A against the real server: find a seeded question among the unanswered ones, answer it in two
// languages with tags and the feature image, turn it into a news item with the same editor in a popup, then
// Save + approve and find it pending (locked).
import { expect, test, type Page } from '@playwright/test';
import { api, pickImage, typeRichText, unique, uploadImage } from './content-support';
import { chooseOption, ADMIN, signIn } from './support';

const QUESTION = 'Đau ngực khi leo cầu thang có nguy hiểm không?';
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).last();
const rowOf = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });

test('answer a question, make a news item of it, save and approve', async ({ page }) => {
  test.setTimeout(150_000);
  const id = unique();
  const image = `expert-${id}.png`;
  await signIn(page, ADMIN, null);
  await uploadImage(page, image);

  await page.goto('/expert-question-and-answer');
  await expect(page.getByRole('heading', { name: 'Hỏi đáp chuyên gia' })).toBeVisible();
  await chooseOption(page, 'Trạng thái trả lời', 'Chưa trả lời');
  await expect(rowOf(page, QUESTION)).toContainText('Chưa trả lời');
  await chooseOption(page, 'Trạng thái trả lời', 'Đã trả lời');
  await expect(rowOf(page, QUESTION)).toHaveCount(0);
  await chooseOption(page, 'Trạng thái trả lời', 'Chưa trả lời');

  const search = page.getByPlaceholder('Từ khoá');
  await search.fill('leo cầu thang');
  await search.press('Enter');
  await rowOf(page, QUESTION).dblclick();
  await expect(page).toHaveURL(/\/expert-question-and-answer\/\d+$/);
  const questionId = page.url().split('/').pop()!;
  await expect(page.getByText('Trần Thị Bình')).toBeVisible();
  await expect(page.getByLabel('Tiêu đề (Tiếng Việt)')).toHaveValue(QUESTION);

  // Answer and link are required in every language, and the feature image.
  await page.getByRole('button', { name: 'Lưu + duyệt' }).click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: 'Ảnh đại diện là trường bắt buộc' })).toBeVisible();
  const summary = page.getByTestId('validation-summary');
  await expect(summary).toContainText('Câu trả lời (Tiếng Việt) là trường bắt buộc');
  await expect(summary).toContainText('Đường dẫn SEO (English) là trường bắt buộc');
  await expect(summary).toContainText('Ảnh đại diện là trường bắt buộc');

  const form = page.locator('form#qaAnswer');
  await typeRichText(page, form, 'Cần đi khám tim mạch sớm để được làm điện tâm đồ.');
  await page.getByLabel('Đường dẫn SEO (Tiếng Việt)').fill(`dau-nguc-${id}`);
  await form.getByRole('tab', { name: 'English' }).click();
  await typeRichText(page, form, 'See a cardiologist soon for an ECG.');
  // A title typed anew suggests its link.
  await page.getByLabel('Tiêu đề (English)').fill(`Chest pain on stairs ${id}`);
  await expect(page.getByLabel('Đường dẫn SEO (English)')).toHaveValue(`chest-pain-on-stairs-${id}`);
  const tags = page.getByRole('combobox', { name: 'Thẻ chủ đề' });
  await tags.fill(`tim-mạch-${id}`);
  await tags.press('Enter');
  await pickImage(page, form.getByTestId('image-field'), image);
  await expect(summary).toBeHidden();

  // The same editor in a popup creates a news item from the question and its answer.
  await page.getByRole('button', { name: 'Tạo tin tức từ câu hỏi' }).click();
  const popup = page.locator('.ant-modal').filter({ hasText: 'Tạo tin tức từ câu hỏi' });
  await expect(popup.getByLabel('Tiêu đề (Tiếng Việt)')).toHaveValue(QUESTION);
  await expect(popup.getByTestId('image-field')).toContainText(image);
  await popup.getByRole('button', { name: 'Tạo tin tức', exact: true }).click();
  await expect(popup).toBeHidden();
  await expect(toast(page, 'Thêm mới thành công')).toBeVisible();
  const newsLink = page.getByRole('link', { name: 'Mở tin tức' });
  const newsId = (await newsLink.getAttribute('href'))!.split('/').pop()!;
  const news = (await api(page, 'GET', `News/detail/1/${newsId}`)).data as Record<string, unknown>;
  expect(news.approvedStatus).toBe(0);
  expect((news.newsTranslations as { languageId: string; title: string; content: string }[]).map((t) => [t.languageId, t.title, t.content])).toEqual([
    ['vi-VN', QUESTION, '<p>Cần đi khám tim mạch sớm để được làm điện tâm đồ.</p>'],
    ['en-US', `Chest pain on stairs ${id}`, '<p>See a cardiologist soon for an ECG.</p>'],
  ]);

  // Save + approve: back to the list, answered and pending.
  await page.getByRole('button', { name: 'Lưu + duyệt' }).click();
  await expect(toast(page, 'Cập nhật thành công')).toBeVisible();
  await expect(page).toHaveURL(/\/expert-question-and-answer$/);
  await search.fill('leo cầu thang');
  await search.press('Enter');
  await expect(rowOf(page, QUESTION)).toContainText('Chờ duyệt');
  await expect(rowOf(page, QUESTION)).toContainText('Đã trả lời');

  // While pending the editor is locked.
  await page.goto(`/expert-question-and-answer/${questionId}`);
  await expect(page.getByTestId('qa-locked')).toHaveText('Câu hỏi đang ở trạng thái chờ, không thể chỉnh sửa');
  await expect(page.getByRole('button', { name: 'Lưu + duyệt' })).toBeDisabled();
  const saved = (await api(page, 'GET', `QAExperts/1/${questionId}`)).data as Record<string, unknown>;
  expect(saved.subjectTags).toEqual([{ name: `tim-mạch-${id}` }]);
  expect(saved.image).toMatch(new RegExp(`${image}$`));
  expect(JSON.parse(saved.seoLink as string)).toEqual({ 'vi-VN': `dau-nguc-${id}`, 'en-US': `chest-pain-on-stairs-${id}` });
  // What the visitor left is kept.
  expect(saved.fullName).toBe('Trần Thị Bình');
});

test('a question asked by phone is added from the list’s add button with its answer, and listed pending', async ({ page }) => {
  test.setTimeout(120_000);
  const id = unique();
  const image = `expert-add-${id}.png`;
  await signIn(page, ADMIN, null);
  await uploadImage(page, image);
  await page.goto('/expert-question-and-answer');
  await page.getByRole('button', { name: 'Thêm mới' }).click();
  // Its own add screen (it used to open /news/add), with the answer editor's fields.
  await expect(page).toHaveURL(/\/expert-question-and-answer\/add$/);
  await expect(page.getByRole('heading', { name: 'Thêm câu hỏi chuyên gia' })).toBeVisible();
  await page.getByRole('button', { name: 'Lưu + duyệt' }).click();
  const summary = page.getByTestId('validation-summary');
  await expect(summary).toContainText('Tiêu đề (Tiếng Việt) là trường bắt buộc');
  await expect(summary).toContainText('Câu trả lời (English) là trường bắt buộc');
  await expect(page).toHaveURL(/\/expert-question-and-answer\/add$/);

  const form = page.locator('form#qaAnswer');
  const title = `Tiêm phòng cúm ${id}`;
  await page.getByLabel('Tiêu đề (Tiếng Việt)').fill(title);
  await page.getByLabel('Nội dung (Tiếng Việt)').fill('Khách hỏi qua điện thoại: tiêm phòng cúm mỗi năm mấy lần?');
  await typeRichText(page, form, 'Mỗi năm một lần, trước mùa cúm.');
  await form.getByRole('tab', { name: 'English' }).click();
  await page.getByLabel('Tiêu đề (English)').fill(`Flu shot ${id}`);
  await typeRichText(page, form, 'Once a year, before the flu season.');
  await expect(page.getByLabel('Đường dẫn SEO (English)')).toHaveValue(`flu-shot-${id}`);
  await form.getByRole('tab', { name: 'Tiếng Việt' }).click();
  await page.getByLabel('Đường dẫn SEO (Tiếng Việt)').fill(`tiem-phong-cum-${id}`);
  const tags = page.getByRole('combobox', { name: 'Thẻ chủ đề' });
  await tags.fill(`tiêm-chủng-${id}`);
  await tags.press('Enter');
  await pickImage(page, form.getByTestId('image-field'), image);
  await page.getByRole('button', { name: 'Lưu + duyệt' }).click();
  await expect(toast(page, 'Thêm mới thành công')).toBeVisible();

  // Back to the list, with the new question in it, answered and waiting for review.
  await expect(page).toHaveURL(/\/expert-question-and-answer$/);
  const search = page.getByPlaceholder('Từ khoá');
  await search.fill(title);
  await search.press('Enter');
  await expect(rowOf(page, title)).toContainText('Chờ duyệt');
  await expect(rowOf(page, title)).toContainText('Đã trả lời');
});
