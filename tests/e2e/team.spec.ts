// The referral team (spec part 2: Team, Payment popup, Customer): collaborators who registered through the public
// intake approved and rejected; commissions paid by day and for the previous month with a proof file and seen in
// the history; a referred patient filtered and edited. Against the real server: the visits are recorded by the
// clinic's integration key, as the clinic system would.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { answerDecision, chooseOption, ADMIN, signIn } from './support';
import { api, unique } from './content-support';
import { makePng } from './files-support';

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const lastMonthDay = (d: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, d)).toISOString().slice(0, 10);
};
let phoneSeq = 0;
const phone = () => `08${String(Date.now() % 1e7).padStart(7, '0')}${++phoneSeq}`;

async function clinicId(page: Page) {
  const websites = (await api(page, 'GET', 'Websites/get-all')) as unknown as { id: number; isDefault: boolean }[];
  return websites.find((w) => w.isDefault)!.id;
}

/** A collaborator registering from the customer app (the public intake). */
async function register(request: APIRequestContext, site: number, fullName: string) {
  const res = await request.post(`/public/${site}/collaborators`, { data: { fullName, phoneNumber: phone(), bankName: 'Vietcombank', bankingNumber: '0071009998887', bankAccountName: fullName.toUpperCase(), objectName: 'Điều dưỡng' } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { referralCode: string } }).data.referralCode;
}

/** An approved collaborator with patients whose visits the clinic completed (`visits`: day and amount). */
async function collaboratorWithVisits(page: Page, fullName: string, visits: [string, string, number][]) {
  const site = await clinicId(page);
  const code = await register(page.request, site, fullName);
  const member = ((await api(page, 'GET', `DoiNhom?keyword=${encodeURIComponent(fullName)}`)).data as { id: number }[])[0];
  await api(page, 'PUT', `DoiNhom/status/${member.id}`, { status: 2 });
  const { key } = (await api(page, 'POST', 'IntegrationKeys', { name: `HIS ${unique()}` })).data as { key: string };
  for (const [patient, visitDate, amount] of visits) {
    expect((await page.request.post(`/public/${site}/referrals`, { data: { referralCode: code, fullName: patient, phoneNumber: phone() } })).status()).toBe(201);
    const found = ((await api(page, 'GET', `DoiNhom/ttbn-search?keyword=${encodeURIComponent(patient)}`)).data as { id: number }[])[0];
    const done = await page.request.post('/integration/visits', { data: { referralId: found.id, visitDate, amount }, headers: { 'x-api-key': key } });
    expect(done.status(), await done.text()).toBe(200);
  }
  return member.id;
}

async function openMember(page: Page, fullName: string) {
  await page.goto('/team');
  await page.getByLabel('Từ khoá').fill(fullName);
  await page.getByLabel('Từ khoá').press('Enter');
  const card = page.getByTestId('member-card').filter({ visible: true });
  await expect(card).toContainText(fullName);
  return card;
}

