import { describe, expect, it, vi } from 'vitest';
import { deepLinkFor, deepLinkForPath, LINKED_RESOURCES, parseDeepLink, routeOf, webLinkForPath } from '../../../shared/deep-links';
import { consoleRouteSchema } from '../../../shared/ipc/contract';
import { createNavigator, linkInArgv, protocolClientArgs } from '../../../main/links/navigator';

describe('sitedesk:// links', () => {
  it.each([
    ['sitedesk://news/1/12', '/news/12?website=1'],
    ['sitedesk://bookings/2/7', '/booking/7?website=2'],
    ['sitedesk://feedback/1/30', '/feedback/30?website=1'],
    ['sitedesk://applications/1/4', '/recruitment/4?website=1'],
    ['sitedesk://questions/3/9', '/expert-question-and-answer/9?website=3'],
    ['sitedesk://services/1/5', '/service-website/5?website=1'],
    ['sitedesk://specializations/1/6', '/specialization/6?website=1'],
    ['sitedesk://collaborators/1/8', '/team?id=8&website=1'],
    ['sitedesk://referrals/1/15', '/customer?id=15&website=1'],
    // Launchers may add a trailing slash; the scheme and resource are case-insensitive.
    ['sitedesk://news/1/12/', '/news/12?website=1'],
    ['SITEDESK://News/1/12', '/news/12?website=1'],
  ])('%s opens %s', (link, route) => {
    expect(parseDeepLink(link)).toMatchObject({ route });
    expect(consoleRouteSchema.safeParse(route).success).toBe(true);
  });

  it.each([
    ['sitedesk://users/1/2', 'unknown resource'],
    ['sitedesk://constructor/1/2', 'unknown resource'],
    ['sitedesk://__proto__/1/2', 'unknown resource'],
    ['sitedesk://news/1/abc', 'positive numbers'],
    ['sitedesk://news/1/-3', 'positive numbers'],
    ['sitedesk://news/1/0', 'positive numbers'],
    ['sitedesk://news/1/012', 'positive numbers'],
    ['sitedesk://news/1/1e3', 'positive numbers'],
    ['sitedesk://news/1/99999999999999999999', 'positive numbers'],
    ['sitedesk://news/12', 'positive numbers'],
    ['sitedesk://news/1/2/3', 'positive numbers'],
    ['sitedesk://news/1/..%2f..%2fetc%2fpasswd', 'positive numbers'],
    ['sitedesk://news/1/../../etc/passwd', 'positive numbers'],
    ['sitedesk://news/1/12?x=1', 'parts'],
    ['sitedesk://news/1/12#top', 'parts'],
    ['sitedesk://user:pw@news/1/12', 'parts'],
    ['sitedesk://news:80/1/12', 'parts'],
    ['file:///etc/passwd', 'not a sitedesk: link'],
    ['https://sitedesk.example.com/news/1/12', 'not a sitedesk: link'],
    ['sitedesk:news/1/12', 'unknown resource'],
    ['not a link', 'not a URL'],
    [`sitedesk://news/1/${'1'.repeat(300)}`, 'not a short text'],
  ])('%s is ignored (%s)', (link, why) => {
    const parsed = parseDeepLink(link);
    expect(parsed).toEqual({ error: expect.stringContaining(why) });
  });

  it('builds the link of a record from the console path the editor shows, and parses back to its route', () => {
    expect(deepLinkForPath('/news/12', 1)).toBe('sitedesk://news/1/12');
    expect(deepLinkForPath('/booking/7', '2')).toBe('sitedesk://bookings/2/7');
    expect(deepLinkForPath('/expert-question-and-answer/9', 3)).toBe('sitedesk://questions/3/9');
    // A new record, a list, another screen, no website: nothing to link.
    for (const [path, website] of [['/news/add', 1], ['/news', 1], ['/news/category/3', 1], ['/faq/3', 1], ['/news/12', null]] as const) {
      expect(deepLinkForPath(path, website), path).toBeNull();
    }
    for (const resource of LINKED_RESOURCES) {
      expect(parseDeepLink(deepLinkFor(resource, 4, 21))).toMatchObject({ resource, website: 4, id: 21, route: routeOf(resource, 4, 21) });
    }
  });

  it("builds the console's web address of a record, which a browser opens (issue 42: not sitedesk:// in a browser)", () => {
    expect(webLinkForPath('/news/5', 1, 'https://cms.example/')).toBe('https://cms.example/news/5?website=1');
    expect(webLinkForPath('/booking/7/', '2', 'http://localhost:5080')).toBe('http://localhost:5080/booking/7?website=2');
    expect(webLinkForPath('/news/add', 1, 'https://cms.example')).toBeNull();
    expect(webLinkForPath('/news/5', null, 'https://cms.example')).toBeNull();
  });

  it('only console routes cross the bridge', () => {
    for (const route of ['/news/12?website=1', '/team?id=8&website=1', '/']) expect(consoleRouteSchema.safeParse(route).success, route).toBe(true);
    for (const route of ['https://evil.example/', '//evil.example', 'javascript:alert(1)', 'news/1', '/a/../b', '/news/1#x', '']) {
      expect(consoleRouteSchema.safeParse(route).success, route).toBe(false);
    }
  });

  it('finds the link among command-line arguments (Windows and Linux)', () => {
    expect(linkInArgv(['C:\\Program Files\\Sitedesk\\Sitedesk.exe', '--allow-file-access-from-files', 'sitedesk://news/1/12'])).toBe('sitedesk://news/1/12');
    expect(linkInArgv(['/usr/bin/sitedesk', '--no-sandbox'])).toBeNull();
  });

  it('registers the protocol for the packaged app, and for Electron with the app path when run from source', () => {
    expect(protocolClientArgs({ defaultApp: false, execPath: '/opt/Sitedesk/sitedesk', appPath: undefined })).toEqual(['sitedesk']);
    expect(protocolClientArgs({ defaultApp: true, execPath: '/usr/lib/electron', appPath: '/home/me/sitedesk' })).toEqual([
      'sitedesk',
      '/usr/lib/electron',
      ['/home/me/sitedesk'],
    ]);
  });
});

