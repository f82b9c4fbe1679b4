// Issue 42 "Keyboard and accessibility": axe-core over every route of the side navigation, as an administrator, in
// both themes (0 critical, 0 serious WCAG 2.1 A/AA violations); the skip link, visible focus, the `?` shortcuts, a
// list driven from the keyboard; and the layout overflows of "What a new user found" (1024 px and 1440 px).
import AxeBuilder from '@axe-core/playwright';
import { api } from './content-support';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { chooseTheme, signIn } from './support';

const nav = (page: Page) => page.getByTestId('side-nav');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Signed in as the administrator (a busy machine may take longer than signIn waits for the first screen). */
async function signInAdmin(page: Page) {
  await signIn(page).catch(() => expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 60_000 }));
}

/** Every area of the side navigation (its links), opening each group in turn. */
async function navPaths(page: Page): Promise<string[]> {
  const paths = new Set<string>();
  const add = async (links: Locator) => {
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))) if (href) paths.add(href);
  };
  const groups = nav(page).locator('.ant-menu-submenu');
  await expect(groups.first()).toBeVisible();
  await add(nav(page).locator('.ant-menu-root > .ant-menu-item a[href]'));
  for (const group of await groups.all()) {
    if (!/ant-menu-submenu-open/.test((await group.getAttribute('class')) ?? '')) await group.locator('.ant-menu-submenu-title').click();
    await expect(group).toHaveClass(/ant-menu-submenu-open/);
    await add(group.locator('.ant-menu-item a[href]'));
  }
  return [...paths];
}

/** Moved inside the console, as a menu link does (no reload: one sign-in, every screen), and drawn. */
async function open(page: Page, path: string) {
  await page.evaluate(`window.history.pushState({}, '', ${JSON.stringify(path)}); window.dispatchEvent(new PopStateEvent('popstate'))`);
  await expect(page).toHaveURL(new RegExp(`${escape(path)}$`));
  await expect(page.locator('.ant-layout-content .ant-spin-spinning')).toHaveCount(0, { timeout: 60_000 });
  // Whatever is still loading (a list's spinner, the file manager's busy grid) is a moment, not the screen.
  await expect(page.locator('.ant-layout-content [aria-busy="true"]')).toHaveCount(0, { timeout: 60_000 });
}

