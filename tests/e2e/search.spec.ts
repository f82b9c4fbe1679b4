// Find anything (issue 42): Ctrl+K opens the command palette over any screen; a booking is found by its phone number
// as staff type it, opened with the keyboard, and the search is offered again the next time; Esc closes. A file is
// found by its name and opens the file manager on its folder, the file selected.
import { expect, test } from '@playwright/test';
import { api, unique, uploadImage } from './content-support';
import { signIn } from './support';

test('the command palette finds a booking by its phone number and opens it from the keyboard', async ({ page }) => {
  await signIn(page);
  const palette = page.getByTestId('command-palette-input');
  await page.keyboard.press('Control+K');
  await expect(palette).toBeFocused();
  // The demo's booking of Trần Thị Hương (0945 111 222), typed without spaces: the server's folded, phone-aware search.
  await palette.fill('0945111222');
  const bookings = page.getByTestId('palette-group-area:booking');
  await expect(bookings.getByText('Lịch hẹn')).toBeVisible();
  await expect(bookings.getByRole('option', { name: /Trần Thị Hương/ })).toBeVisible();
  // The first result is selected: Enter opens the booking's own screen.
  await expect(bookings.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await palette.press('Enter');
  await expect(page).toHaveURL(/\/booking\/\d+$/);
  await expect(page.getByLabel('Khách hàng')).toHaveValue('Trần Thị Hương', { timeout: 30_000 }); // its screen's chunks, first loaded here

  // Opened again, it offers the last search; arrows move through the groups (the actions below it), Esc closes.
  await page.keyboard.press('Control+K');
  const recent = page.getByTestId('palette-group-recent');
  await expect(recent.getByRole('option', { name: '0945111222' })).toBeVisible();
  await palette.press('ArrowDown');
  await expect(page.getByTestId('palette-group-actions').getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await palette.press('Escape');
  await expect(palette).toBeHidden();
});

test('the command palette finds a file by its name and opens the file manager on its folder with the file selected', async ({ page }) => {
  await signIn(page);
  const u = unique();
  const folderId = ((await api(page, 'POST', 'Folders', { name: `Ảnh khám ${u}` })).data as { id: number }).id;
  await uploadImage(page, `Sơ đồ phòng khám ${u}.png`, folderId);
  const palette = page.getByTestId('command-palette-input');
  await page.keyboard.press('Control+K');
  // Typed without marks, as staff do.
  await palette.fill(`so do phong kham ${u}`);
  const files = page.getByTestId('palette-group-area:files');
  await expect(files.getByText('Tệp', { exact: true })).toBeVisible();
  const option = files.getByRole('option', { name: new RegExp(`Sơ đồ phòng khám ${u}\\.png`) });
  await expect(option).toContainText(`/Ảnh khám ${u}`);
  await option.click();
  await expect(page).toHaveURL(new RegExp(`/file\\?folder=${folderId}&file=\\d+$`));
  await expect(page.locator('[data-entry-key^="file:"][aria-selected="true"]')).toContainText(`Sơ đồ phòng khám ${u}.png`, { timeout: 30_000 });
});
