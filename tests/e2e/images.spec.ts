// An image's details in the file manager (issue 41) against the real server: a phone photo dropped in, the grid loads
// its thumbnail (`?preset=thumb`), never the original; opened, a click on the picture sets the focal point (the marker
// moves there), alt texts are typed per language of the website and saved; the server has them, a reload shows them.
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { dropFiles } from './files-support';
import { ACCESS_COOKIE, cookie, ADMIN, signIn } from './support';

const view = (page: Page) => page.getByTestId('file-view');
const item = (page: Page, name: string) => view(page).locator(`[data-name="${name}"]`);

/** A 480×320 photo as a phone writes it: EXIF (a GPS position among it) that the upload removes. */
function photo(): Promise<Buffer> {
  return sharp({ create: { width: 480, height: 320, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '10/1 45/1 30/1' } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

test('an image in the file manager: thumbnails in the grid, a focal point and alt texts set and saved', async ({ page }) => {
  // The console's chunks load slowly on a busy machine: room for the first screen.
  test.setTimeout(180_000);
  const name = `Ảnh tiêu điểm ${Date.now().toString(36).slice(-5)}.jpg`;
  // Every stored file the page asks for: the grid must ask for thumbnails only.
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/\/files\/[0-9a-f-]{36}\//.test(new URL(request.url()).pathname)) asked.push(request.url());
  });

  await signIn(page, ADMIN, '/file');
  await expect(page.getByTestId('file-manager')).toBeVisible({ timeout: 60_000 });
  await dropFiles(page, view(page), [{ name, type: 'image/jpeg', bytes: await photo() }]);
  await expect(page.getByTestId('upload-row').filter({ hasText: name })).toHaveAttribute('data-state', 'completed', { timeout: 30_000 });

  // The grid's tile shows the thumbnail preset of the file's address.
  const thumb = item(page, name).locator('img');
  await expect(thumb).toHaveAttribute('src', /\/files\/[0-9a-f-]{36}\/.+\?preset=thumb$/);
  await expect.poll(() => thumb.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.filter((url) => !url.includes('preset=thumb'))).toEqual([]);
  const url = new URL((await thumb.getAttribute('src'))!, page.url()).pathname;

  // Opened: the Image details. A click at 80% across and 25% down sets the focal point there.
  await item(page, name).dblclick();
  const details = page.getByTestId('image-details');
  await expect(details).toBeVisible();
  await expect(details.getByRole('heading', { name: 'Ảnh' })).toBeVisible();
  await expect(details.getByTestId('focal-marker')).toHaveAttribute('data-focal', 'centre');
  const picture = details.getByTestId('focal-picture');
  await expect.poll(() => picture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
  const box = (await picture.boundingBox())!;
  await picture.click({ position: { x: box.width * 0.8, y: box.height * 0.25 } });
  // A click lands on a whole pixel: 80% of the picture's width may read 79% or 81%.
  await expect(details.getByTestId('focal-text')).toContainText(/cách trái (79|80|81)%, cách trên (24|25|26)%/);
  // The marker sits where the click was.
  const marker = (await details.getByTestId('focal-marker').boundingBox())!;
  expect(Math.abs(marker.x + marker.width / 2 - (box.x + box.width * 0.8))).toBeLessThan(3);
  expect(Math.abs(marker.y + marker.height / 2 - (box.y + box.height * 0.25))).toBeLessThan(3);

  // Alt texts, one per language of the website, saved with the focal point.
  const altInputs = details.getByRole('textbox', { name: /Văn bản thay thế/ });
  await expect(altInputs).toHaveCount(2);
  await altInputs.nth(0).fill('Phòng khám nhìn từ cổng');
  await altInputs.nth(1).fill('The clinic seen from the gate');
  await details.getByRole('button', { name: 'Lưu thông tin ảnh' }).click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: 'Đã lưu thông tin ảnh' })).toBeVisible();

  // The server has them.
  const headers = { Authorization: `Bearer ${(await cookie(page.context(), ACCESS_COOKIE))!.value}` };
  const stored = (await (await page.request.get(`/api/Files/by-url?url=${encodeURIComponent(url)}`, { headers })).json()).data;
  expect(Math.abs(stored.focalX - 0.8)).toBeLessThan(0.015);
  expect(Math.abs(stored.focalY - 0.25)).toBeLessThan(0.015);
  expect(Object.values(stored.alt).sort()).toEqual(['Phòng khám nhìn từ cổng', 'The clinic seen from the gate'].sort());
  expect([stored.width, stored.height]).toEqual([480, 320]);

  // Opened again after a reload: the same point and texts.
  await page.reload();
  await expect(item(page, name)).toBeVisible({ timeout: 60_000 });
  await item(page, name).dblclick();
  await expect(page.getByTestId('focal-text')).toContainText(/cách trái (79|80|81)%, cách trên (24|25|26)%/);
  await expect(page.getByRole('textbox', { name: /Văn bản thay thế/ }).nth(0)).toHaveValue('Phòng khám nhìn từ cổng');
});
