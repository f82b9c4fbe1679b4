import { useEffect, useRef } from 'react';

/**
 * The console's keyboard shortcuts. `?` lists them (./ShortcutsHelp.tsx, from SHORTCUTS below, so the list and the keys
 * cannot disagree).
 *
 * Ctrl+S / ⌘S saves the open form. Forms register while they are open; the most recent one (a popup over
 * its page) gets the key, so the shortcut works inside popups too and never saves two forms at once.
 *
 * A list (./ResourceList.tsx) registers its own keys the same way: N adds, / goes to its search, ] and [ turn its pages.
 * Single keys never act while the user types (an input, a text area, the rich-text editor) or a dialog is open over the
 * list; Esc (a dialog's or drawer's own key) cancels.
 */
type Handler = () => void;
const stack: { current: Handler }[] = [];

function onKeyDown(event: KeyboardEvent) {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
  const top = stack[stack.length - 1];
  if (!top) return;
  event.preventDefault(); // not the browser's "save page"
  top.current();
}

export function useSaveShortcut(handler: Handler, active = true): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    if (!active) return;
    const entry = { current: () => ref.current() };
    stack.push(entry);
    if (stack.length === 1) window.addEventListener('keydown', onKeyDown, true);
    return () => {
      stack.splice(stack.indexOf(entry), 1);
      if (!stack.length) window.removeEventListener('keydown', onKeyDown, true);
    };
  }, [active]);
}

/** What the `?` list shows: the keys as written, and the i18n key (common namespace) of what they do. */
export const SHORTCUTS: readonly { keys: string[]; label: string }[] = [
  { keys: ['?'], label: 'shortcuts.help' },
  { keys: ['Ctrl+K', '⌘K'], label: 'shortcuts.palette' },
  { keys: ['N'], label: 'shortcuts.add' },
  { keys: ['/'], label: 'shortcuts.search' },
  { keys: [']'], label: 'shortcuts.nextPage' },
  { keys: ['['], label: 'shortcuts.previousPage' },
  { keys: ['Enter'], label: 'shortcuts.open' },
  { keys: ['Ctrl+S', '⌘S'], label: 'shortcuts.save' },
  { keys: ['Esc'], label: 'shortcuts.cancel' },
  { keys: ['Tab', 'Shift+Tab'], label: 'shortcuts.move' },
];

/** True while the user types somewhere, or a dialog or drawer is open over the page: single keys are theirs then. */
export function typing(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  if (target?.closest?.('input, textarea, select, [contenteditable="true"], [role="textbox"], [role="combobox"]')) return true;
  return document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal, .ant-drawer-open') !== null;
}

/** A plain key press: no Ctrl, Alt or ⌘ (Shift is how `?` is typed). */
const plain = (event: KeyboardEvent) => !event.ctrlKey && !event.metaKey && !event.altKey;

export interface ListKeys {
  add?: () => void;
  search?: () => void;
  nextPage?: () => void;
  previousPage?: () => void;
}
const lists: { current: ListKeys }[] = [];

function onListKey(event: KeyboardEvent) {
  const top = lists[lists.length - 1]?.current;
  if (!top || !plain(event) || event.defaultPrevented || typing(event)) return;
  const action = { n: top.add, N: top.add, '/': top.search, ']': top.nextPage, '[': top.previousPage }[event.key];
  if (!action) return;
  event.preventDefault();
  action();
}

/** The keys of the list on screen (the most recently opened one, when a popup shows another list). */
export function useListShortcuts(keys: ListKeys): void {
  const ref = useRef(keys);
  useEffect(() => {
    ref.current = keys;
  });
  useEffect(() => {
    const entry = {
      get current() {
        return ref.current;
      },
    };
    lists.push(entry);
    if (lists.length === 1) window.addEventListener('keydown', onListKey);
    return () => {
      lists.splice(lists.indexOf(entry), 1);
      if (!lists.length) window.removeEventListener('keydown', onListKey);
    };
  }, []);
}

/** `?` (typed anywhere but in a field) calls `open`: the shortcuts list. */
export function useHelpShortcut(open: () => void): void {
  const ref = useRef(open);
  useEffect(() => {
    ref.current = open;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey || typing(event)) return;
      event.preventDefault();
      ref.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
