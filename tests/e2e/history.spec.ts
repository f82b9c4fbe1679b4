// The History panel (issue 29): a record's versions with who, when and what changed — each language of a
// per-language field on its own row, long text as a word diff — and "Khôi phục phiên bản này" / "Restore this
// version", which puts the old values back through a save (a news item goes back to review, it is not approved).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, unique } from './content-support';
import { ADMIN, answerDecision, openUserMenu, REVIEWER, signIn, switchUser } from './support';

const tr = (vi: string, en: string) => JSON.stringify({ 'vi-VN': vi, 'en-US': en });

/** Open the History drawer of the record on screen; answers its panel once its versions are there. */
async function openHistory(page: Page, label = 'Lịch sử'): Promise<Locator> {
  const button = page.getByTestId('form-footer').getByTestId('history-button');
  await expect(button).toHaveText(label);
  await button.click();
  const panel = page.getByTestId('history-panel');
  await expect(panel).toBeVisible();
  return panel;
}

/**
 * The versions in a History panel: its entries but the reads (an administrator opening a record with personal data
 * leaves a `view` entry, at most one an hour, shown to administrators: tests/e2e/privacy-register.spec.ts).
 */
const entries = (panel: Locator) => panel.locator('[data-testid="history-entry"]:not([data-operation="view"]):not([data-operation="export"])');
const change = (entry: Locator, field: string, language = '') => entry.locator(`tr[data-field="${field}"][data-language="${language}"]`);

/** Save and stay, waiting for the server's answer (the success notice of an earlier save may still be showing). */
async function saveAndStay(page: Page) {
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/Partners/'));
  await page.getByRole('button', { name: 'Lưu và tiếp tục sửa' }).click();
  expect((await saved).status()).toBe(200);
}

