import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useHelpShortcut, useListShortcuts } from './shortcuts';

const press = (key: string, target: EventTarget = document.body, init: KeyboardEventInit = {}) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));

describe('keyboard shortcuts (issue 42)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('a list adds with N, goes to its search with /, turns pages with ] and [', () => {
    const keys = { add: vi.fn(), search: vi.fn(), nextPage: vi.fn(), previousPage: vi.fn() };
    const { unmount } = renderHook(() => useListShortcuts(keys));
    press('n');
    press('/');
    press(']');
    press(']');
    press('[');
    expect([keys.add, keys.search, keys.nextPage, keys.previousPage].map((f) => f.mock.calls.length)).toEqual([1, 1, 2, 1]);
    unmount();
    press('n');
    expect(keys.add).toHaveBeenCalledTimes(1);
  });

  it('leaves the keys to the user typing in a field, to Ctrl combinations and to an open dialog', () => {
    const add = vi.fn();
    renderHook(() => useListShortcuts({ add }));
    const input = document.body.appendChild(document.createElement('input'));
    press('n', input);
    press('n', document.body, { ctrlKey: true });
    const dialog = document.body.appendChild(document.createElement('div'));
    dialog.className = 'ant-modal-wrap';
    dialog.innerHTML = '<div class="ant-modal"></div>';
    press('n');
    expect(add).not.toHaveBeenCalled();
    dialog.remove();
    press('n');
    expect(add).toHaveBeenCalledTimes(1);
  });

  it('the most recently opened list gets the keys', () => {
    const page = vi.fn();
    const popup = vi.fn();
    renderHook(() => useListShortcuts({ add: page }));
    const { unmount } = renderHook(() => useListShortcuts({ add: popup }));
    press('n');
    unmount();
    press('n');
    expect([page.mock.calls.length, popup.mock.calls.length]).toEqual([1, 1]);
  });

  it('? opens the shortcuts list, except while typing', () => {
    const open = vi.fn();
    renderHook(() => useHelpShortcut(open));
    press('?', document.body, { shiftKey: true });
    press('?', document.body.appendChild(document.createElement('textarea')), { shiftKey: true });
    expect(open).toHaveBeenCalledTimes(1);
  });
});
