// The console shell against the real server: sign-in, guard, session rules, header preferences, logout.
import { expect, test, type Page } from '@playwright/test';
import {
  ACCESS_COOKIE,
  ADMIN,
  chooseOption,
  colorScheme,
  chooseTheme,
  computedStyle,
  cookie,
  currentTheme,
  LABELS,
  localStorageLength,
  openUserMenu,
  REFRESH_COOKIE,
  selectByLabel,
  selectedText,
  setCookieValue,
  signIn,
  signOut,
  submitLogin,
  WEBSITES,
} from './support';

/**
 * The dashboard's own calls have answered: a token mangled while one is in flight would make it a 401 of a
 * data load (→ /login), not the start-up the test is about.
 */
const settled = (page: Page) => expect(page.getByRole('link', { name: /^Nháp: \d+$/ })).toBeVisible();

test.describe('sign-in', () => {
  test('shows the form and the required messages', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: LABELS.loginTitle })).toBeVisible();
    // The username field has the focus; Enter submits the empty form.
    await expect(page.getByLabel(LABELS.username)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Tên đăng nhập là trường bắt buộc')).toBeVisible();
    await expect(page.getByText('Mật khẩu là trường bắt buộc')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    // Each message goes once its field is filled; the button submits too.
    await page.getByLabel(LABELS.username).fill('admin');
    await expect(page.getByText('Tên đăng nhập là trường bắt buộc')).toBeHidden();
    await page.getByRole('button', { name: LABELS.loginButton }).click();
    await expect(page.getByText('Mật khẩu là trường bắt buộc')).toBeVisible();
    await expect(page.getByLabel(LABELS.password)).toBeFocused();
  });

  test("a wrong password shows the server's message; the right one signs in", async ({ page, context }) => {
    await page.goto('/login');
    const refused = page.waitForResponse((r) => r.url().endsWith('/auth/connect/token'));
    await submitLogin(page, ADMIN.username, 'not-the-password');
    const answer = await refused;
    expect(answer.status()).toBe(400);
    const { Message } = (await answer.json()) as { Message: string };
    await expect(page.getByRole('alert')).toHaveText(Message);
    await expect(page).toHaveURL(/\/login$/);
    expect(await cookie(context, ACCESS_COOKIE)).toBeUndefined();

    await submitLogin(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: LABELS.dashboard })).toBeVisible();
    // The dashboard's figures (dashboard.spec.ts checks them against the records).
    await expect(page.getByRole('link', { name: /^Chờ duyệt: \d+$/ }).first()).toBeVisible();
    await expect(page.getByTestId('user-menu')).toContainText(ADMIN.fullName);
    expect((await cookie(context, ACCESS_COOKIE))?.expires).toBeGreaterThan(Date.now() / 1000);
    expect(await cookie(context, REFRESH_COOKIE)).toBeDefined();
  });

  test("too many failures: the 429 answer's message is shown", async ({ page }) => {
    await page.goto('/login');
    let status = 0;
    let message = '';
    for (let attempt = 0; attempt < 15 && status !== 429; attempt++) {
      const answered = page.waitForResponse((r) => r.url().endsWith('/auth/connect/token'));
      // An account no journey signs in with (the reviewer's would stay locked for the journeys after this one).
      await submitLogin(page, 'khach.thu', `wrong-${attempt}`);
      const answer = await answered;
      status = answer.status();
      message = ((await answer.json()) as { Message: string }).Message;
      await expect(page.getByRole('alert')).toHaveText(message);
    }
    expect(status).toBe(429);
    await expect(page.getByRole('alert')).toHaveText(message);
  });

  test('an unauthenticated deep link returns to its origin after sign-in', async ({ page }) => {
    await page.goto('/profile?from=link');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page);
    await expect(page).toHaveURL(/\/profile\?from=link$/);
    await expect(page.getByText(ADMIN.username, { exact: true })).toBeVisible();
    await expect(page.getByText(ADMIN.fullName).first()).toBeVisible();
  });

  test('a signed-in user opening /login goes to /; an unknown path shows not-found inside the shell', async ({ page }) => {
    await signIn(page, ADMIN, '/login');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/no/such/screen');
    await expect(page).toHaveURL(/\/no\/such\/screen$/);
    await expect(page.getByText('Địa chỉ này không có trong Sitedesk.')).toBeVisible();
    await expect(page.getByTestId('user-menu')).toBeVisible(); // inside the shell
    // An API address typed into the browser is the console's not-found page too, never raw JSON.
    await page.goto('/files');
    await expect(page.getByText('Địa chỉ này không có trong Sitedesk.')).toBeVisible();
    await page.getByRole('button', { name: 'Về trang tổng quan' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: LABELS.dashboard })).toBeVisible();
  });

  test('the sign-in page shows the product in the app\'s font, not a serif', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByTestId('product-name')).toHaveText('Sitedesk');
    const font = await computedStyle(page.getByRole('heading', { name: LABELS.loginTitle }), 'fontFamily');
    expect(font).toContain('Segoe UI');
    expect(font.split(',')[0]).not.toMatch(/serif|Times/i);
  });
});

