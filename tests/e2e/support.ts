// Shared steps of the console journeys (sign-in, header selectors, session inspection).
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { DEMO_SITES, DEMO_WEBSITES } from '../../server/demo/content';

export const ADMIN = { username: 'admin', password: 'Admin@123', fullName: 'Quản trị viên' } as const;
/** The demo's reviewing staff member (shared/roles.ts): the second pair of eyes for what the admin submits. */
export const REVIEWER = { username: 'minh.tran', password: 'Staff@123', fullName: 'Trần Văn Minh' } as const;
/** Staff without the review permission. */
export const STAFF = { username: 'lan.nguyen', password: 'Staff@123', fullName: 'Nguyễn Thị Lan' } as const;
/** Demo websites (SEED_DEMO=1), default first; names in Vietnamese, the default interface language. */
export const WEBSITES = { clinic: DEMO_WEBSITES.clinic['vi-VN'], spa: DEMO_WEBSITES.spa['vi-VN'] } as const;
/** The demo content of every screen (server/demo/content.ts): journeys name records that exist. */
export { DEMO_SITES };
export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';

/** Labels of the shell in Vietnamese (default interface language). */
export const LABELS = {
  loginTitle: 'Đăng nhập',
  username: 'Tên đăng nhập',
  password: 'Mật khẩu',
  loginButton: 'Đăng nhập',
  theme: 'Giao diện',
  website: 'Website',
  language: 'Ngôn ngữ nội dung',
  logout: 'Đăng xuất',
  profile: 'Hồ sơ',
  dashboard: 'Tổng quan',
} as const;

/** Fill the sign-in form (the page must show it) and submit with Enter. */
export async function submitLogin(page: Page, username: string, password: string) {
  await page.getByLabel(LABELS.username).fill(username);
  await page.getByLabel(LABELS.password).fill(password);
  await page.getByLabel(LABELS.password).press('Enter');
}

/** What the sign-in form sends (renderer/src/api/auth.ts), for signing in without drawing the form. */
const passwordGrant = (user: { username: string; password: string }) => ({
  username: user.username,
  password: user.password,
  grant_type: 'password',
  client_id: 'sitedesk',
  client_secret: 'sitedesk-secret',
  scope: 'openid profile offline_access',
  type: '0',
  type_special: '0',
  domain: '127.0.0.1',
});

/**
 * Signed in as `user`, the console open at `at` (the dashboard by default). The form itself is the subject of the
 * shell and account journeys; every other journey gets its session the way the browser platform keeps one
 * (renderer/platform/browser.ts: the token answer's two cookies), which spares loading the sign-in page and drawing
 * the dashboard before the screen the journey is about. When the page already shows the sign-in form (a deep link
 * redirected there), or the server asks for more than a password (a second factor, a new password), the form is used.
 */
export async function signIn(page: Page, user: { username: string; password: string } = ADMIN, at: string | null = '/') {
  if (!onSignInPage(page) && (await sessionCookies(page, user))) {
    // `null`: the session only, for a journey that calls the API first and then opens the screen it is about.
    if (at === null) return;
    await page.goto(at);
  } else {
    if (!onSignInPage(page)) await page.goto('/login');
    await submitLogin(page, user.username, user.password);
    await expect(page).not.toHaveURL(/\/login(\?|$)/);
    if (at !== '/' && at !== null) await page.goto(at);
  }
  await consoleOpen(page);
}

async function consoleOpen(page: Page) {
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

const onSignInPage = (page: Page) => new URL(page.url(), 'http://x').pathname.endsWith('/login');

/** A password grant straight to the auth service; its tokens put in the cookies the console reads. False when refused. */
async function sessionCookies(page: Page, user: { username: string; password: string }): Promise<boolean> {
  const answer = await page.request.post('/auth/connect/token', { form: passwordGrant(user) });
  if (!answer.ok()) return false;
  const token = (await answer.json()) as { access_token?: string; refresh_token?: string; expires_in?: number };
  if (!token.access_token || !token.refresh_token) return false;
  const url = new URL(test.info().project.use.baseURL!).origin;
  const seconds = Math.floor(Date.now() / 1000);
  await page.context().addCookies([
    { name: ACCESS_COOKIE, value: token.access_token, url, sameSite: 'Strict', expires: seconds + Math.max(1, Math.floor(token.expires_in ?? 60)) },
    { name: REFRESH_COOKIE, value: token.refresh_token, url, sameSite: 'Strict', expires: seconds + 30 * 24 * 3600 },
  ]);
  return true;
}

/**
 * Leave the session (its cookies and storage go) and sign in as `user`, the console open at `at`: another person at
 * the same desk. The storage is wiped from the server's plain /health answer (same origin, no console running that
 * could write into it again), so the console starts once, as the new user.
 */
export async function switchUser(page: Page, user: { username: string; password: string }, at = '/') {
  await page.context().clearCookies();
  await page.goto('/health');
  await page.evaluate('window.localStorage.clear()');
  if (!(await sessionCookies(page, user))) return signIn(page, user, at);
  await page.goto(at);
  await consoleOpen(page);
}

/** An antd Select found by its accessible label (its search input is the labelled combobox). */
export const selectByLabel = (page: Page, label: string) =>
  page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: label, exact: true }) });