test('edit a record twice: History shows both versions side by side per language with a word diff; restore the first', async ({ page }) => {
  await signIn(page);
  const u = unique();
  const created = await api(page, 'POST', 'Partners/1', {
    name: tr(`Đối tác ${u}`, `Partner ${u}`),
    description: tr('Phòng xét nghiệm với máy móc hiện đại tại Hà Nội', 'A laboratory in Hanoi'),
    url: 'https://old.example',
    order: 0,
    isActive: true,
  });
  const id = (created.data as { id: number }).id;

  await page.goto(`/partner/${id}`);
  await expect(page.getByLabel('Tên đối tác (Tiếng Việt)')).toHaveValue(`Đối tác ${u}`);
  // First edit: two words of the Vietnamese description, the English name.
  await page.getByLabel('Mô tả (Tiếng Việt)').fill('Phòng xét nghiệm với máy móc tiên tiến tại Hà Nội');
  await page.getByRole('tab', { name: 'English' }).click();
  await page.getByLabel('Tên đối tác (English)').fill(`Partner ${u} renamed`);
  await saveAndStay(page);
  // Second edit: the URL.
  await page.getByLabel('Đường dẫn').fill('https://new.example');
  await saveAndStay(page);

  const panel = await openHistory(page);
  await expect(entries(panel)).toHaveCount(3);
  const [second, first, creation] = [entries(panel).nth(0), entries(panel).nth(1), entries(panel).nth(2)];
  // Newest first: who, what was done.
  await expect(second).toHaveAttribute('data-operation', 'update');
  await expect(second).toContainText(ADMIN.fullName);
  await expect(second).toContainText('Cập nhật');
  await expect(change(second, 'url')).toContainText('Đường dẫn');
  await expect(change(second, 'url')).toContainText('https://old.example');
  await expect(change(second, 'url')).toContainText('https://new.example');
  // The first edit: each language on its own row, with the field's label and the language's name.
  const description = change(first, 'description', 'vi-VN');
  await expect(description).toContainText('Mô tả (Tiếng Việt)');
  await expect(description.getByTestId('history-diff-before').locator('del')).toHaveText(['hiện đại']);
  await expect(description.getByTestId('history-diff-after').locator('ins')).toHaveText(['tiên tiến']);
  await expect(description.getByTestId('history-diff-after')).toContainText('Phòng xét nghiệm với máy móc tiên tiến tại Hà Nội');
  const englishName = change(first, 'name', 'en-US');
  await expect(englishName).toContainText('Tên đối tác (English)');
  await expect(englishName.locator('td').nth(1)).toHaveText(`Partner ${u}`);
  await expect(englishName.locator('td').nth(2)).toHaveText(`Partner ${u} renamed`);
  await expect(change(first, 'name', 'vi-VN')).toHaveCount(0);
  await expect(creation).toHaveAttribute('data-operation', 'create');
  await expect(creation).toContainText('Tạo mới');
  // The newest is the record as it is: nothing to restore there.
  await expect(second.getByTestId('history-restore')).toHaveCount(0);
  await expect(first.getByTestId('history-restore')).toHaveText('Khôi phục phiên bản này');

  // An unsaved edit in the form: the confirmation says it will be lost.
  await page.locator('.ant-drawer-close').click();
  await page.getByLabel('Đường dẫn').fill('https://unsaved.example');
  await openHistory(page);
  await entries(panel).nth(2).getByTestId('history-restore').click();
  await expect(page.getByTestId('history-restore-unsaved')).toBeVisible();
  await answerDecision(page, /^Khôi phục phiên bản lúc/, 'Khôi phục phiên bản này');
  await expect(page.locator('.ant-message-notice').filter({ hasText: 'Đã khôi phục phiên bản' })).toBeVisible();

  // The form shows the first version's values (and its new stamp: saving again works), the panel a new version.
  await expect(entries(panel)).toHaveCount(4);
  await expect(entries(panel).nth(0)).toHaveAttribute('data-operation', 'update');
  await expect(change(entries(panel).nth(0), 'url')).toContainText('https://new.example');
  await expect(change(entries(panel).nth(0), 'url')).toContainText('https://old.example');
  await page.locator('.ant-drawer-close').click();
  await expect(page.getByLabel('Đường dẫn')).toHaveValue('https://old.example');
  await expect(page.getByLabel('Mô tả (Tiếng Việt)')).toHaveValue('Phòng xét nghiệm với máy móc hiện đại tại Hà Nội');
  await page.getByRole('tab', { name: 'English' }).click();
  await expect(page.getByLabel('Tên đối tác (English)')).toHaveValue(`Partner ${u}`);
  await page.getByLabel('Tên đối tác (English)').fill(`Partner ${u} again`);
  await saveAndStay(page);

  // In English: the same panel in the interface language.
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Ngôn ngữ giao diện' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  const english = await openHistory(page, 'History');
  await expect(entries(english)).toHaveCount(5);
  await expect(change(entries(english).nth(0), 'name', 'en-US')).toContainText('Name (English)');
  await expect(entries(english).nth(0)).toContainText('Edited');
  await expect(entries(english).nth(1).getByTestId('history-restore')).toHaveText('Restore this version');
  await expect(english.getByRole('columnheader', { name: 'Before' }).first()).toBeVisible();
});