test.describe('header preferences', () => {
  test('dark by default; the chosen theme and website are kept across a reload', async ({ page }) => {
    await signIn(page);
    expect(await currentTheme(page)).toBe('Tối');
    expect(await colorScheme(page)).toBe('dark');
    // Default website first and pre-selected.
    expect(await selectedText(page, LABELS.website)).toBe(WEBSITES.clinic);

    await chooseTheme(page, 'Sáng');
    await expect.poll(() => colorScheme(page)).toBe('light');
    await chooseOption(page, LABELS.website, WEBSITES.spa);
    await chooseOption(page, LABELS.language, 'English');

    await page.reload();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    expect(await currentTheme(page)).toBe('Sáng');
    expect(await selectedText(page, LABELS.website)).toBe(WEBSITES.spa);
    expect(await selectedText(page, LABELS.language)).toBe('English');
    expect(await colorScheme(page)).toBe('light');
  });

  test('the header reads website, content language, user; theme and interface language are in the user menu', async ({ page }) => {
    await signIn(page);
    const left = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!.x;
    const website = await left(selectByLabel(page, LABELS.website));
    const language = await left(selectByLabel(page, LABELS.language));
    const user = await left(page.getByTestId('user-menu'));
    expect(website).toBeLessThan(language);
    expect(language).toBeLessThan(user);
    await expect(selectByLabel(page, LABELS.language)).toContainText('Ngôn ngữ nội dung');
    await expect(page.getByRole('combobox', { name: LABELS.theme })).toHaveCount(0);
  });

  test('dialogs, menus and popovers of the dark theme are dark', async ({ page }) => {
    await signIn(page);
    const luminance = (css: string) => {
      const [r, g, b] = (css.match(/\d+(\.\d+)?/g) ?? ['255', '255', '255']).map(Number);
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    };
    const background = (selector: string) => computedStyle(page.locator(selector).first(), 'backgroundColor');
    // The user menu (a dropdown).
    await openUserMenu(page);
    await expect(page.locator('.ant-dropdown-menu').first()).toBeVisible();
    expect(luminance(await background('.ant-dropdown-menu'))).toBeLessThan(0.3);
    await page.keyboard.press('Escape');
    // The unsaved-changes confirm: leave a touched form through the menu.
    await page.goto('/faq-group/add');
    await page.getByLabel('Tên nhóm (Tiếng Việt)').fill('Chưa lưu');
    await page.getByRole('link', { name: LABELS.dashboard }).click();
    await expect(page.locator('.ant-modal-confirm .ant-modal-content')).toBeVisible();
    expect(luminance(await background('.ant-modal-confirm .ant-modal-content'))).toBeLessThan(0.3);
    await page.getByRole('button', { name: 'Ở lại' }).click();
  });

  test('below 1280 px the sidebar shows icons only; one entry is highlighted', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 700 });
    await signIn(page);
    await expect(page.getByTestId('side-nav')).toHaveClass(/ant-layout-sider-collapsed/);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/news/category');
    await expect(page.getByTestId('side-nav')).not.toHaveClass(/ant-layout-sider-collapsed/);
    await expect(page.getByTestId('side-nav').locator('.ant-menu-item-selected')).toHaveCount(1);
    await expect(page.getByTestId('side-nav').locator('.ant-menu-item-selected')).toContainText('Danh mục tin tức');
  });

  test('data calls carry the current language', async ({ page }) => {
    await signIn(page);
    await chooseOption(page, LABELS.language, 'English');
    const request = page.waitForRequest((r) => r.url().includes('/api/Websites/get-all'));
    await page.reload();
    expect((await request).headers()['accept-language']).toBe('en-US');
  });

  test('the interface language switches labels to English and back', async ({ page }) => {
    await signIn(page);
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Ngôn ngữ giao diện' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });
});

test.describe('session', () => {
  test('logout revokes the session and wipes cookies and local storage', async ({ page, context, request }) => {
    await signIn(page);
    await chooseTheme(page, 'Sáng'); // something in local storage
    const refreshToken = (await cookie(context, REFRESH_COOKIE))!.value;
    const pushRemoved = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/push/UserTokens/user/'));

    await signOut(page);
    expect((await pushRemoved).status()).toBe(200);
    expect(await context.cookies()).toEqual([]);
    expect(await localStorageLength(page)).toBe(0);

    // The refresh token is dead on the server too.
    const reuse = await request.post('/auth/token', { form: { grantType: 'refresh_token', refreshToken } });
    expect(reuse.status()).toBeGreaterThanOrEqual(400);

    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    // The preferences went with local storage: back to the dark default.
    await signIn(page);
    expect(await currentTheme(page)).toBe('Tối');
  });

  test('sign-in registers a push token for the user', async ({ page }) => {
    const registered = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/push/UserTokens'));
    await page.goto('/login');
    await submitLogin(page, ADMIN.username, ADMIN.password);
    const body = (await registered).postDataJSON() as { userId: number; isActive: boolean; token: string };
    expect(body).toMatchObject({ userId: 1, isActive: true });
    expect(body.token).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('an expired access token: /expiredToken renews it with the refresh token and goes back', async ({ page, context }) => {
    await signIn(page);
    await settled(page);
    await setCookieValue(context, ACCESS_COOKIE, 'garbage.not-a-token');
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goto('/profile');
    await expect(page.getByText(ADMIN.fullName).first()).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    expect(visited).toContain('/expiredToken');
    expect((await cookie(context, ACCESS_COOKIE))?.value).not.toBe('garbage.not-a-token');
  });

  test('with no usable refresh token the expired page asks to sign in again', async ({ page, context }) => {
    await signIn(page);
    await settled(page);
    await setCookieValue(context, ACCESS_COOKIE, 'garbage.not-a-token');
    await setCookieValue(context, REFRESH_COOKIE, 'also-garbage');
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/expiredToken$/);
    await expect(page.getByText('Phiên đăng nhập đã hết hạn! Vui lòng đến trang đăng nhập!')).toBeVisible();
    await page.getByRole('link', { name: 'Đến trang đăng nhập' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page);
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('a start with only the refresh token left gets a new access token first', async ({ page, context }) => {
    await signIn(page);
    await settled(page);
    await context.clearCookies({ name: ACCESS_COOKIE });
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText(ADMIN.fullName).first()).toBeVisible();
    expect(await cookie(context, ACCESS_COOKIE)).toBeDefined();
  });
});