/** A window that records how it was brought to the front. */
function fakeWindow(state: { minimized?: boolean; visible?: boolean } = {}) {
  const calls: string[] = [];
  return {
    calls,
    destroyed: false,
    isDestroyed() {
      return this.destroyed;
    },
    isMinimized: () => state.minimized ?? false,
    isVisible: () => state.visible ?? true,
    restore: () => void calls.push('restore'),
    show: () => void calls.push('show'),
    focus: () => void calls.push('focus'),
  };
}

function setup(options: { ready?: boolean; window?: ReturnType<typeof fakeWindow> | null } = {}) {
  let ready = options.ready ?? true;
  let window = options.window === undefined ? fakeWindow() : options.window;
  const sent: string[] = [];
  const log = vi.fn();
  const openWindow = vi.fn(() => void (window = fakeWindow()));
  const navigator = createNavigator({ window: () => window, isReady: () => ready, openWindow, send: (route) => sent.push(route), log });
  return {
    navigator,
    sent,
    log,
    openWindow,
    window: () => window,
    becomeReady: () => void (ready = true),
  };
}

describe('navigator (links and notification clicks into the page)', () => {
  it('open-url before ready (macOS launch): kept, no window made early, delivered when the page listens', () => {
    const { navigator, sent, openWindow, becomeReady } = setup({ ready: false, window: null });
    expect(navigator.openLink('sitedesk://news/1/12')).toBe(true);
    expect(openWindow).not.toHaveBeenCalled();
    becomeReady();
    expect(sent).toEqual([]);
    expect(navigator.takePending()).toBe('/news/12?website=1');
    expect(navigator.takePending()).toBeNull();
  });

  it('a link that arrives while the page loads waits for it: the last one asked for', () => {
    const { navigator, sent } = setup();
    navigator.openLink('sitedesk://news/1/12');
    navigator.openLink('sitedesk://bookings/1/3');
    expect(sent).toEqual([]);
    expect(navigator.takePending()).toBe('/booking/3?website=1');
  });

  it('second-instance (Windows, Linux): the argv link is sent to the listening page and the window comes to the front', () => {
    const window = fakeWindow({ minimized: true, visible: false });
    const { navigator, sent } = setup({ window });
    navigator.takePending();
    navigator.secondInstance(['/opt/Sitedesk/sitedesk', '--flag', 'sitedesk://feedback/2/30']);
    expect(sent).toEqual(['/feedback/30?website=2']);
    expect(window.calls).toEqual(['restore', 'show', 'focus']);
  });

  it('second-instance without a link, or with a bad one: only the window comes to the front', () => {
    const window = fakeWindow();
    const { navigator, sent, log } = setup({ window });
    navigator.takePending();
    navigator.secondInstance(['/opt/Sitedesk/sitedesk']);
    navigator.secondInstance(['/opt/Sitedesk/sitedesk', 'sitedesk://news/1/../../../etc/passwd']);
    navigator.secondInstance(['/opt/Sitedesk/sitedesk', 'sitedesk://passwords/1/2']);
    expect(sent).toEqual([]);
    expect(window.calls).toEqual(['focus', 'focus', 'focus']);
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[1][0]).toContain('unknown resource');
  });

  it('a page that reloads or a window that closed gets the route when it listens again', () => {
    const { navigator, sent, window, openWindow } = setup();
    navigator.takePending();
    navigator.pageGone();
    navigator.openLink('sitedesk://news/1/12');
    expect(sent).toEqual([]);
    window()!.destroyed = true;
    navigator.openLink('sitedesk://news/1/13');
    expect(openWindow).toHaveBeenCalledTimes(1);
    expect(navigator.takePending()).toBe('/news/13?website=1');
    navigator.openLink('sitedesk://news/1/14');
    expect(sent).toEqual(['/news/14?website=1']);
  });
});
