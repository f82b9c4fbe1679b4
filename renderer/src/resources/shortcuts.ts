import { useEffect, useRef } from 'react';

/**
 * Ctrl+S / ⌘S saves the open form. Forms register while they are open; the most recent one (a popup over
 * its page) gets the key, so the shortcut works inside popups too and never saves two forms at once.
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
