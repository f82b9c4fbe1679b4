import { describe, expect, it, vi } from 'vitest';
import { badgeBitmap, badgeGrid, badgeText } from '../../../main/notifications/badge-icon';
import { createNotifier, type NotificationLike } from '../../../main/notifications/notifier';
import { createNavigator } from '../../../main/links/navigator';

type Handler = (...args: unknown[]) => void;

/** Electron's Notification: records what was shown; a test clicks or closes one. */
function fakeNotificationClass(supported = true) {
  const shown: FakeNotification[] = [];
  class FakeNotification implements NotificationLike {
    handlers = new Map<string, Handler>();
    constructor(readonly options: { title: string; body: string }) {}
    static isSupported = () => supported;
    on(event: string, listener: Handler) {
      this.handlers.set(event, listener);
    }
    show() {
      shown.push(this);
    }
    click() {
      this.handlers.get('click')?.({});
    }
  }
  return { Notification: FakeNotification, shown };
}

/** The main window as far as the notifier and the navigator use it. */
function fakeWindow(state: { focused?: boolean; minimized?: boolean; visible?: boolean } = {}) {
  return {
    focused: state.focused ?? false,
    minimized: state.minimized ?? false,
    visible: state.visible ?? true,
    destroyed: false,
    overlays: [] as Array<[unknown, string]>,
    calls: [] as string[],
    isDestroyed() {
      return this.destroyed;
    },
    isFocused() {
      return this.focused;
    },
    isMinimized() {
      return this.minimized;
    },
    isVisible() {
      return this.visible;
    },
    restore() {
      this.calls.push('restore');
      this.minimized = false;
    },
    show() {
      this.calls.push('show');
      this.visible = true;
    },
    focus() {
      this.calls.push('focus');
      this.focused = true;
    },
    setOverlayIcon(overlay: unknown, description: string) {
      this.overlays.push([overlay, description]);
    },
  };
}

/** The notifier wired to a real navigator, as main.ts wires them; `sent` is what reached the page. */
function setup(options: { supported?: boolean; platform?: string; window?: ReturnType<typeof fakeWindow> | null; badgeWorks?: boolean } = {}) {
  const { Notification, shown } = fakeNotificationClass(options.supported ?? true);
  let window = options.window === undefined ? fakeWindow() : options.window;
  const sent: string[] = [];
  const badges: number[] = [];
  const log = vi.fn();
  const navigator = createNavigator({ window: () => window, isReady: () => true, openWindow: () => (window = fakeWindow()), send: (r) => sent.push(r), log });
  const notifier = createNotifier({
    Notification,
    window: () => window,
    open: (route) => navigator.open(route),
    platform: options.platform ?? 'darwin',
    setBadgeCount: (count) => {
      badges.push(count);
      return options.badgeWorks ?? true;
    },
    overlayIcon: (count) => ({ image: count }),
    log,
  });
  navigator.takePending(); // the page listens
  const setWindow = (next: ReturnType<typeof fakeWindow> | null) => void (window = next);
  return { notifier, navigator, shown, sent, badges, log, window: () => window, setWindow };
}

const booking = { id: 41, title: 'Lịch hẹn mới', body: 'Nguyễn Văn A, 09:00 15/12', route: '/booking/7?website=2' };