/** The page's serious and critical WCAG 2.1 A/AA violations, one line each: rule, element, axe's summary. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    // A button busy with a request (the search panel's while its list loads) is an inactive control, drawn faded on
    // purpose: WCAG 1.4.3 exempts it, axe cannot tell.
    .exclude('.ant-btn-loading')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] }) // passes are not collected: a third of the time
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`));
}

/** How far an element's content is wider than the element (0: nothing overflows). */
const overflow = (locator: Locator) => locator.evaluate((el) => el.scrollWidth - el.clientWidth);

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  // One test per theme, one sign-in each; every screen reached inside the console.
  for (const theme of ['Tối', 'Sáng']) {
    test(`every screen of the navigation has no serious or critical WCAG 2.1 A/AA violation, theme ${theme}`, async ({ page }) => {
      test.setTimeout(600_000);
      await signInAdmin(page);
      if (theme !== 'Tối') await chooseTheme(page, theme);
      const paths = await navPaths(page);
      expect(paths.length).toBeGreaterThan(25);
      const found: string[] = [];
      for (const path of paths) {
        await open(page, path);
        for (const v of await violations(page)) {
          found.push(`${path}: ${v}`);
          console.log(`${theme} ${found[found.length - 1]}`); // seen as they come, should the run stop early
        }
      }
      expect(found).toEqual([]);
    });
  }

  test('the keyboard: skip link, visible focus, ? lists the shortcuts, N adds, ] turns the page; the FAQ entry is not cut', async ({ page }) => {
    test.setTimeout(180_000);
    await signInAdmin(page);
    await open(page, '/news');
    const add = page.getByRole('button', { name: 'Thêm mới' });
    await expect(add).toBeVisible();

    // The first Tab is the skip link; Enter on it puts the screen's first controls a few Tabs away.
    await page.evaluate('document.activeElement && document.activeElement.blur()'); // Tab starts at the page's top
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Bỏ qua đến nội dung' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#content')).toBeFocused();
    let tabs = 0;
    while (!(await add.evaluate((el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement)) && tabs < 12) {
      await page.keyboard.press('Tab');
      tabs++;
    }
    await expect(add).toBeFocused();

    // Focus is drawn on buttons and on the side navigation's entries (a 2 px outline), in the dark theme.
    const outline = (locator: Locator) =>
      locator.evaluate((el) => {
        const style = (globalThis as unknown as { getComputedStyle(e: unknown): Record<string, string> }).getComputedStyle(el);
        return `${style.outlineStyle} ${style.outlineWidth}`;
      });
    expect(await outline(add)).toBe('solid 2px');
    const entry = nav(page).getByRole('link', { name: 'Tổng quan' });
    await entry.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(entry).toBeFocused();
    expect(await outline(entry)).toBe('solid 2px');

    // ? lists the shortcuts; Esc closes the list.
    await page.locator('main#content').focus();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Phím tắt' });
    await expect(help).toBeVisible();
    await expect(help.getByTestId('shortcuts-help')).toContainText('Thêm mới (trong danh sách)');
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();

    // ] turns the list's page, [ turns it back; N opens the form of a new record, Esc leaves nothing behind.
    const pager = page.locator('.ant-pagination-item-active');
    await expect(pager).toHaveText('1');
    await page.keyboard.press(']');
    await expect(pager).toHaveText('2');
    await page.keyboard.press('[');
    await expect(pager).toHaveText('1');
    await page.keyboard.press('n');
    await expect(page).toHaveURL(/\/news\/add$/);

    // "Câu hỏi thường gặp" shows whole in its group of the navigation.
    const faq = nav(page).getByRole('link', { name: 'Câu hỏi thường gặp', exact: true });
    if (!(await faq.isVisible())) await nav(page).locator('.ant-menu-submenu-title').filter({ has: page.getByText('Nội dung', { exact: true }) }).click();
    await expect(faq).toBeVisible();
    expect(await overflow(faq.locator('xpath=ancestor::span[contains(@class,"ant-menu-title-content")]'))).toBeLessThanOrEqual(0);
  });
});

test.describe('at 1024 px', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('the audit toolbar and the webhook secret stay inside the screen', async ({ page }) => {
    test.setTimeout(180_000);
    await signInAdmin(page);
    const content = page.locator('main#content');
    await open(page, '/audit-log');
    await expect(page.getByRole('table')).toBeVisible();
    expect(await overflow(content)).toBeLessThanOrEqual(0);
    expect(await overflow(page.locator('html'))).toBeLessThanOrEqual(0);

    await open(page, '/info-website');
    await page.getByRole('tab', { name: 'Webhook' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Webhook' });
    await panel.getByRole('button', { name: 'Thêm mới' }).click();
    const popup = page.locator('.ant-modal').filter({ hasText: 'Thêm Webhook' });
    const address = 'http://127.0.0.1:9/a-rather-long-address/that/the-site-builder/listens-on/rebuild';
    await popup.getByLabel('Địa chỉ nhận (URL)').fill(address);
    await popup.getByRole('button', { name: /Lưu$/ }).click();
    await expect(popup).toHaveCount(0);
    const secret = panel.getByTestId('webhook-secret').first();
    await expect(secret).toBeVisible();
    await expect(secret).toBeInViewport({ ratio: 1 });
    expect(await overflow(content)).toBeLessThanOrEqual(0);
    expect(await overflow(page.locator('html'))).toBeLessThanOrEqual(0);

    // Gone again: a webhook left behind would receive (and log) every later journey's public change.
    const hooks = (await api(page, 'GET', 'Webhooks/get-all/1')) as unknown as { id: number; url: string }[];
    for (const hook of hooks.filter((h) => h.url === address)) await api(page, 'DELETE', `Webhooks/1/${hook.id}`);
  });
});
