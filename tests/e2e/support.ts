// Shared steps of the console journeys (sign-in, header selectors, session inspection).
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
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

/**
 * Sign in through the form. Opens /login unless the page already shows it (e.g. after a redirect
 * from a deep link), then waits until the console has left /login.
 */
export async function signIn(page: Page, user: { username: string; password: string } = ADMIN) {
  if (!new URL(page.url(), 'http://x').pathname.endsWith('/login')) await page.goto('/login');
  await submitLogin(page, user.username, user.password);
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

/** Leave the session (its cookies and storage go) and sign in as `user`: another person at the same desk. */
export async function switchUser(page: Page, user: { username: string; password: string }) {
  await page.context().clearCookies();
  await page.goto('/login');
  await page.evaluate('window.localStorage.clear()');
  await page.reload();
  await signIn(page, user);
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
