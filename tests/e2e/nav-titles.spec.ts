// One name per screen: each side-menu entry opens a page titled as the entry, in both interface languages (issue 26,
// item 8: "Tuyển dụng" opened "Hồ sơ ứng tuyển", "Phản hồi" "Góp ý", "Đặt lịch" "Lịch hẹn").
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openUserMenu, signIn } from './support';

// Wide enough for the side menu to show its entries (it folds to icons below 1280 px).
test.use({ viewport: { width: 1440, height: 900 } });

const nav = (page: Page) => page.getByTestId('side-nav');
/** The page's own title: the centred heading of a screen, or the card title of the file manager. */
const pageTitle = (page: Page) => page.locator('main h3, .ant-layout-content h3, .ant-layout-content .ant-card-head-title').first();
/** An entry's name without the count of what waits there (unread feedback shows "Góp ý 3"). */
const entryName = (link: Locator) => link.evaluate((a) => (a.childNodes[0]?.textContent ?? '').trim());
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every entry of the side menu as [path, name]: the top-level ones, then each group's, opened one at a time. */
async function entries(page: Page): Promise<[string, string][]> {
  const out: [string, string][] = [];
  const collect = async (links: Locator) => {
    for (let i = 0; i < (await links.count()); i++) out.push([(await links.nth(i).getAttribute('href'))!, await entryName(links.nth(i))]);
  };
  const groups = nav(page).locator('.ant-menu-submenu');
  await expect(groups.first()).toBeVisible();
  for (const group of await groups.all()) {
    if (/ant-menu-submenu-open/.test((await group.getAttribute('class')) ?? '')) await group.locator('.ant-menu-submenu-title').click();
    await expect(group).not.toHaveClass(/ant-menu-submenu-open/);
  }
  await collect(nav(page).locator('.ant-menu-root > .ant-menu-item a[href]'));
  for (const group of await groups.all()) {
    await group.locator('.ant-menu-submenu-title').click();
    await expect(group).toHaveClass(/ant-menu-submenu-open/);
    await collect(group.locator('.ant-menu-item a[href]'));
    await group.locator('.ant-menu-submenu-title').click();
    await expect(group).not.toHaveClass(/ant-menu-submenu-open/);
  }
  return out;
}

async function everyEntryTitlesItsPage(page: Page) {
  await page.goto('/');
  const all = await entries(page);
  expect(all.length).toBeGreaterThan(25);
  for (const [path, name] of all) {
    // Moved to inside the console (as a menu link does), not reloaded: 60 screens in one journey.
    await page.evaluate(`window.history.pushState({}, '', ${JSON.stringify(path)}); window.dispatchEvent(new PopStateEvent('popstate'))`);
    await expect(page).toHaveURL(new RegExp(`${escape(path)}$`));
    // The screen's title is the entry's name (the website information adds the website's: "Thông tin website: …").
    await expect(pageTitle(page), path).toHaveText(new RegExp(`^${escape(name)}(: .*)?$`));
    await expect(nav(page).locator('.ant-menu-item-selected a'), path).toHaveCount(1);
    expect(await entryName(nav(page).locator('.ant-menu-item-selected a')), path).toBe(name);
  }
  // Two areas never share a name.
  expect(new Set(all.map(([, name]) => name)).size).toBe(all.length);
}

test('the menu entries that named another screen open pages titled as they are', async ({ page }) => {
  await signIn(page);
  for (const name of ['Hồ sơ ứng tuyển', 'Góp ý', 'Lịch hẹn']) {
    const link = nav(page).getByRole('link', { name: new RegExp(`^${name}`) });
    if (!(await link.isVisible())) {
      const group = { 'Hồ sơ ứng tuyển': 'Tuyển dụng', 'Góp ý': 'Phản hồi', 'Lịch hẹn': 'Khách hàng' }[name]!;
      await nav(page).locator('.ant-menu-submenu-title').filter({ hasText: new RegExp(`^${group}$`) }).click();
    }
    await link.click();
    await expect(page.getByRole('heading', { level: 3 })).toHaveText(name);
  }
});

test('every menu entry opens a page titled as the entry, in Vietnamese and in English', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page);
  await everyEntryTitlesItsPage(page);
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Ngôn ngữ giao diện' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(nav(page)).toContainText('Dashboard');
  await everyEntryTitlesItsPage(page);
});
