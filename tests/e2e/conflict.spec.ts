// Concurrency: two tabs edit the same record; the second save meets a 409 and resolves it without losing
// either edit (the user's values beside the saved ones, re-applied onto the new version).
import { expect, test } from '@playwright/test';
import { ACCESS_COOKIE, cookie, signIn } from './support';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('a stale save shows both versions and re-applies my change on top of theirs', async ({ page, context }) => {
  await signIn(page);
  const token = (await cookie(context, ACCESS_COOKIE))!.value;
  const headers = { Authorization: `Bearer ${token}` };
  const name = `Mạng ${unique()}`;
  const created = await page.request.post('/api/SocialNetworks/1', {
    headers,
    data: { name: JSON.stringify({ 'vi-VN': name, 'en-US': `${name} EN` }), url: 'https://old.example', order: 0, isActive: true },
  });
  expect(created.ok()).toBe(true);
  const { data } = (await created.json()) as { data: { id: number } };

  // Two tabs of one browser, both on the record.
  const other = await context.newPage();
  await page.goto(`/socialNetwork/${data.id}`);
  await other.goto(`/socialNetwork/${data.id}`);
  await expect(page.getByLabel('Tên (Tiếng Việt)')).toHaveValue(name);
  await expect(other.getByLabel('Tên (Tiếng Việt)')).toHaveValue(name);

  // The other tab renames it and saves first.
  await other.getByLabel('Tên (Tiếng Việt)').fill(`${name} (đổi tên)`);
  await other.getByRole('button', { name: /Lưu$/ }).click();
  await expect(other).toHaveURL(/\/info-website$/);

  // This tab changes the URL and saves: the record changed meanwhile.
  await page.getByLabel('Đường dẫn').fill('https://new.example');
  await page.getByRole('button', { name: /Lưu$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Bản ghi đã bị thay đổi' });
  await expect(dialog).toBeVisible();
  const table = dialog.getByTestId('conflict-table');
  const urlRow = table.locator('tr[data-key="url"]');
  await expect(urlRow).toContainText('https://new.example');
  await expect(urlRow).toContainText('https://old.example');
  await expect(urlRow.getByRole('checkbox')).toBeChecked();
  const nameRow = table.locator('tr[data-key="name-vi-VN"]');
  await expect(nameRow).toContainText(`${name} (đổi tên)`);
  await expect(nameRow.getByRole('checkbox')).not.toBeChecked();
  await expect(page).toHaveURL(new RegExp(`/socialNetwork/${data.id}$`));

  // Re-apply: their name, my URL, the new stamp; nothing saved until I save again.
  await dialog.getByRole('button', { name: 'Áp dụng lại thay đổi của tôi' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Tên (Tiếng Việt)')).toHaveValue(`${name} (đổi tên)`);
  await expect(page.getByLabel('Đường dẫn')).toHaveValue('https://new.example');
  await page.getByRole('button', { name: /Lưu$/ }).click();
  await expect(page.getByText('Cập nhật thành công')).toBeVisible();
  await expect(page).toHaveURL(/\/info-website$/);

  const saved = (await (await page.request.get(`/api/SocialNetworks/1/${data.id}`, { headers })).json()) as { data: { name: string; url: string } };
  expect(JSON.parse(saved.data.name)['vi-VN']).toBe(`${name} (đổi tên)`);
  expect(saved.data.url).toBe('https://new.example');
});
