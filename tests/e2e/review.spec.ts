// The review workflow where people look for it: a draft saves with a title only, asking for review names what
// is missing, and Duyệt / Từ chối are buttons on the detail pages of news and expert Q&A.
import { expect, test, type Page } from '@playwright/test';
import { api, unique } from './content-support';
import { answerDecision, REVIEWER, ADMIN, signIn, STAFF, switchUser } from './support';

const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).last();
const tr = (vi: string, en: string) => JSON.stringify({ 'vi-VN': vi, 'en-US': en });

test('a news draft saves with its title only; asking for review names what is missing', async ({ page }) => {
  const title = `Bản nháp ${unique()}`;
  await signIn(page, ADMIN, '/news/add');
  await page.getByLabel('Tiêu đề (Tiếng Việt)').fill(title);
  await page.getByRole('button', { name: 'Lưu nháp' }).click();
  await expect(toast(page, 'Thêm mới thành công')).toBeVisible();
  await expect(page).toHaveURL(/\/news\/\d+$/);
  await expect(page.getByTestId('status-tag').first()).toHaveText('Nháp');

  await page.getByRole('button', { name: 'Lưu và gửi duyệt' }).click();
  const summary = page.getByTestId('validation-summary');
  await expect(summary).toContainText('Nội dung (Tiếng Việt) là trường bắt buộc');
  await expect(summary).toContainText('Tiêu đề (English) là trường bắt buộc');
  await expect(page.getByTestId('status-tag').first()).toHaveText('Nháp');
});

test('approve and decline from the news detail page', async ({ page }) => {
  const id = unique();
  await signIn(page);
  const body = (n: string) => ({
    newsTranslations: [
      { languageId: 'vi-VN', title: `Tin ${n} ${id}`, content: '<p>Nội dung</p>', seoLink: `tin-${n}-${id}` },
      { languageId: 'en-US', title: `News ${n} ${id}`, content: '<p>Content</p>', seoLink: `news-${n}-${id}` },
    ],
    featureImage: '/files/a.png',
    featureImageMobile: '/files/a.png',
    type: 0,
  });
  const first = (await api(page, 'POST', 'News/1/true', body('a'))).data as { id: number };
  const second = (await api(page, 'POST', 'News/1/true', body('b'))).data as { id: number };

  // The admin submitted them: the admin's buttons say another reviewer decides (the rule's words, as the server's 403).
  await page.goto(`/news/${first.id}`);
  const ownApprove = page.getByTestId('form-footer').getByRole('button', { name: 'Duyệt', exact: true });
  await expect(ownApprove).toBeDisabled();
  await ownApprove.hover({ force: true });
  await expect(page.getByRole('tooltip')).toHaveText('Không thể tự duyệt nội dung do chính mình gửi duyệt');
  // The reviewer decides.
  await switchUser(page, REVIEWER, `/news/${first.id}`);
  await expect(page.getByTestId('status-tag').first()).toHaveText('Chờ duyệt');
  // Approving publishes it: asked first, naming it; "keep it" leaves it pending.
  await page.getByTestId('form-footer').getByRole('button', { name: 'Duyệt', exact: true }).click();
  await answerDecision(page, `Duyệt “Tin a ${id}”?`, 'keep');
  await expect(page.getByTestId('status-tag').first()).toHaveText('Chờ duyệt');
  await page.getByTestId('form-footer').getByRole('button', { name: 'Duyệt', exact: true }).click();
  await answerDecision(page, `Duyệt “Tin a ${id}”?`, 'Duyệt');
  await expect(toast(page, 'Duyệt thành công')).toBeVisible();
  await expect(page.getByTestId('status-tag').first()).toHaveText('Đã duyệt');
  // Decided: the buttons wait for the next request for review.
  await expect(page.getByTestId('form-footer').getByRole('button', { name: 'Duyệt', exact: true })).toBeDisabled();

  await page.goto(`/news/${second.id}`);
  await page.getByTestId('form-footer').getByRole('button', { name: 'Từ chối', exact: true }).click();
  const decline = page.locator('.ant-modal').filter({ hasText: 'Nhập lý do từ chối' });
  await expect(decline.getByTestId('decline-subject')).toHaveText(`Tin b ${id}`);
  await decline.getByRole('button', { name: 'Gửi' }).click();
  await expect(decline).toContainText('Lý do là trường bắt buộc');
  await decline.getByRole('textbox').fill('Cần thêm nguồn');
  await decline.getByRole('button', { name: 'Gửi' }).click();
  await expect(page.getByTestId('status-tag').first()).toHaveText('Từ chối');
  await expect(page.getByRole('alert').filter({ hasText: 'Cần thêm nguồn' })).toBeVisible();

  // The list, filtered by the address, has the same buttons in its rows.
  await page.goto('/news?status=2');
  const row = page.locator('.ant-table-row').filter({ hasText: `Tin a ${id}` });
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: 'Duyệt', exact: true })).toBeDisabled();
});

