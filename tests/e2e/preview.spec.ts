// Preview before approval (issue 41): an administrator sets the news preview address (the example website, served
// here by a tiny static server on another origin), opens a pending news item of the demo, sees it on the example
// site with "Xem trước" (a new tab: the delivery API answers its saved version under the token) and, in the live
// preview pane, sees an unsaved change of its title as it is typed.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { chooseOption, ADMIN, signIn } from './support';

const PENDING = 'Hen suyễn ở người lớn tuổi';
const DRAFT = 'Ngày hội khám sức khỏe miễn phí tháng 12';

/** The list narrowed to one title (the journeys before may have pushed it off the first page). */
async function findNews(page: Page, title: string) {
  await page.getByPlaceholder('Từ khoá').fill(title);
  await page.getByPlaceholder('Từ khoá').press('Enter');
}

test('a pending news item previewed on the example site, and an unsaved title seen live', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  const html = fs.readFileSync(path.resolve('docs/examples/site.html'));
  const site = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  try {
    await signIn(page, ADMIN, '/websitePreview/add');
    await chooseOption(page, 'Khu vực', 'Tin tức (news)');
    await page.getByLabel(/Địa chỉ trang/).fill(`${origin}/tin-tuc/{seoLink}?api=${baseURL}&website=1&lang=vi-VN`);
    await page.getByRole('button', { name: /^(save )?Lưu$/ }).click();
    await expect(page).toHaveURL(/\/info-website/);

    await page.goto('/news');
    await findNews(page, PENDING);
    // The review list has Xem trước beside its decisions; the item opens with Chi tiết.
    const row = page.getByRole('row').filter({ hasText: PENDING });
    await expect(row.getByRole('button', { name: /Xem trước/ })).toBeVisible();
    await row.getByRole('button', { name: /Chi tiết/ }).click();
    await expect(page.getByLabel('Tiêu đề (Tiếng Việt)')).toHaveValue(PENDING);

    // Xem trước: the example site in a new tab, the pending item among its news (its saved version, under the token).
    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByTestId('preview-open').click()]);
    await expect(tab).toHaveURL(/sitedesk-preview=/);
    await expect(tab.locator('#news')).toContainText(PENDING);
    await tab.close();

    // Live: the pane shows the page with the form as it is.
    await page.getByTestId('preview-live').click();
    const frame = page.frameLocator('[data-testid="preview-frame"]');
    await expect(frame.getByTestId('preview-title')).toHaveText(PENDING);

    // A pending item's form is locked until decided: an unsaved title is typed into a draft, and reaches the pane live.
    await page.goto('/news');
    await findNews(page, DRAFT);
    await page.getByRole('row').filter({ hasText: DRAFT }).getByRole('button', { name: /Chi tiết/ }).click();
    await expect(page.getByLabel('Tiêu đề (Tiếng Việt)')).toHaveValue(DRAFT);
    await page.getByTestId('preview-live').click();
    await expect(frame.getByTestId('preview-title')).toHaveText(DRAFT);
    await page.getByLabel('Tiêu đề (Tiếng Việt)').fill(`${DRAFT} – bản sửa chưa lưu`);
    await expect(frame.getByTestId('preview-title')).toHaveText(`${DRAFT} – bản sửa chưa lưu`);
  } finally {
    site.close();
  }
});
