// Acting on many (issue 42): rows of a list selected (Shift-click for a range), one action for all of them, the
// confirmation naming how many; the notice says how many were done and the refused are listed with their reasons.
import { expect, test } from '@playwright/test';
import { api, unique } from './content-support';
import { answerDecision, signIn } from './support';

test('a bulk submit for review of three news, one already pending: two done, the pending one refused with its reason', async ({ page }) => {
  test.setTimeout(180_000);
  const id = unique();
  await signIn(page);
  const body = (n: string) => ({
    newsTranslations: [
      { languageId: 'vi-VN', title: `Hàng loạt ${n} ${id}`, content: '<p>Nội dung</p>', seoLink: `hang-loat-${n}-${id}` },
      { languageId: 'en-US', title: `Bulk ${n} ${id}`, content: '<p>Content</p>', seoLink: `bulk-${n}-${id}` },
    ],
    featureImage: '/files/a.png',
    featureImageMobile: '/files/a.png',
    type: 0,
  });
  await api(page, 'POST', 'News/1/false', body('a'));
  await api(page, 'POST', 'News/1/true', body('b'));
  await api(page, 'POST', 'News/1/false', body('c'));

  await page.goto('/news');
  const box = page.getByPlaceholder('Từ khoá');
  await box.fill(id);
  await box.press('Enter');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);

  // The first row, then Shift-click on the last: the three of them.
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(2).getByRole('checkbox').click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('bulk-count')).toHaveText('Đã chọn 3');
  // The page's select-all box is named in the interface's language (antd says "Select all" in every language).
  await expect(page.getByRole('checkbox', { name: 'Chọn mọi dòng trên trang' })).toBeChecked();

  await page.getByTestId('bulk-submit').click();
  await answerDecision(page, 'Gửi duyệt 3 bản ghi?', 'Gửi duyệt');
  await expect(page.locator('.ant-message-notice').filter({ hasText: 'Đã xử lý 2 bản ghi' })).toBeVisible();
  const outcome = page.getByTestId('bulk-outcome');
  await expect(outcome).toContainText('Đã xử lý 2, từ chối 1');
  await expect(outcome.getByTestId('bulk-refused')).toHaveText(`Hàng loạt b ${id}: Tin tức đang ở trạng thái chờ, không thể chỉnh sửa`);
  // The refused stays selected; the others are pending now.
  await expect(page.getByTestId('bulk-count')).toHaveText('Đã chọn 1');
  await expect(rows.filter({ hasText: 'Chờ duyệt' })).toHaveCount(3);
});