describe('notifications', () => {
  it('shows a native notification for an event while the window is not focused', () => {
    const { notifier, shown } = setup({ window: fakeWindow({ focused: false }) });
    expect(notifier.show(booking)).toEqual({ shown: true });
    expect(shown.map((n) => n.options)).toEqual([{ title: 'Lịch hẹn mới', body: 'Nguyễn Văn A, 09:00 15/12' }]);
  });

  it('shortens a long title or body', () => {
    const { notifier, shown } = setup();
    notifier.show({ ...booking, title: 'T'.repeat(500), body: 'B'.repeat(2000) });
    expect(shown[0].options.title).toHaveLength(120);
    expect(shown[0].options.title.endsWith('…')).toBe(true);
    expect(shown[0].options.body).toHaveLength(300);
  });

  it('shows nothing while the window is focused: the console shows the event itself', () => {
    const { notifier, shown } = setup({ window: fakeWindow({ focused: true }) });
    expect(notifier.show(booking)).toEqual({ shown: false });
    expect(shown).toEqual([]);
  });

  it('shows nothing where the system has no notifications', () => {
    const { notifier, shown } = setup({ supported: false });
    expect(notifier.show(booking)).toEqual({ shown: false });
    expect(shown).toEqual([]);
  });

  it('announces each event once (a replay after a reconnection is not news)', () => {
    const { notifier, shown } = setup();
    notifier.show(booking);
    expect(notifier.show({ ...booking, title: 'again' })).toEqual({ shown: false });
    notifier.show({ ...booking, id: 42 });
    expect(shown).toHaveLength(2);
  });

  it('a click restores and focuses the window and opens the record in the page', () => {
    const window = fakeWindow({ minimized: true });
    const { notifier, shown, sent } = setup({ window });
    notifier.show(booking);
    expect(notifier.pending()).toBe(1);
    shown[0].click();
    expect(window.calls).toEqual(['restore', 'focus']);
    expect(sent).toEqual(['/booking/7?website=2']);
    expect(notifier.pending()).toBe(0);
  });

  it('a click with the window closed (macOS) opens one, and the page takes the route once it listens', () => {
    const { notifier, navigator, shown, sent, window } = setup({ window: null });
    notifier.show(booking);
    navigator.pageGone();
    shown[0].click();
    expect(window()).not.toBeNull();
    expect(sent).toEqual([]);
    expect(navigator.takePending()).toBe('/booking/7?website=2');
  });
});

describe('badge', () => {
  it.each(['darwin', 'linux'])('%s: the unread count through app.setBadgeCount, 0 clears it', (platform) => {
    const { notifier, badges, window } = setup({ platform });
    notifier.setBadge(5);
    notifier.setBadge(0);
    expect(badges).toEqual([5, 0]);
    expect(window()!.overlays).toEqual([]);
  });

  it('linux without a launcher that shows counts: said once, nothing else tried', () => {
    const { notifier, log } = setup({ platform: 'linux', badgeWorks: false });
    notifier.setBadge(1);
    notifier.setBadge(2);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('windows: an overlay icon with the count on the taskbar button, removed at 0, put back on a new window', () => {
    const { notifier, badges, window, setWindow } = setup({ platform: 'win32' });
    notifier.setBadge(3);
    notifier.setBadge(0);
    expect(window()!.overlays).toEqual([
      [{ image: 3 }, '3'],
      [null, ''],
    ]);
    expect(badges).toEqual([]);
    window()!.destroyed = true;
    notifier.setBadge(8); // no live window: kept for the next one
    const next = fakeWindow();
    setWindow(next);
    notifier.reapplyBadge();
    expect(next.overlays).toEqual([[{ image: 8 }, '8']]);
  });

  it('draws the count in white on a red disc, 99+ above 99, sharp at 2×', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(120)).toBe('99+');
    const grid = badgeGrid(3);
    expect(grid.slice(5, 10).map((row) => row.slice(6, 9))).toEqual(['###', '..#', '###', '..#', '###'].map((r) => r.replace(/\./g, 'o')));
    expect(grid[0][0]).toBe(' '); // outside the disc: transparent
    expect(badgeGrid(120).join('')).toContain('#');
    const { width, height, buffer } = badgeBitmap(3, 2);
    expect([width, height, buffer.length]).toEqual([32, 32, 32 * 32 * 4]);
    const pixel = (x: number, y: number) => [...buffer.subarray((y * 32 + x) * 4, (y * 32 + x) * 4 + 4)];
    expect(pixel(12, 10)).toEqual([255, 255, 255, 255]); // the digit's top-left cell (6,5) at 2×
    expect(pixel(16, 4)).toEqual([45, 34, 245, 255]); // the disc, BGRA
    expect(pixel(0, 0)).toEqual([0, 0, 0, 0]);
  });
});
