// Who read it (issue 40): an administrator opening a booking's detail is in its History as "Xem chi tiết"; the
// booking's last save stays the current version; a member of staff who opens the same History never sees the views.
import { expect, test } from '@playwright/test';
import { api, unique } from './content-support';
import { ADMIN, signIn, STAFF, switchUser } from './support';

test('a booking opened by an administrator shows the view in its History, to administrators only', async ({ page }) => {
  await signIn(page, ADMIN, null);
  const name = `Khách Xem ${unique()}`;
  const created = await api(page, 'POST', 'Bookings/1', { customerName: name, customerPhone: '0912 000 999', appointmentDate: '2027-05-02' });
  const id = (created.data as { id: number }).id;

  await page.goto(`/booking/${id}`);
  await expect(page.getByLabel('Khách hàng')).toHaveValue(name);
  const button = page.getByTestId('form-footer').getByTestId('history-button');
  await button.click();
  const panel = page.getByTestId('history-panel');
  await expect(panel).toBeVisible();
  const view = panel.locator('[data-testid="history-entry"][data-operation="view"]');
  await expect(view).toHaveCount(1);
  await expect(view).toContainText('Xem chi tiết');
  await expect(view).toContainText(ADMIN.fullName);
  // The view changed nothing: the creation is still the current version.
  await expect(panel.locator('[data-testid="history-entry"][data-operation="create"]')).toContainText('Hiện tại');

  // A member of staff reads the booking and its History: their own view is recorded, but no view is shown to them.
  await switchUser(page, STAFF, `/booking/${id}`);
  await expect(page.getByLabel('Khách hàng')).toHaveValue(name);
  await page.getByTestId('form-footer').getByTestId('history-button').click();
  const theirs = page.getByTestId('history-panel');
  await expect(theirs.locator('[data-testid="history-entry"][data-operation="create"]')).toBeVisible();
  await expect(theirs.locator('[data-testid="history-entry"][data-operation="view"]')).toHaveCount(0);
});
