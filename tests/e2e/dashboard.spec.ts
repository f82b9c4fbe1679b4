// The dashboard shows what the records hold (read here from the API, never hard-coded), follows the
// header's website, and each figure leads to the filtered list behind it.
import { expect, test, type Page } from '@playwright/test';
import { chooseOption, cookie, ACCESS_COOKIE, LABELS, signIn, WEBSITES } from './support';

interface Figures {
  news: Record<'draft' | 'pending' | 'approved' | 'declined' | 'total', number>;
  qa: Record<'pending' | 'unanswered' | 'total', number>;
  files: { count: number; bytes: number };
}

async function figuresOf(page: Page, websiteName: string): Promise<Figures> {
  const token = (await cookie(page.context(), ACCESS_COOKIE))!.value;
  const headers = { authorization: `Bearer ${token}` };
  const websites = (await (await page.request.get('/api/Websites/get-all', { headers })).json()) as { id: number; name: string }[];
  const site = websites.find((w) => w.name.includes(websiteName))!;
  return ((await (await page.request.get(`/api/Dashboard/${site.id}`, { headers })).json()) as { data: Figures }).data;
}

const figure = (page: Page, title: string, value: number) => page.getByRole('link', { name: `${title}: ${value.toLocaleString('vi-VN')}`, exact: true });

test('the dashboard counts the records of the chosen website and links to them', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: LABELS.dashboard })).toBeVisible();
  const clinic = await figuresOf(page, WEBSITES.clinic);
  await expect(figure(page, 'Chờ duyệt', clinic.news.pending).first()).toBeVisible();
  await expect(figure(page, 'Nháp', clinic.news.draft)).toBeVisible();
  await expect(figure(page, 'Đã duyệt', clinic.news.approved)).toBeVisible();
  await expect(figure(page, 'Từ chối', clinic.news.declined)).toBeVisible();
  await expect(figure(page, 'Chưa trả lời', clinic.qa.unanswered)).toBeVisible();
  await expect(figure(page, 'Số tệp', clinic.files.count)).toBeVisible();
  // No invented figure: nothing counts site visits.
  await expect(page.getByText('Lượt truy cập')).toHaveCount(0);

  // The other website's figures replace these.
  await chooseOption(page, LABELS.website, WEBSITES.spa);
  const spa = await figuresOf(page, WEBSITES.spa);
  await expect(figure(page, 'Nháp', spa.news.draft)).toBeVisible();
  await expect(figure(page, 'Chưa trả lời', spa.qa.unanswered)).toBeVisible();

  // The pending-news figure opens the news list filtered to pending items.
  await figure(page, 'Chờ duyệt', spa.news.pending).first().click();
  await expect(page).toHaveURL(/\/news\?status=1$/);
});