/** Pick an option of an antd Select found by its accessible label. */
export async function chooseOption(page: Page, selectLabel: string, optionText: string) {
  const option = page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${optionText}"]`);
  // Picked again if a click was lost on a busy machine, until the select shows the option.
  await expect(async () => {
    if (!(await option.isVisible())) await selectByLabel(page, selectLabel).click();
    await option.click({ timeout: 3000 });
    expect(await selectedText(page, selectLabel)).toBe(optionText);
  }).toPass({ timeout: 20_000 });
}

/** The text an antd Select shows as its value. */
export async function selectedText(page: Page, selectLabel: string): Promise<string> {
  return (await selectByLabel(page, selectLabel).locator('.ant-select-selection-item').innerText()).trim();
}

export async function openUserMenu(page: Page) {
  await page.getByTestId('user-menu').click();
}

/** A computed style of an element (the tests' TypeScript project has no DOM types). */
export function computedStyle(locator: Locator, property: 'fontFamily' | 'backgroundColor'): Promise<string> {
  return locator.evaluate(
    (el, prop) => (globalThis as unknown as { getComputedStyle(e: unknown): Record<string, string> }).getComputedStyle(el)[prop],
    property,
  );
}

/** Open the user menu's theme submenu (submenus open on click). */
async function openThemeMenu(page: Page) {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: new RegExp(`(^| )${LABELS.theme}( |$)`) }).click();
  const submenu = page.locator('.ant-dropdown-menu-submenu-popup:not(.ant-dropdown-menu-submenu-hidden)');
  await expect(submenu).toBeVisible();
  return submenu;
}

/** Pick a theme in the user menu (the theme lives there, beside the interface language). */
export async function chooseTheme(page: Page, name: string) {
  const submenu = await openThemeMenu(page);
  await submenu.getByRole('menuitem', { name, exact: true }).click();
}

/** The theme the user menu shows as chosen. */
export async function currentTheme(page: Page): Promise<string> {
  const submenu = await openThemeMenu(page);
  const text = (await submenu.locator('.ant-dropdown-menu-item-selected').innerText()).trim();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  return text;
}

export async function signOut(page: Page) {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: LABELS.logout }).click();
  await expect(page).toHaveURL(/\/login$/);
}

export async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name);
}

/** Replace a cookie's value, keeping its attributes (e.g. to plant an unusable access token). */
export async function setCookieValue(context: BrowserContext, name: string, value: string) {
  const existing = await cookie(context, name);
  if (!existing) throw new Error(`no ${name} cookie`);
  await context.addCookies([{ ...existing, value }]);
}

// Page-side reads as expressions: the tests' TypeScript project has no DOM types.
export const colorScheme = (page: Page) => page.evaluate<string>('document.documentElement.style.colorScheme');
export const localStorageLength = (page: Page) => page.evaluate<number>('window.localStorage.length');

/**
 * The confirmation a decision asks for (renderer/src/core/dialogs.ts confirmDecision): it names the record in
 * `question`; `answer` is the deciding button's name, or 'keep' for "Không, giữ nguyên" (nothing changes).
 */
export async function answerDecision(page: Page, question: string | RegExp, answer: string | 'keep') {
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: question });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: answer === 'keep' ? 'Không, giữ nguyên' : answer, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** The side navigation's links (its groups opened), by address. */
export async function navLinks(page: Page): Promise<string[]> {
  const nav = page.getByTestId('side-nav');
  const closed = nav.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  for (let n = await closed.count(); n > 0; n -= 1) await closed.first().click();
  await expect(closed).toHaveCount(0);
  return nav.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

/** The staff table of the clinic website (its editor, from the websites list). */
export async function openClinicStaff(page: Page) {
  await page.goto('/website');
  await page.getByRole('row').filter({ hasText: WEBSITES.clinic }).first().dblclick();
  await page.getByRole('tab', { name: 'Nhân viên' }).click();
  return page.getByRole('tabpanel', { name: 'Nhân viên' });
}

/** On /profile: fills the change-password card with `current` and `next` and sends it; answers the card. */
export async function changePassword(page: Page, current: string, next: string): Promise<Locator> {
  const card = page.getByTestId('change-password');
  await card.getByLabel('Mật khẩu hiện tại').fill(current);
  await card.getByLabel('Mật khẩu mới', { exact: true }).fill(next);
  await card.getByLabel('Nhập lại mật khẩu mới').fill(next);
  await card.getByRole('button', { name: 'Đổi mật khẩu' }).click();
  return card;
}