test('a restored news item is a new edit: it leaves the approved state and waits for review again', async ({ page }) => {
  await signIn(page);
  const u = unique();
  const body = (title: string) => ({
    newsTranslations: [
      { languageId: 'vi-VN', title, content: '<p>Lịch khám <b>mới</b> từ thứ hai</p>', seoLink: `lich-${u}` },
      { languageId: 'en-US', title: `News ${u}`, content: '<p>New hours</p>', seoLink: `hours-${u}` },
    ],
    featureImage: '/files/a.png',
    featureImageMobile: '/files/a.png',
    type: 0,
  });
  const { id } = (await api(page, 'POST', 'News/1/false', body(`Tin nháp ${u}`))).data as { id: number };
  const draft = (await api(page, 'GET', `News/detail/1/${id}`)).data as { concurrencyStamp: string };
  await api(page, 'PUT', `News/1/${id}/true`, { ...body(`Tin đã sửa ${u}`), concurrencyStamp: draft.concurrencyStamp });
  // Someone else reviews and approves it.
  await switchUser(page, REVIEWER);
  await api(page, 'PUT', `News/status/1/${id}`, { status: 2 });

  await page.goto(`/news/${id}`);
  await expect(page.getByTestId('status-tag').first()).toHaveText('Đã duyệt');
  const panel = await openHistory(page);
  await expect(entries(panel)).toHaveCount(3);
  await expect(entries(panel).nth(0)).toHaveAttribute('data-operation', 'approve');
  await expect(entries(panel).nth(0)).toContainText('Duyệt');
  await expect(entries(panel).nth(0)).toContainText(REVIEWER.fullName);
  const edit = entries(panel).nth(1);
  // What the form shows, not the server's bookkeeping (who submitted it, its creator, its view count); images as thumbnails.
  const creation = entries(panel).nth(2);
  for (const internal of ['submittedBy', 'creatorId', 'creatorFullName', 'viewCount']) await expect(panel.locator(`tr[data-field="${internal}"]`)).toHaveCount(0);
  await expect(change(creation, 'featureImage')).toContainText('Ảnh đại diện');
  await expect(change(creation, 'featureImage').getByTestId('change-thumbnail').locator('img')).toBeVisible();
  await expect(change(creation, 'featureImage')).not.toContainText('/files/');
  await expect(change(creation, 'approvedStatus').getByTestId('change-after')).toHaveText('Nháp');
  await expect(change(edit, 'title', 'vi-VN')).toContainText('Tiêu đề (Tiếng Việt)');
  await expect(change(edit, 'title', 'vi-VN')).toContainText(`Tin nháp ${u}`);
  await expect(change(edit, 'title', 'vi-VN')).toContainText(`Tin đã sửa ${u}`);

  // Back to the draft's title: saved as a new edit, not approved by being restored.
  await entries(panel).nth(2).getByTestId('history-restore').click();
  await answerDecision(page, /^Khôi phục phiên bản lúc/, 'Khôi phục phiên bản này');
  await expect(entries(panel)).toHaveCount(4);
  await expect(change(entries(panel).nth(0), 'title', 'vi-VN')).toContainText(`Tin nháp ${u}`);
  await page.locator('.ant-drawer-close').click();
  await expect(page.getByLabel('Tiêu đề (Tiếng Việt)')).toHaveValue(`Tin nháp ${u}`);
  // The server makes it a draft, which its editor sends for review when ready.
  await expect(page.getByTestId('status-tag').first()).toHaveText('Nháp');
  const saved = (await api(page, 'GET', `News/detail/1/${id}`)).data as { approvedStatus: number };
  expect(saved.approvedStatus).toBe(0);
});

test("a news item's History names its categories, not their ids", async ({ page }) => {
  await signIn(page, ADMIN, null);
  const u = unique();
  const category = async (vi: string) =>
    ((await api(page, 'POST', 'Categorys/1', { name: tr(`${vi} ${u}`, `Category ${vi} ${u}`), seoLink: `${vi.toLowerCase()}-${u}`, order: 0, isActive: true })).data as { id: number }).id;
  const [heart, eyes] = [await category('Tim'), await category('Mắt')];
  const body = {
    newsTranslations: [
      { languageId: 'vi-VN', title: `Tin danh mục ${u}`, content: '<p>Nội dung</p>', seoLink: `tin-danh-muc-${u}` },
      { languageId: 'en-US', title: `Category news ${u}`, content: '<p>Text</p>', seoLink: `category-news-${u}` },
    ],
    featureImage: '/files/a.png',
    featureImageMobile: '/files/a.png',
    type: 0,
  };
  const { id } = (await api(page, 'POST', 'News/1/false', { ...body, categorys: [heart] })).data as { id: number };
  const draft = (await api(page, 'GET', `News/detail/1/${id}`)).data as { concurrencyStamp: string };
  await api(page, 'PUT', `News/1/${id}/false`, { ...body, categorys: [heart, eyes], concurrencyStamp: draft.concurrencyStamp });

  await page.goto(`/news/${id}`);
  const panel = await openHistory(page);
  await expect(entries(panel)).toHaveCount(2);
  const edit = entries(panel).nth(0);
  // One row, "Danh mục", with the names in the content language before and after.
  const categories = change(edit, 'categorys');
  await expect(categories).toContainText('Danh mục');
  await expect(categories.locator('td').nth(1)).toHaveText(`Tim ${u}`);
  await expect(categories.locator('td').nth(2)).toHaveText(`Tim ${u}, Mắt ${u}`);
  await expect(change(edit, 'categoriesNews')).toHaveCount(0);
});

