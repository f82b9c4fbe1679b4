// The content reaches a website (issue 28, "Show it end to end"): a staff member writes a news item in the console and
// asks for review, a reviewer approves it, and the example website (docs/examples/site.html, opened from disk and
// reading this server's delivery API) shows it. The staff member then changes its title and asks again; the reviewer
// declines: the website keeps the approved title, reloaded and all, until a new edit is approved and replaces it.
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { pickImage, typeRichText, unique, uploadImage } from './content-support';
import { answerDecision, REVIEWER, signIn, STAFF, switchUser } from './support';

const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).last();
const footerButton = (page: Page, name: string) => page.getByTestId('form-footer').getByRole('button', { name, exact: true });

/** The example page, from disk, reading `api` (this test's server), website 1, in `lang`. */
const exampleSite = (api: string, lang: string) =>
  `${pathToFileURL(path.resolve('docs/examples/site.html')).href}?${new URLSearchParams({ api, website: '1', lang })}`;

/** As the staff member: change the Vietnamese title on the news item's page and ask for review again. */
async function resubmitTitle(page: Page, newsId: string, title: string) {
  await switchUser(page, STAFF, `/news/${newsId}`);
  await page.getByLabel('Tiêu đề (Tiếng Việt)').fill(title);
  await page.getByRole('button', { name: 'Lưu và gửi duyệt' }).click();
  await expect(page.getByTestId('news-locked')).toBeVisible();
  await expect(page.getByTestId('status-tag').first()).toHaveText('Chờ duyệt');
}

/** As the reviewer: approve the news item from its page. */
async function approve(page: Page, newsId: string, title: string) {
  await switchUser(page, REVIEWER, `/news/${newsId}`);
  await footerButton(page, 'Duyệt').click();
  await answerDecision(page, `Duyệt “${title}”?`, 'Duyệt');
  await expect(toast(page, 'Duyệt thành công')).toBeVisible();
  await expect(page.getByTestId('status-tag').first()).toHaveText('Đã duyệt');
}

test('approved news reaches the example website; a declined edit leaves the published version', async ({ page, context, baseURL }) => {
  test.setTimeout(240_000);
  const id = unique();
  const title = `Ngày hội hiến máu ${id}`;
  const edited = `Ngày hội hiến máu (đổi giờ) ${id}`;
  const second = `Ngày hội hiến máu tháng sau ${id}`;
  const description = 'Mời bạn cùng tham gia hiến máu tại phòng khám.';

  // The staff member writes it in both languages, with its images, and asks for review.
  await signIn(page, STAFF, null);
  await uploadImage(page, `hien-mau-${id}.png`);
  await page.goto('/news/add');
  const content = page.getByTestId('news-content');
  await page.getByLabel('Tiêu đề (Tiếng Việt)').fill(title);
  await page.getByLabel('Mô tả (Tiếng Việt)').fill(description);
  await typeRichText(page, content, 'Nội dung ngày hội hiến máu');
  await content.getByRole('tab', { name: 'English' }).click();
  await page.getByLabel('Tiêu đề (English)').fill(`Blood donation day ${id}`);
  await typeRichText(page, content, 'Blood donation day');
  const images = page.getByTestId('news-images').getByTestId('image-field');
  await pickImage(page, images.nth(0), `hien-mau-${id}.png`);
  await pickImage(page, images.nth(1), `hien-mau-${id}.png`);
  await page.getByRole('button', { name: 'Lưu và gửi duyệt' }).click();
  await expect(toast(page, 'Thêm mới thành công')).toBeVisible();
  await expect(page).toHaveURL(/\/news\/\d+$/);
  const newsId = page.url().split('/').pop()!;
  await expect(page.getByTestId('news-locked')).toBeVisible();

  // Waiting for review: not on the website yet.
  const site = await context.newPage();
  await site.goto(exampleSite(baseURL!, 'vi-VN'));
  const news = site.locator('#news');
  await expect(news.getByRole('article').first()).toBeVisible();
  await expect(news).not.toContainText(title);

  // The reviewer approves it: the website shows it, with its description, date and image, and the menu beside it.
  await approve(page, newsId, title);
  await site.reload();
  const card = news.getByRole('article').filter({ has: site.getByRole('heading', { name: title, exact: true }) });
  await expect(card).toBeVisible();
  await expect(card).toContainText(description);
  await expect(card.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}/);
  // The picture staff picked (sized for the card by its srcset once the upload step has measured it: `…png?w=…`).
  await expect(card.locator('img')).toHaveAttribute('src', new RegExp(`hien-mau-${id}\\.png(\\?|$)`));
  await expect(site.locator('#menus li').first()).toBeVisible();
  await expect(site.getByRole('alert')).toBeHidden();
  // In English, its English title.
  await site.locator('#language').selectOption('en-US');
  await expect(news.getByRole('heading', { name: `Blood donation day ${id}`, exact: true })).toBeVisible();
  await expect(news).not.toContainText(title);
  await expect(site).toHaveURL(/lang=en-US/);

  // The staff member changes the title and asks again; the reviewer declines with a reason.
  await resubmitTitle(page, newsId, edited);
  await switchUser(page, REVIEWER, `/news/${newsId}`);
  await footerButton(page, 'Từ chối').click();
  const decline = page.locator('.ant-modal').filter({ hasText: 'Nhập lý do từ chối' });
  await decline.getByRole('textbox').fill('Giờ tổ chức chưa được xác nhận');
  await decline.getByRole('button', { name: 'Gửi' }).click();
  await expect(decline).toBeHidden();
  await expect(page.getByTestId('status-tag').first()).toHaveText('Từ chối');

  // The website still shows what was approved, not the declined edit.
  await site.goto(exampleSite(baseURL!, 'vi-VN'));
  await expect(news.getByRole('heading', { name: title, exact: true })).toBeVisible();
  await expect(news).not.toContainText(edited);
  await site.reload();
  await expect(news.getByRole('heading', { name: title, exact: true })).toBeVisible();
  await expect(news).not.toContainText(edited);

  // A new edit, approved this time, replaces it.
  await resubmitTitle(page, newsId, second);
  await approve(page, newsId, second);
  await site.reload();
  await expect(news.getByRole('heading', { name: second, exact: true })).toBeVisible();
  await expect(news.getByRole('heading', { name: title, exact: true })).toHaveCount(0);
});

test('the example website says so when the API cannot be reached', async ({ page }) => {
  // A port nobody listens on (taken from the system, then let go): the fetch fails as when the server is down.
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  await page.goto(exampleSite(`http://127.0.0.1:${port}`, 'vi-VN'));
  await expect(page.getByRole('alert')).toContainText(`Không kết nối được API nội dung tại http://127.0.0.1:${port}`);
  await expect(page.locator('#news article')).toHaveCount(0);
});
