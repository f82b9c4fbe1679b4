// Live notifications (issue 31): the bell in the header counts what arrives through the public intake as it arrives
// (the server's event stream, no reload, no polling), lists it, and opening it goes to the record; the side
// navigation's feedback count follows live too; muting a kind stops it.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signIn } from './support';
import { api, unique } from './content-support';

async function clinicId(page: Page) {
  const websites = (await api(page, 'GET', 'Websites/get-all')) as unknown as { id: number; isDefault: boolean }[];
  return websites.find((w) => w.isDefault)!.id;
}

const unreadOf = async (page: Page) => Number((await page.getByTestId('events-unread').locator('.ant-scroll-number').getAttribute('title').catch(() => '0')) || 0);

test('the bell counts a booking posted to the public intake, and opening it goes to the booking', async ({ page, request }) => {
  await signIn(page, ADMIN, null);
  const site = await clinicId(page);
  // Start from nothing unread.
  await api(page, 'POST', 'events/read-all');
  await page.goto('/');
  const bell = page.getByTestId('events-bell');
  await expect(bell).toBeVisible();
  await expect(page.getByTestId('events-unread').locator('.ant-scroll-number')).toHaveCount(0);

  const name = `Khách Chuông ${unique()}`;
  // A visitor of the public site (not signed in), while the console is open.
  const posted = await request.post(`/public/${site}/bookings`, { data: { customerName: name, customerPhone: '0987 654 321', appointmentDate: '2026-12-10', startTime: '09:30' } });
  expect(posted.status(), await posted.text()).toBe(201);
  await expect.poll(() => unreadOf(page)).toBe(1);

  await bell.click();
  const item = page.getByTestId('events-item').filter({ hasText: name });
  await expect(item).toContainText('Lịch hẹn mới');
  await item.click();
  await expect(page).toHaveURL(/\/booking\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const booking = (await api(page, 'GET', `Bookings/${site}/${id}`)) as unknown as { data: { customerName: string } };
  expect(booking.data.customerName).toBe(name);
  // Opened: read.
  await expect(page.getByTestId('events-unread').locator('.ant-scroll-number')).toHaveCount(0);
});

test('feedback arriving updates the side navigation count live; mark all read; a muted kind is not counted', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN, null);
  const site = await clinicId(page);
  await api(page, 'POST', 'events/read-all');
  await page.goto('/feedback');
  const count = page.getByTestId('nav-count-feedback');
  const before = Number((await count.innerText().catch(() => '0')) || 0);
  const post = (title: string) => request.post(`/public/${site}/feedback`, { data: { title, fullName: 'Khách Vãng Lai', email: 'khach@example.com', phoneNumber: '0909 000 111' } });

  expect((await post(`Góp ý ${unique()}`)).status()).toBe(201);
  await expect(count).toHaveText(String(before + 1));
  await expect.poll(() => unreadOf(page)).toBe(1);

  await page.getByTestId('events-bell').click();
  await page.getByRole('button', { name: 'Đánh dấu tất cả đã đọc' }).click();
  await expect(page.getByTestId('events-unread').locator('.ant-scroll-number')).toHaveCount(0);

  // Mute feedback in the bell's settings.
  await page.getByRole('button', { name: 'Cài đặt thông báo' }).click();
  const settings = page.getByTestId('events-settings');
  // A click, then the state (uncheck() reads the box at the instant after its click, before a loaded page redrew it).
  const feedbackKind = settings.getByLabel('Góp ý mới');
  await feedbackKind.click();
  await expect(feedbackKind).not.toBeChecked();
  await expect.poll(async () => ((await api(page, 'GET', 'events/settings')) as unknown as { data: { muted: string[] } }).data.muted).toEqual(['feedback']);
  await page.keyboard.press('Escape');
  expect((await post(`Góp ý im lặng ${unique()}`)).status()).toBe(201);
  // Not counted by the bell (nor shown): a booking after it is, alone.
  expect((await request.post(`/public/${site}/bookings`, { data: { customerName: `Khách ${unique()}`, customerPhone: '0987 654 321', appointmentDate: '2026-12-10' } })).status()).toBe(201);
  await expect.poll(() => unreadOf(page)).toBe(1);
  await api(page, 'PUT', 'events/settings', { muted: [] });
});

test('in a browser, once notifications are allowed, an event arriving while the console is not in view is shown natively', async ({ page, context, request }) => {
  await context.grantPermissions(['notifications']);
  // What the browser was asked to show, and a console window without focus (another window in front).
  await page.addInitScript(`
    const shown = [];
    window.shownNotifications = shown;
    const Native = window.Notification;
    window.Notification = class extends Native {
      constructor(title, options) {
        super(title, options);
        shown.push({ title, body: options && options.body });
        (window.shownInstances = window.shownInstances || []).push(this);
      }
    };
    document.hasFocus = () => false;
  `);
  await signIn(page, ADMIN, null);
  const site = await clinicId(page);
  await page.goto('/');
  await expect(page.getByTestId('events-bell')).toBeVisible();
  const name = `Khách Thông Báo ${unique()}`;
  expect((await request.post(`/public/${site}/bookings`, { data: { customerName: name, customerPhone: '0987 654 321', appointmentDate: '2026-12-10' } })).status()).toBe(201);
  await expect
    .poll(() => page.evaluate<{ title: string; body?: string }[]>('window.shownNotifications'))
    .toContainEqual({ title: 'Lịch hẹn mới', body: name });
  // Clicked, it brings the console to the booking (platform.onNavigate, as a desktop notification does).
  await page.evaluate('window.shownInstances.at(-1).onclick()');
  await expect(page).toHaveURL(/\/booking\/\d+$/);
  const id = new URL(page.url()).pathname.split('/').at(-1);
  const booking = (await api(page, 'GET', `Bookings/${site}/${id}`)) as unknown as { data: { customerName: string } };
  expect(booking.data.customerName).toBe(name);
});