test('a restore over a stale form changes nothing, says so and shows the record as it now is', async ({ page }) => {
  await signIn(page, ADMIN, null);
  const u = unique();
  const created = (await api(page, 'POST', 'Partners/1', { name: tr(`Cũ ${u}`, `Old ${u}`), url: 'https://one.example', order: 0, isActive: true })).data as { id: number; concurrencyStamp: string };
  const edited = (await api(page, 'PUT', `Partners/1/${created.id}`, { ...created, url: 'https://two.example' })).data as Record<string, unknown>;
  await page.goto(`/partner/${created.id}`);
  await expect(page.getByLabel('Đường dẫn')).toHaveValue('https://two.example');
  // Someone else saves while the form is open: its stamp is stale.
  await api(page, 'PUT', `Partners/1/${created.id}`, { ...edited, name: tr(`Mới ${u}`, `New ${u}`) });

  const panel = await openHistory(page);
  await expect(entries(panel)).toHaveCount(3);
  await entries(panel).nth(2).getByTestId('history-restore').click();
  await answerDecision(page, /^Khôi phục phiên bản lúc/, 'Khôi phục phiên bản này');
  await expect(page.locator('.ant-message-notice').filter({ hasText: 'Bản ghi vừa được người khác thay đổi nên chưa khôi phục' })).toBeVisible();
  await expect(entries(panel)).toHaveCount(3);
  await page.locator('.ant-drawer-close').click();
  await expect(page.getByLabel('Tên đối tác (Tiếng Việt)')).toHaveValue(`Mới ${u}`);
  await expect(page.getByLabel('Đường dẫn')).toHaveValue('https://two.example');
});

test('Q&A and services have the History too; a record waiting for review cannot be restored until it is decided', async ({ page }) => {
  await signIn(page);
  const u = unique();
  // A question and its answer, sent for review (pending: locked).
  const asked = (await api(page, 'POST', 'QAExperts/1', { fullName: 'Phạm Dũng', title: tr(`Câu hỏi ${u}`, `Question ${u}`) })).data as { id: number; concurrencyStamp: string };
  await api(page, 'PUT', `QAExperts/1/${asked.id}`, {
    concurrencyStamp: asked.concurrencyStamp,
    title: tr(`Câu hỏi ${u}`, `Question ${u}`),
    answer: tr('<p>Nên <b>khám</b> định kỳ sáu tháng một lần</p>', '<p>Every six months</p>'),
    seoLink: tr(`cau-hoi-${u}`, `question-${u}`),
    image: '/files/a.png',
  });
  await page.goto(`/expert-question-and-answer/${asked.id}`);
  await expect(page.getByTestId('qa-locked')).toBeVisible({ timeout: 30_000 });
  const qa = await openHistory(page);
  await expect(entries(qa)).toHaveCount(2);
  const answer = change(entries(qa).nth(0), 'answer', 'vi-VN');
  await expect(answer).toContainText('Câu trả lời (Tiếng Việt)');
  // Rich text read as its words, never as markup.
  await expect(answer.getByTestId('history-diff-after')).toHaveText('Nên khám định kỳ sáu tháng một lần');
  await expect(answer.locator('b')).toHaveCount(0);
  const locked = entries(qa).nth(1).getByTestId('history-restore');
  await expect(locked).toBeDisabled();
  await page.locator('.ant-drawer-close').click();

  // A service: created, then its description edited.
  const service = (await api(page, 'POST', 'Services/1', {
    type: 1,
    title: tr(`Khám mắt ${u}`, `Eye exam ${u}`),
    description: tr('Đo thị lực cho trẻ em', 'Vision test'),
    seoLink: `kham-mat-${u}`,
    image: '/files/a.png',
  })).data as Record<string, unknown> & { id: number };
  await api(page, 'PUT', `Services/1/${service.id}`, { ...service, description: tr('Đo thị lực cho người lớn', 'Vision test') });
  await page.goto(`/service-website/${service.id}`);
  await expect(page.getByLabel('Tiêu đề (Tiếng Việt)')).toHaveValue(`Khám mắt ${u}`, { timeout: 30_000 });
  const history = await openHistory(page);
  await expect(entries(history)).toHaveCount(2);
  const description = change(entries(history).nth(0), 'description', 'vi-VN');
  await expect(description.getByTestId('history-diff-before').locator('del')).toHaveText(['trẻ em']);
  await expect(description.getByTestId('history-diff-after').locator('ins')).toHaveText(['người lớn']);
  await entries(history).nth(1).getByTestId('history-restore').click();
  await answerDecision(page, /^Khôi phục phiên bản lúc/, 'Khôi phục phiên bản này');
  await expect(entries(history)).toHaveCount(3);
  await page.locator('.ant-drawer-close').click();
  await expect(page.getByLabel('Mô tả (Tiếng Việt)')).toHaveValue('Đo thị lực cho trẻ em');
});

