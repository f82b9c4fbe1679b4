// Issue 31, deep links in the console: a route naming its record's website (what a notification, a sitedesk:// link
// or the bell opens) switches the workspace and opens the record; a website the user cannot read shows the not-found
// page; an editor's footer copies the record's sitedesk:// link. Against the real server and its demo data.
import { expect, test, type Page } from '@playwright/test';
import { LABELS, selectedText, signIn } from './support';
import { unique } from './content-support';

async function api(page: Page, path: string) {
  const token = (await page.context().cookies()).find((c) => c.name === 'access_token')!.value;
  const answer = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  return answer.json();
}

test('a record of another website opens from its route, its link is copied, and what cannot be read is not found', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page);
  const websites = (await api(page, '/api/Websites/get-all')) as { id: number; name: string; isDefault?: boolean }[];
  const nameOf = (w: { name: string }) => JSON.parse(w.name)['vi-VN'] as string;
  const current = await selectedText(page, LABELS.website);
  const other = websites.find((w) => nameOf(w) !== current)!;
  const home = websites.find((w) => nameOf(w) === current)!;

  // Feedback a visitor leaves on the other website's public site.
  const title = `Góp ý ${unique()}`;
  const posted = await request.post(`/public/${other.id}/feedback`, { data: { title, fullName: 'Khách Vãng Lai', email: 'khach@example.com', phoneNumber: '0909 000 111', content: 'Liên kết sâu.' } });
  expect(posted.status()).toBe(201);
  const listed = (await api(page, `/api/Feedbacks/${other.id}?keyword=${encodeURIComponent(title)}`)) as { data: { id: number }[] };
  const id = listed.data[0].id;

  // What a notification sends: the workspace switches to the record's website, the parameter leaves the address.
  await page.goto(`/feedback/${id}?website=${other.id}`);
  await expect(page).toHaveURL(new RegExp(`/feedback/${id}$`));
  await expect(page.getByLabel('Tiêu đề')).toHaveValue(title);
  expect(await selectedText(page, LABELS.website)).toBe(nameOf(other));

  // Copy link, in the editor's footer: in a browser the console's own address of the record (issue 42), which opens it.
  const copy = page.getByTestId('copy-record-link');
  await expect(copy).toHaveText('Sao chép liên kết');
  await copy.click();
  await expect(page.getByText('Đã sao chép liên kết')).toBeVisible();
  const origin = new URL(page.url()).origin;
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(`${origin}/feedback/${id}?website=${other.id}`);
  // A new record has no link yet.
  await page.goto('/feedback/add');
  await expect(page.getByTestId('form-footer')).toBeVisible();
  await expect(copy).toHaveCount(0);

  // The same record asked for in a website it does not belong to: the record's not-found page.
  await page.goto(`/feedback/${id}?website=${home.id}`);
  await expect(page).toHaveURL(new RegExp(`/feedback/${id}$`));
  await expect(page.getByText('Không có bản ghi này trong website đang chọn.')).toBeVisible();
  // A website that is not the user's: not found, and the workspace stays where it was.
  await page.goto(`/feedback/${id}?website=987654`);
  await expect(page.getByText('Không tìm thấy')).toBeVisible();
  await expect(page.getByLabel('Tiêu đề')).toHaveCount(0);
  expect(await selectedText(page, LABELS.website)).toBe(current);
});

test('a collaborator and a referred patient open from their routes (the lists that hold them)', async ({ page }) => {
  await signIn(page);
  const [member] = ((await api(page, '/api/DoiNhom?page=1&pageSize=1')) as { data: { id: number; fullName: string }[] }).data;
  const [patient] = ((await api(page, '/api/DoiNhom/ttbn-search?page=1&pageSize=1')) as { data: { id: number; fullName: string }[] }).data;

  await page.goto(`/team?id=${member.id}`);
  const card = page.locator('.ant-drawer').getByTestId('member-card');
  await expect(card).toContainText(member.fullName);
  await page.locator('.ant-drawer .ant-drawer-close').click();
  await expect(page).toHaveURL(/\/team$/);
  await page.goto('/team?id=987654');
  await expect(page.locator('.ant-drawer')).toContainText('Không tìm thấy');

  await page.goto(`/customer?id=${patient.id}`);
  const popup = page.locator('.ant-modal-content').filter({ hasText: 'Thông tin bệnh nhân' });
  await expect(popup.getByLabel('Tên bệnh nhân')).toHaveValue(patient.fullName);
  await popup.getByRole('button', { name: 'Huỷ' }).click();
  await expect(page).toHaveURL(/\/customer$/);
});