test('without the review permission the decisions are not offered', async ({ page }) => {
  const id = unique();
  await signIn(page);
  const pending = (await api(page, 'POST', 'News/1/true', {
    newsTranslations: [
      { languageId: 'vi-VN', title: `Tin c ${id}`, content: '<p>Nội dung</p>', seoLink: `tin-c-${id}` },
      { languageId: 'en-US', title: `News c ${id}`, content: '<p>Content</p>', seoLink: `news-c-${id}` },
    ],
    featureImage: '/files/a.png',
    featureImageMobile: '/files/a.png',
    type: 0,
  })).data as { id: number };
  await switchUser(page, STAFF, `/news/${pending.id}`);
  await expect(page.getByTestId('status-tag').first()).toHaveText('Chờ duyệt');
  await expect(page.getByTestId('news-locked')).toBeVisible();
  const footer = page.getByTestId('form-footer');
  await expect(footer.getByRole('button', { name: 'Lưu nháp' })).toBeVisible();
  await expect(footer.getByRole('button', { name: 'Duyệt', exact: true })).toHaveCount(0);
  await expect(footer.getByRole('button', { name: 'Từ chối', exact: true })).toHaveCount(0);
  // Nor in the list's rows.
  await page.goto('/news?status=1');
  const row = page.locator('.ant-table-row').filter({ hasText: `Tin c ${id}` });
  await expect(row).toContainText('Chờ duyệt');
  await expect(row.getByRole('button', { name: 'Duyệt', exact: true })).toHaveCount(0);
});

test('an answer saved for review is approved from the Q&A detail page', async ({ page }) => {
  const id = unique();
  await signIn(page);
  const asked = (await api(page, 'POST', 'QAExperts/1', { fullName: 'Phạm Dũng', title: tr(`Câu hỏi ${id}`, `Question ${id}`) })).data as { id: number; concurrencyStamp: string };
  await api(page, 'PUT', `QAExperts/1/${asked.id}`, {
    concurrencyStamp: asked.concurrencyStamp,
    title: tr(`Câu hỏi ${id}`, `Question ${id}`),
    answer: tr('<p>Trả lời</p>', '<p>Answer</p>'),
    seoLink: tr(`cau-hoi-${id}`, `question-${id}`),
    image: '/files/a.png',
  });
  await switchUser(page, REVIEWER, '/expert-question-and-answer?status=1');
  const row = page.locator('.ant-table-row').filter({ hasText: `Câu hỏi ${id}` });
  await expect(row).toContainText('Chờ duyệt');
  await row.dblclick();
  await expect(page.getByTestId('qa-locked')).toBeVisible();
  await page.getByTestId('form-footer').getByRole('button', { name: 'Duyệt', exact: true }).click();
  await answerDecision(page, `Duyệt “Câu hỏi ${id}”?`, 'Duyệt');
  await expect(page.getByTestId('status-tag').first()).toHaveText('Đã duyệt');
  await page.goto('/expert-question-and-answer?status=2');
  await expect(page.locator('.ant-table-row').filter({ hasText: `Câu hỏi ${id}` })).toBeVisible();
});