test("a website's settings (a singleton tab of the website information) have their History and restore", async ({ page }) => {
  await signIn(page, ADMIN, null);
  const original = (await api(page, 'GET', 'Settings/settings/1')).data as Record<string, unknown>;
  const first = (await api(page, 'POST', 'Settings/settings/1', { ...original, hotline: '1900 1111' })).data as Record<string, unknown>;
  await api(page, 'POST', 'Settings/settings/1', { ...first, hotline: '1900 2222' });
  try {
    await page.goto('/info-website');
    await expect(page.getByLabel('Hotline')).toHaveValue('1900 2222', { timeout: 30_000 });
    const panel = await openHistory(page);
    await expect(change(entries(panel).nth(0), 'hotline')).toContainText('1900 1111');
    await expect(change(entries(panel).nth(0), 'hotline')).toContainText('1900 2222');
    await entries(panel).nth(1).getByTestId('history-restore').click();
    await answerDecision(page, /^Khôi phục phiên bản lúc/, 'Khôi phục phiên bản này');
    await expect(change(entries(panel).nth(0), 'hotline').locator('td').nth(2)).toHaveText('1900 1111');
    await page.locator('.ant-drawer-close').click();
    await expect(page.getByLabel('Hotline')).toHaveValue('1900 1111');
  } finally {
    const now = (await api(page, 'GET', 'Settings/settings/1')).data as Record<string, unknown>;
    await api(page, 'POST', 'Settings/settings/1', { ...now, hotline: original.hotline });
  }
});

test("a team member's History: registered through the public intake, approved by the administrator", async ({ page }) => {
  await signIn(page, ADMIN, null);
  const fullName = `Lê Lịch Sử ${unique()}`;
  const registered = await page.request.post('/public/1/collaborators', { data: { fullName, phoneNumber: `09${String(Date.now() % 1e8).padStart(8, '0')}` } });
  expect(registered.status(), await registered.text()).toBe(201);
  const member = ((await api(page, 'GET', `DoiNhom?keyword=${encodeURIComponent(fullName)}`)).data as { id: number }[])[0];
  await api(page, 'PUT', `DoiNhom/status/${member.id}`, { status: 2 });

  await page.goto('/team');
  await page.getByLabel('Từ khoá').fill(fullName);
  await page.getByLabel('Từ khoá').press('Enter');
  const card = page.getByTestId('member-card').filter({ visible: true });
  await expect(card).toContainText(fullName);
  await card.getByTestId('history-button').click();
  const panel = page.getByTestId('history-panel');
  await expect(entries(panel)).toHaveCount(2);
  await expect(entries(panel).nth(0)).toHaveAttribute('data-operation', 'approve');
  await expect(entries(panel).nth(0)).toContainText(ADMIN.fullName);
  await expect(change(entries(panel).nth(0), 'approvedStatus')).toContainText('Chờ phê duyệt');
  await expect(change(entries(panel).nth(0), 'approvedStatus')).toContainText('Đang hoạt động');
  await expect(entries(panel).nth(1)).toHaveAttribute('data-operation', 'create');
  await expect(entries(panel).nth(1)).toContainText('Khách truy cập');
  await expect(change(entries(panel).nth(1), 'fullName')).toContainText(fullName);
  // Decided by its own buttons, not restored.
  await expect(panel.getByTestId('history-restore')).toHaveCount(0);
});

