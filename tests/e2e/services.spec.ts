// Services and specializations against the real server: a service with a FAQ, a title and a title item, saved and
// reopened; submitting it for review locks its form; a specialization pointing to a department; a service chosen in
// the Q&A editor's picker and in a menu item.
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from '@playwright/test';
import { pickImage, typeRichText, unique, uploadImage } from './content-support';
import { DEMO_SITES, openUserMenu, ADMIN, signIn } from './support';

/** The popup titled `title`: the innermost one (a title's item popup opens inside the title's popup). */
const popup = (page: Page, title: string) => page.locator('.ant-modal-content').filter({ has: page.locator('.ant-modal-title').getByText(title, { exact: true }) }).last();

/** Fill a popup's per-language `label` in both languages and its picture, then save it and see it close. */
async function saveNamed(page: Page, dialog: Locator, label: string, [vi, en]: [string, string], image: string) {
  await dialog.getByLabel(`${label} (Tiếng Việt)`).fill(vi);
  await dialog.getByRole('tab', { name: 'English' }).click();
  await dialog.getByLabel(`${label} (English)`).fill(en);
  await pickImage(page, dialog.getByTestId('image-field'), image);
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog).toBeHidden();
}

test('a service with a FAQ, a title and a title item, saved, reopened, then submitted for review and locked', async ({ page }) => {
  const title = `Khám mắt ${unique()}`;
  const image = `mat-${unique()}.png`;
  await signIn(page, ADMIN, null);
  await uploadImage(page, image);

  await page.goto('/service-website/add');
  await page.getByRole('button', { name: /Lưu$/ }).click();
  const summary = page.getByTestId('validation-summary');
  await expect(summary).toContainText('Tiêu đề (Tiếng Việt) là trường bắt buộc');
  await expect(summary).toContainText('Hình ảnh là trường bắt buộc');
  await page.getByLabel('Tiêu đề (Tiếng Việt)').fill(title);
  await page.getByLabel('Mô tả (Tiếng Việt)').fill('Đo thị lực và khám đáy mắt.');
  await page.getByRole('tab', { name: 'English' }).first().click();
  await page.getByLabel('Tiêu đề (English)').fill(`${title} EN`);
  await page.getByLabel('Mô tả (English)').fill('Eye test.');
  await page.getByLabel('Đường dẫn SEO').fill(`kham-mat-${unique()}`);
  await pickImage(page, page.getByTestId('image-field').first(), image);
  await page.getByLabel('Đơn giá').fill('350000');
  await page.getByRole('button', { name: /Lưu$/ }).click();
  await expect(page.getByText('Thêm mới thành công')).toBeVisible();
  await expect(page).toHaveURL(/\/service-website$/);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('350.000 ₫');
  await expect(row).toContainText('Nháp');

  // Below the form: a FAQ, then a title with an item of its own.
  await row.getByRole('cell', { name: title, exact: true }).dblclick();
  await expect(page).toHaveURL(/\/service-website\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Sửa Dịch vụ' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Tiêu đề kèm ảnh' })).toHaveCount(0);
  await page.getByRole('tabpanel', { name: 'Câu hỏi thường gặp' }).getByRole('button', { name: 'Thêm mới' }).click();
  const faq = popup(page, 'Thêm Câu hỏi của dịch vụ');
  await faq.getByLabel('Câu hỏi (Tiếng Việt)').fill('Khám có đau không?');
  await typeRichText(page, faq, 'Không đau.');
  await faq.getByRole('tab', { name: 'English' }).click();
  await faq.getByLabel('Câu hỏi (English)').fill('Does it hurt?');
  await typeRichText(page, faq, 'No.');
  await pickImage(page, faq.getByTestId('image-field'), image);
  await faq.getByRole('button', { name: 'Lưu' }).click();
  await expect(faq).toBeHidden();
  await expect(page.getByRole('cell', { name: 'Khám có đau không?' })).toBeVisible();

  await page.getByRole('tab', { name: 'Tiêu đề', exact: true }).click();
  await page.getByRole('tabpanel', { name: 'Tiêu đề' }).getByRole('button', { name: 'Thêm mới' }).click();
  await saveNamed(page, popup(page, 'Thêm Tiêu đề dịch vụ'), 'Tiêu đề', ['Gói tiêu chuẩn', 'Standard package'], image);
  await page.getByRole('cell', { name: 'Gói tiêu chuẩn', exact: true }).dblclick();
  const editTitle = popup(page, 'Sửa Tiêu đề dịch vụ');
  await editTitle.getByRole('button', { name: 'Thêm mới' }).click();
  await saveNamed(page, popup(page, 'Thêm Mục của tiêu đề'), 'Tên', ['Đo thị lực', 'Eye chart'], image);
  await expect(editTitle.getByRole('cell', { name: 'Đo thị lực', exact: true })).toBeVisible();
  await editTitle.getByRole('button', { name: 'Huỷ' }).click();

  // Reopened: everything is still there.
  await page.reload();
  await expect(page.getByLabel('Tiêu đề (Tiếng Việt)')).toHaveValue(title);
  await expect(page.getByRole('cell', { name: 'Khám có đau không?' })).toBeVisible();

  // Submitted for review: the form locks and says why.
  await page.getByRole('button', { name: 'Lưu và gửi duyệt' }).click();
  await expect(page.getByTestId('locked-reason')).toContainText('Dịch vụ đang chờ duyệt');
  await expect(page.getByRole('button', { name: /Lưu$/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Lưu và gửi duyệt' })).toBeDisabled();
  await expect(page.getByTestId('status-tag')).toHaveText('Chờ duyệt');
  await page.getByRole('button', { name: 'Lịch sử trạng thái' }).click();
  await expect(page.getByTestId('status-history')).toContainText('Chờ duyệt');
});

test('a specialization points to a department of the hospital system', async ({ page }) => {
  const title = `Mắt ${unique()}`;
  const image = `ck-${unique()}.png`;
  await signIn(page, ADMIN, null);
  await uploadImage(page, image);
  await page.goto('/specialization/add');
  await expect(page.getByRole('heading', { name: 'Thêm Chuyên khoa' })).toBeVisible();
  await page.getByLabel('Tiêu đề (Tiếng Việt)').fill(title);
  await page.getByLabel('Mô tả (Tiếng Việt)').fill('Chuyên khoa mắt.');
  await page.getByRole('tab', { name: 'English' }).first().click();
  await page.getByLabel('Tiêu đề (English)').fill(`${title} EN`);
  await page.getByLabel('Mô tả (English)').fill('Eyes.');
  await page.getByLabel('Đường dẫn SEO').fill(`mat-${unique()}`);
  await pickImage(page, page.getByTestId('image-field').first(), image);
  await page.getByRole('combobox', { name: 'Khoa phòng' }).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: 'Khoa Nhi' }).click();
  await page.getByRole('button', { name: /Lưu$/ }).click();
  await expect(page).toHaveURL(/\/specialization$/);
  await page.getByRole('cell', { name: title, exact: true }).dblclick();
  await expect(page.locator('.ant-form-item').filter({ has: page.getByRole('combobox', { name: 'Khoa phòng' }) })).toContainText('Khoa Nhi');
  // Its extra panel: titles with their image.
  await page.getByRole('tab', { name: 'Tiêu đề kèm ảnh' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Tiêu đề kèm ảnh' }).getByRole('button', { name: 'Thêm mới' })).toBeVisible();
  // A specialization is not a service.
  await page.goto('/service-website');
  await expect(page.getByRole('heading', { name: 'Dịch vụ' })).toBeVisible();
  await expect(page.getByRole('cell', { name: title, exact: true })).toBeHidden();

  // The same screens in the English interface.
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Ngôn ngữ giao diện' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.goto('/specialization');
  await expect(page.getByRole('heading', { name: 'Specialization' })).toBeVisible();
  await page.getByRole('cell', { name: title, exact: true }).dblclick();
  await expect(page.getByRole('combobox', { name: 'Department' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save and request approval' })).toBeVisible();
});

// (A menu item pointing to a service: tests/e2e/menu.spec.ts.)
test('the Q&A editor picks a service among the specializations', async ({ page }) => {
  await signIn(page, ADMIN, null);
  const specialization = DEMO_SITES.clinic.services.find((s) => s.type === 0)!.title['vi-VN'];
  const service = DEMO_SITES.clinic.services.find((s) => s.type === 1)!.title['vi-VN'];
  await page.goto('/expert-question-and-answer');
  // A question not waiting for review (a pending one's form is locked): journeys before may have added one on top.
  await page.locator('tbody tr.ant-table-row').filter({ hasNotText: 'Chờ duyệt' }).first().dblclick();
  await page.getByLabel('Dịch vụ', { exact: true }).last().click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(dropdown).toContainText(specialization);
  await expect(dropdown).not.toContainText(service);
  await dropdown.getByTitle(specialization, { exact: true }).click();
  await expect(page.locator('.ant-form-item').filter({ has: page.getByLabel('Dịch vụ', { exact: true }).last() })).toContainText(specialization);
});
