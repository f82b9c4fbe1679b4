// Jobs, applications and bookings (spec part 2): a booking made on the public site and confirmed in the console; an
// application to a job read in the console.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_SITES, openUserMenu, ADMIN, signIn } from './support';
import { api, unique } from './content-support';

async function clinicId(page: Page) {
  const websites = (await api(page, 'GET', 'Websites/get-all')) as unknown as { id: number; isDefault: boolean }[];
  return websites.find((w) => w.isDefault)!.id;
}

test('a booking made on the public site is confirmed in the console, then cancelled with a reason', async ({ page }) => {
  await signIn(page, ADMIN, null);
  const site = await clinicId(page);
  const branch = ((await api(page, 'GET', `BranchContacts/get-all/${site}`)) as unknown as { id: number }[])[0].id;
  const name = `Khách Đặt ${unique()}`;
  const posted = await page.request.post(`/public/${site}/bookings`, { data: { customerName: name, customerPhone: '0987 654 321', appointmentDate: '2026-12-10', startTime: '09:30', branchId: branch } });
  expect(posted.status(), await posted.text()).toBe(201);

  await page.goto('/booking');
  // The demo's bookings are there; no add button.
  await expect(page.getByRole('cell', { name: DEMO_SITES.clinic.bookings[0].customerName })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Thêm mới' })).toHaveCount(0);
  await page.getByPlaceholder('Từ khoá').fill(name);
  await page.getByPlaceholder('Từ khoá').press('Enter');
  const row = page.locator('tbody tr.ant-table-row').filter({ hasText: name });
  await expect(row).toContainText('Mới đặt');
  await row.dblclick();
  await expect(page).toHaveURL(/\/booking\/\d+$/);
  await expect(page.getByTestId('booking-status')).toHaveText('Mới đặt');
  // Read-only: every input refuses typing, no Save, and the note points to the bar where the status buttons are.
  await expect(page.getByRole('heading', { name: 'Chi tiết Lịch hẹn' })).toBeVisible();
  await expect(page.getByTestId('read-only-note')).toHaveText('Lịch hẹn chỉ xem; đổi trạng thái bằng các nút ở thanh dưới cùng');
  await expect(page.getByLabel('Khách hàng')).toBeDisabled();
  await expect(page.getByLabel('Số điện thoại')).toBeDisabled();
  await expect(page.getByLabel('Ngày hẹn')).toBeDisabled();
  await expect(page.getByTestId('form-footer').getByRole('button', { name: 'Xác nhận lịch hẹn' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Lưu/ })).toHaveCount(0);
  // Confirming tells the customer: asked first, naming them; "keep it" changes nothing.
  await page.getByRole('button', { name: 'Xác nhận lịch hẹn' }).click();
  const ask = page.getByRole('dialog').filter({ hasText: `Xác nhận lịch hẹn của ${name}?` });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Không, giữ nguyên' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByTestId('booking-status')).toHaveText('Mới đặt');
  await page.getByRole('button', { name: 'Xác nhận lịch hẹn' }).click();
  await ask.getByRole('button', { name: 'Xác nhận lịch hẹn' }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Đã xác nhận');
  await page.getByRole('button', { name: 'Huỷ lịch hẹn' }).click();
  const dialog = page.getByRole('dialog', { name: `Huỷ lịch hẹn của ${name}` });
  await dialog.getByRole('button', { name: 'Huỷ lịch hẹn' }).click();
  await expect(dialog.getByText('Lý do huỷ là trường bắt buộc')).toBeVisible();
  await dialog.getByLabel('Lý do huỷ').fill('Khách đổi lịch');
  await dialog.getByRole('button', { name: 'Huỷ lịch hẹn' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('booking-status')).toHaveText('Đã huỷ: Khách đổi lịch');
  await expect(page.getByRole('button', { name: 'Xác nhận lịch hẹn' })).toHaveCount(0);
  // The same detail at /booking/edit/{id}.
  const id = page.url().split('/').pop();
  await page.goto(`/booking/edit/${id}`);
  await expect(page.getByLabel('Khách hàng')).toHaveValue(name);
  await expect(page.getByLabel('Khách hàng')).toBeDisabled();
  // Nothing to lose by leaving: no unsaved-changes prompt.
  await page.getByRole('button', { name: 'Quay lại' }).click();
  await expect(page).toHaveURL(/\/booking$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a booking taken by phone is added at /booking/add with the intake’s rules, and listed', async ({ page }) => {
  await signIn(page, ADMIN, '/booking/add');
  await expect(page.getByRole('heading', { name: 'Thêm Lịch hẹn' })).toBeVisible();
  await expect(page.getByTestId('read-only-note')).toHaveCount(0);
  // The spec's required fields, named in the summary.
  await page.getByTestId('form-footer').getByRole('button', { name: /Lưu$/ }).click();
  await expect(page.getByText('Khách hàng là trường bắt buộc').first()).toBeVisible();
  await expect(page.getByText('Số điện thoại là trường bắt buộc').first()).toBeVisible();
  const name = `Khách Gọi ${unique()}`;
  await page.getByLabel('Khách hàng').fill(name);
  await page.getByLabel('Số điện thoại').fill('0912 777 123');
  // Today, from the picker (whatever format the console shows dates in).
  await page.getByLabel('Ngày hẹn').click();
  await page.locator('.ant-picker-dropdown').getByText('Hôm nay', { exact: true }).click();
  await page.getByLabel('Từ giờ').fill('08:30');
  await page.getByTestId('form-footer').getByRole('button', { name: /Lưu$/ }).click();
  await expect(page).toHaveURL(/\/booking$/);
  await page.getByPlaceholder('Từ khoá').fill(name);
  await page.getByPlaceholder('Từ khoá').press('Enter');
  const row = page.locator('tbody tr.ant-table-row').filter({ hasText: name });
  await expect(row).toContainText('Mới đặt');
  // The list still has no add button (spec).
  await expect(page.getByRole('button', { name: 'Thêm mới' })).toHaveCount(0);
});

test('an application sent for a job arrives unread and is read once opened; the job it names cannot be deleted', async ({ page }) => {
  await signIn(page, ADMIN, null);
  const site = await clinicId(page);
  const jobName = `Dược sĩ ${unique()}`;
  const job = (await api(page, 'POST', `Jobs/${site}`, { name: JSON.stringify({ 'vi-VN': jobName, 'en-US': 'Pharmacist' }), seoLink: `duoc-si-${unique()}`, salaryRange: '12 triệu', quantity: 1, order: 0, isActive: true })).data as { id: number };
  const applicant = `Ứng Viên ${unique()}`;
  const posted = await page.request.post(`/public/${site}/applications`, { data: { fullName: applicant, phoneNumber: '0977 123 456', email: 'ungvien@example.com', jobIds: [job.id] } });
  expect(posted.status(), await posted.text()).toBe(201);

  await page.goto('/job');
  await expect(page.getByRole('cell', { name: jobName })).toBeVisible();
  // A job applied for stays: deleting it says why, and it is still listed.
  const jobRow = page.locator('tbody tr.ant-table-row').filter({ hasText: jobName });
  await jobRow.getByRole('button', { name: 'Xoá' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: /OK|Đồng ý|Xoá/ }).click();
  await expect(page.getByText('Tin tuyển dụng đang được dùng bởi 1 hồ sơ ứng tuyển, không thể xoá')).toBeVisible();
  await expect(page.getByRole('cell', { name: jobName })).toBeVisible();
  await page.goto('/recruitment');
  const row = page.locator('tbody tr.ant-table-row').filter({ hasText: applicant });
  await expect(row.getByTestId('unread-feedback')).toBeVisible();
  await expect(row).toContainText(jobName);
  await row.dblclick();
  await expect(page.getByLabel('Họ tên')).toHaveValue(applicant);
  await expect(page.getByText(jobName).first()).toBeVisible();
  await page.getByRole('button', { name: 'Quay lại' }).click();
  await expect(page.locator('tbody tr.ant-table-row').filter({ hasText: applicant }).getByTestId('unread-feedback')).toHaveCount(0);
});

test('the people screens in the English interface', async ({ page }) => {
  await signIn(page);
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Ngôn ngữ giao diện' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.goto('/team');
  await expect(page.getByRole('heading', { name: 'Team' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Bank account' })).toBeVisible();
  await expect(page.getByTestId('member-card').filter({ visible: true })).toContainText(/Active|Awaiting approval|Rejected|Locked/);
  await page.goto('/customer');
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Collaborator' })).toBeVisible();
  await page.goto('/booking');
  await expect(page.getByRole('columnheader', { name: 'Appointment date' })).toBeVisible();
  await expect(page.getByText('Confirmed').first()).toBeVisible();
  // The read-only note and the confirmation in English, naming the customer.
  const site = await clinicId(page);
  const name = `Guest ${unique()}`;
  expect((await page.request.post(`/public/${site}/bookings`, { data: { customerName: name, customerPhone: '0987 111 222', appointmentDate: '2026-12-11' } })).status()).toBe(201);
  const booking = ((await api(page, 'GET', `Bookings/${site}?keyword=${encodeURIComponent(name)}`)).data as { id: number }[])[0];
  await page.goto(`/booking/${booking.id}`);
  await expect(page.getByRole('heading', { name: 'Booking details' })).toBeVisible();
  await expect(page.getByTestId('read-only-note')).toHaveText('This booking is read-only; change its status with the buttons in the bar at the bottom');
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  const ask = page.locator('.ant-modal-confirm').filter({ hasText: `Confirm the booking of ${name}?` });
  await ask.getByRole('button', { name: 'No, keep it' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByTestId('booking-status')).toHaveText('New');
});