test("a referred patient's History in the patient popup: an edit shown and restored through the patient's own save", async ({ page }) => {
  await signIn(page, ADMIN, null);
  const u = unique();
  const phone = () => `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const registered = await page.request.post('/public/1/collaborators', { data: { fullName: `Cộng Tác ${u}`, phoneNumber: phone() } });
  expect(registered.status(), await registered.text()).toBe(201);
  const { referralCode } = ((await registered.json()) as { data: { referralCode: string } }).data;
  const member = ((await api(page, 'GET', `DoiNhom?keyword=${encodeURIComponent(`Cộng Tác ${u}`)}`)).data as { id: number }[])[0];
  await api(page, 'PUT', `DoiNhom/status/${member.id}`, { status: 2 });
  const name = `Bệnh Nhân ${u}`;
  expect((await page.request.post('/public/1/referrals', { data: { referralCode, fullName: name, phoneNumber: phone() } })).status()).toBe(201);
  const found = ((await api(page, 'GET', `DoiNhom/ttbn-search?keyword=${encodeURIComponent(name)}`)).data as { id: number }[])[0];
  const patient = (await api(page, 'GET', `DoiNhom/ttbn-detail/${found.id}`)).data as Record<string, unknown>;
  await api(page, 'PUT', `DoiNhom/ttbn-update/${found.id}`, { ...patient, fullName: `${name} đã gọi`, description: 'Hẹn gọi lại buổi chiều' });

  await page.goto('/customer');
  await page.getByLabel('Từ khoá').fill(u);
  await page.getByLabel('Từ khoá').press('Enter');
  await page.locator('tbody tr.ant-table-row').filter({ hasText: `${name} đã gọi` }).getByRole('button', { name: 'Chi tiết' }).click();
  const form = page.getByTestId('patient-form');
  await expect(form.getByLabel('Tên bệnh nhân')).toHaveValue(`${name} đã gọi`);
  await page.locator('.ant-modal-footer').getByTestId('history-button').click();
  const panel = page.getByTestId('history-panel');
  await expect(entries(panel)).toHaveCount(2);
  await expect(entries(panel).nth(0)).toContainText(ADMIN.fullName);
  await expect(change(entries(panel).nth(0), 'fullName')).toContainText(`${name} đã gọi`);
  await expect(entries(panel).nth(1)).toContainText('Khách truy cập');
  await entries(panel).nth(1).getByTestId('history-restore').click();
  await answerDecision(page, /^Khôi phục phiên bản lúc/, 'Khôi phục phiên bản này');
  await expect(entries(panel)).toHaveCount(3);
  await page.locator('.ant-drawer-close').click();
  await expect(form.getByLabel('Tên bệnh nhân')).toHaveValue(name);
  await expect(form.getByLabel('Ghi chú')).toHaveValue('');
});

test("a child record edited in its popup (a banner's item) has its History and its restore", async ({ page }) => {
  await signIn(page, ADMIN, null);
  const u = unique();
  const banner = (await api(page, 'POST', 'Banners?websiteId=1', { name: tr(`Banner ${u}`, `Banner ${u}`), type: 2, position: 1, order: 0, isActive: true })).data as { id: number };
  const item = (await api(page, 'POST', `Banners/item/1/${banner.id}`, { name: tr(`Ảnh ${u}`, `Slide ${u}`), images: '/files/a.png', imagesMobile: '/files/a-m.png', order: 1, isActive: true })).data as Record<string, unknown> & { id: number };
  expect((await api(page, 'PUT', `Banners/item/1/${banner.id}/${item.id}`, { ...item, name: tr(`Ảnh ${u} mới`, `Slide ${u}`) })).data).toBeTruthy();

  await page.goto(`/banner/${banner.id}`);
  const grid = page.locator('.ant-card').filter({ has: page.getByRole('cell', { name: `Ảnh ${u} mới` }) }).last();
  await grid.getByRole('cell', { name: `Ảnh ${u} mới`, exact: true }).dblclick();
  const dialog = page.locator('.ant-modal-content').filter({ has: page.locator('.ant-modal-title').getByText('Sửa Ảnh banner', { exact: true }) }).last();
  await expect(dialog.getByLabel('Tên (Tiếng Việt)')).toHaveValue(`Ảnh ${u} mới`);
  await dialog.getByTestId('history-button').click();
  const panel = page.getByTestId('history-panel');
  await expect(entries(panel)).toHaveCount(2);
  await expect(change(entries(panel).nth(0), 'name', 'vi-VN')).toContainText(`Ảnh ${u} mới`);
  // Back to the first version: the popup's form shows it.
  await entries(panel).nth(1).getByTestId('history-restore').click();
  await answerDecision(page, /^Khôi phục phiên bản lúc/, 'Khôi phục phiên bản này');
  await expect(entries(panel)).toHaveCount(3);
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await expect(dialog.getByLabel('Tên (Tiếng Việt)')).toHaveValue(`Ảnh ${u}`);
});