test('a collaborator who registered is approved, another is rejected with a reason', async ({ page }) => {
  await signIn(page, ADMIN, null);
  const site = await clinicId(page);
  const stamp = unique();
  const [yes, no] = [`Nguyễn Duyệt ${stamp}`, `Trần Từ Chối ${stamp}`];
  await register(page.request, site, yes);
  await register(page.request, site, no);

  await page.goto('/team');
  // Both are waiting for approval.
  await chooseOption(page, 'Trạng thái', 'Chờ phê duyệt');
  await expect(page.getByRole('cell', { name: no, exact: true })).toBeVisible();
  await page.getByLabel('Từ khoá').fill(stamp);
  await page.getByLabel('Từ khoá').press('Enter');
  const status = page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Trạng thái', exact: true }) });
  // The clear button shows on hover (a forced click on it hidden sometimes did nothing).
  await status.hover();
  await status.locator('.ant-select-clear').click();
  // The list without the status filter has loaded (an approval reloads it: with "pending" still applied, the approved
  // member would leave the list and the card would move to the next one).
  await expect(status.locator('.ant-select-selection-item')).toHaveCount(0);
  await expect(page.locator('.ant-table .ant-spin-spinning')).toHaveCount(0);
  await expect(page.getByRole('cell', { name: yes, exact: true })).toBeVisible();
  await page.getByRole('cell', { name: yes, exact: true }).click();
  const card = page.getByTestId('member-card').filter({ visible: true });
  await expect(card).toContainText(yes);
  await expect(card).toContainText('Chờ phê duyệt');
  // Each decision asks first, naming the member: "keep it" leaves them as they were.
  await card.getByRole('button', { name: 'Phê duyệt' }).click();
  await answerDecision(page, `Phê duyệt cộng tác viên ${yes}?`, 'keep');
  await expect(card).toContainText('Chờ phê duyệt');
  await card.getByRole('button', { name: 'Phê duyệt' }).click();
  await answerDecision(page, `Phê duyệt cộng tác viên ${yes}?`, 'Phê duyệt');
  await expect(card).toContainText('Đang hoạt động');
  await expect(card.getByRole('button', { name: 'Khoá tài khoản' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Thanh toán' })).toBeVisible();
  // Locked: labelled so, and no Pay.
  await card.getByRole('button', { name: 'Khoá tài khoản' }).click();
  await answerDecision(page, `Khoá tài khoản của ${yes}?`, 'keep');
  await expect(card).toContainText('Đang hoạt động');
  await card.getByRole('button', { name: 'Khoá tài khoản' }).click();
  await answerDecision(page, `Khoá tài khoản của ${yes}?`, 'Khoá tài khoản');
  await expect(card).toContainText('Đã khoá');
  await expect(card.getByRole('button', { name: 'Thanh toán' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Mở tài khoản' }).click();
  await answerDecision(page, `Mở tài khoản của ${yes}?`, 'Mở tài khoản');
  await expect(card.getByRole('button', { name: 'Thanh toán' })).toBeVisible();

  await page.getByRole('cell', { name: no, exact: true }).click();
  await expect(card).toContainText(no);
  await card.getByRole('button', { name: 'Từ chối' }).click();
  const dialog = page.getByRole('dialog', { name: `Từ chối ${no}` });
  await dialog.getByRole('button', { name: 'Từ chối' }).click();
  await expect(dialog.getByText('Lý do là trường bắt buộc')).toBeVisible();
  await dialog.getByLabel('Lý do').fill('Số tài khoản không đúng');
  await dialog.getByRole('button', { name: 'Từ chối' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('Từ chối');
  await expect(card).toContainText('Số tài khoản không đúng');
});

test('commissions paid by day and for the previous month, with a proof file, and the history', async ({ page }) => {
  await signIn(page);
  const name = `Lê Hoa Hồng ${unique()}`;
  await collaboratorWithVisits(page, name, [
    ['Khách Hôm Qua Một', day(-1), 200000],
    ['Khách Hôm Qua Hai', day(-1), 150000],
    ['Khách Tháng Trước', lastMonthDay(10), 300000],
  ]);
  const card = await openMember(page, name);
  await expect(card).toContainText('3 / 3 người');
  await expect(card).toContainText('650.000 ₫');

  // By day: yesterday is chosen; its two visits are listed.
  await card.getByRole('button', { name: 'Thanh toán' }).click();
  const popup = page.getByTestId('payment-popup');
  await expect(popup.getByText(/Khách Hôm Qua Một/)).toBeVisible();
  await expect(popup.getByText(/Khách Tháng Trước/)).toHaveCount(0);
  await popup.getByRole('button', { name: 'Thanh toán' }).click();
  await expect(popup.getByText('Hãy chọn ít nhất một lượt giới thiệu')).toBeVisible();
  await popup.getByRole('checkbox', { name: 'Chọn tất cả' }).check();
  await expect(popup.getByTestId('payment-total')).toHaveText('Tổng tiền: 350.000 ₫');
  await popup.locator('input[type="file"]').setInputFiles({ name: 'uy-nhiem-chi.png', mimeType: 'image/png', buffer: makePng(30, 20, 4) });
  await expect(popup.getByTestId('proof-name')).toHaveText('uy-nhiem-chi.png', { timeout: 20_000 });
  // Paying asks first, naming the member and the amount; "keep it" pays nothing and leaves the popup as it was.
  await popup.getByRole('button', { name: 'Thanh toán' }).click();
  await answerDecision(page, `Thanh toán 350.000 ₫ cho ${name}?`, 'keep');
  await expect(popup.getByTestId('payment-total')).toHaveText('Tổng tiền: 350.000 ₫');
  await expect(card.getByTestId('payment-history')).not.toContainText('350.000 ₫');
  await popup.getByRole('button', { name: 'Thanh toán' }).click();
  await answerDecision(page, `Thanh toán 350.000 ₫ cho ${name}?`, 'Thanh toán');
  await expect(popup).toBeHidden();
  const history = card.getByTestId('payment-history');
  await expect(history).toContainText('350.000 ₫');
  await expect(history).toContainText('Khách Hôm Qua Một, Khách Hôm Qua Hai');

  // The previous month: switching mode clears the selection.
  await card.getByRole('button', { name: 'Thanh toán' }).click();
  await expect(popup.getByText(/Khách Hôm Qua Một/)).toHaveCount(0);
  await popup.getByText('Chọn tháng trước').click();
  await popup.getByRole('checkbox', { name: /Khách Tháng Trước/ }).check();
  await expect(popup.getByTestId('payment-total')).toHaveText('Tổng tiền: 300.000 ₫');
  await popup.locator('input[type="file"]').setInputFiles({ name: 'chung-tu-thang.png', mimeType: 'image/png', buffer: makePng(30, 20, 5) });
  await expect(popup.getByTestId('proof-name')).toHaveText('chung-tu-thang.png', { timeout: 20_000 });
  await popup.getByRole('button', { name: 'Thanh toán' }).click();
  await answerDecision(page, `Thanh toán 300.000 ₫ cho ${name}?`, 'Thanh toán');
  await expect(popup).toBeHidden();
  await expect(history.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(history).toContainText('300.000 ₫');
  await expect(history).toContainText('chung-tu-thang.png');
});

test('a referred patient found by collaborator and status, edited; a completed visit keeps its status', async ({ page }) => {
  await signIn(page);
  const name = `Phan Giới Thiệu ${unique()}`;
  await collaboratorWithVisits(page, name, [['Khách Đã Khám', day(-2), 100000]]);
  const site = await clinicId(page);
  const code = ((await api(page, 'GET', `DoiNhom?keyword=${encodeURIComponent(name)}`)).data as { referralCode: string }[])[0].referralCode;
  const patient = `Khách Chờ Gọi ${unique()}`;
  expect((await page.request.post(`/public/${site}/referrals`, { data: { referralCode: code, fullName: patient, phoneNumber: phone() } })).status()).toBe(201);

  await page.goto('/customer');
  await chooseOption(page, 'Cộng tác viên', name);
  await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await chooseOption(page, 'Lọc theo trạng thái', 'Tiếp nhận');
  await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(1);
  const row = page.locator('tbody tr.ant-table-row').filter({ hasText: patient });
  await row.getByRole('button', { name: 'Chi tiết' }).click();
  const form = page.getByTestId('patient-form');
  // Loaded first (the popup fills its fields when the patient is read: an edit before that is replaced).
  await expect(form.getByLabel('Tên bệnh nhân')).toHaveValue(patient);
  await form.getByLabel('Tên bệnh nhân').fill('');
  await page.getByRole('button', { name: 'Lưu' }).click();
  await expect(form.getByText('Tên là trường bắt buộc')).toBeVisible();
  await form.getByLabel('Tên bệnh nhân').fill(`${patient} (đã gọi)`);
  await chooseOption(page, 'Trạng thái', 'Đặt lịch hẹn khám');
  await page.getByRole('button', { name: 'Lưu' }).click();
  await expect(form).toBeHidden();
  // Now booked: no longer among the received ones.
  await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(0);
  await chooseOption(page, 'Lọc theo trạng thái', 'Hoàn thành');
  await page.locator('tbody tr.ant-table-row').filter({ hasText: 'Khách Đã Khám' }).getByRole('button', { name: 'Chi tiết' }).click();
  await expect(page.getByTestId('status-completed')).toHaveText('Hoàn thành');
  await expect(form.getByLabel('Ngày hẹn khám')).toBeDisabled();
});

test('an administrator makes an integration key for the clinic system, sees it once, and revokes it', async ({ page }) => {
  await signIn(page, ADMIN, '/team');
  await page.getByRole('button', { name: 'Khoá tích hợp' }).click();
  const keys = page.getByTestId('integration-keys');
  const name = `HIS thử ${unique()}`;
  await keys.getByRole('button', { name: 'Tạo khoá' }).click();
  await expect(keys.getByText('Tên là trường bắt buộc')).toBeVisible();
  await keys.getByLabel('Tên').fill(name);
  await keys.getByRole('button', { name: 'Tạo khoá' }).click();
  const fresh = keys.getByTestId('fresh-key');
  await expect(fresh).toHaveText(/^sdk_/);
  const key = (await fresh.innerText()).trim();
  // The key opens the integration route…
  expect((await page.request.post('/integration/visits', { data: { referralId: 999999, visitDate: '2026-11-20', amount: 1000 }, headers: { 'x-api-key': key } })).status()).toBe(404);
  // … until it is revoked.
  const row = keys.locator('tbody tr').filter({ hasText: name });
  await row.getByRole('button', { name: 'Thu hồi' }).click();
  await page.getByRole('button', { name: 'Thu hồi' }).last().click();
  await expect(row).toContainText('Đã thu hồi');
  expect((await page.request.post('/integration/visits', { data: { referralId: 999999, visitDate: '2026-11-20', amount: 1000 }, headers: { 'x-api-key': key } })).status()).toBe(401);
});

test('the team export neutralises a name that a spreadsheet would run (issue 26, item 16)', async ({ page }) => {
  await signIn(page, ADMIN, null);
  const site = await clinicId(page);
  const stamp = unique();
  // A collaborator's name comes from the public intake, unauthenticated.
  const name = `=HYPERLINK("https://evil.example/${stamp}","Bấm")`;
  await register(page.request, site, name);
  await page.goto('/team');
  await page.getByLabel('Từ khoá').fill(stamp);
  await page.getByLabel('Từ khoá').press('Enter');
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Xuất' }).click();
  const stream = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  const csv = Buffer.concat(chunks).toString('utf8');
  // Written as text with a leading quote (CSV-quoted: its own quotes doubled), never as a formula.
  expect(csv).toContain(`"'=HYPERLINK(""https://evil.example/${stamp}"",""Bấm"")"`);
  expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m);
});
