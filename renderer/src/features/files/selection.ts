/**
 * Selection in the file view, as a desktop file manager does it: click selects one, Ctrl/⌘+click
 * toggles one, Shift+click selects the range from the anchor (the last plainly or Ctrl-clicked item),
 * Ctrl+Shift+click adds that range, Ctrl+A selects all, arrows move (Shift extends). Pure: keys in view
 * order in, new selection out.
 */
export interface Selection {
  /** Selected keys, in the order they were added. */
  keys: readonly string[];
  /** Where a Shift range starts. */
  anchor: string | null;
  /** The item keyboard moves start from (the last one clicked or moved to). */
  focus: string | null;
}

export const emptySelection: Selection = { keys: [], anchor: null, focus: null };

export interface Modifiers {
  /** Ctrl on Windows/Linux, ⌘ on macOS. */
  toggle?: boolean;
  range?: boolean;
}

function range(order: readonly string[], from: string | null, to: string): string[] {
  const end = order.indexOf(to);
  if (end < 0) return [];
  const start = from === null ? -1 : order.indexOf(from);
  if (start < 0) return [to];
  const [lo, hi] = start <= end ? [start, end] : [end, start];
  return order.slice(lo, hi + 1);
}

export function clickSelect(order: readonly string[], current: Selection, key: string, modifiers: Modifiers = {}): Selection {
  if (modifiers.range) {
    const span = range(order, current.anchor, key);
    const keys = modifiers.toggle ? [...current.keys, ...span.filter((k) => !current.keys.includes(k))] : span;
    return { keys, anchor: current.anchor ?? key, focus: key };
  }
  if (modifiers.toggle) {
    const keys = current.keys.includes(key) ? current.keys.filter((k) => k !== key) : [...current.keys, key];
    return { keys, anchor: key, focus: key };
  }
  return { keys: [key], anchor: key, focus: key };
}

/** Right-click: keep a selection that holds the item (to act on all of it), otherwise select just it. */
export function contextSelect(current: Selection, key: string): Selection {
  return current.keys.includes(key) ? { ...current, focus: key } : { keys: [key], anchor: key, focus: key };
}

export function selectAll(order: readonly string[], current: Selection): Selection {
  return { keys: [...order], anchor: current.anchor ?? order[0] ?? null, focus: current.focus ?? order[0] ?? null };
}

/** Arrow keys: move the focus by `step` (±1, or ± the columns of a grid); Shift extends from the anchor. */
export function moveSelect(order: readonly string[], current: Selection, step: number, extend = false): Selection {
  if (!order.length) return current;
  const at = current.focus === null ? -1 : order.indexOf(current.focus);
  const next = at < 0 ? (step > 0 ? 0 : order.length - 1) : Math.min(order.length - 1, Math.max(0, at + step));
  const key = order[next];
  if (extend) return { keys: range(order, current.anchor ?? key, key), anchor: current.anchor ?? key, focus: key };
  return { keys: [key], anchor: key, focus: key };
}

/** Drop keys that left the view (after a reload); keep the rest and their order. */
export function pruneSelection(order: readonly string[], current: Selection): Selection {
  const present = new Set(order);
  const keys = current.keys.filter((k) => present.has(k));
  if (keys.length === current.keys.length && (current.anchor === null || present.has(current.anchor))) return current;
  return {
    keys,
    anchor: current.anchor !== null && present.has(current.anchor) ? current.anchor : (keys[0] ?? null),
    focus: current.focus !== null && present.has(current.focus) ? current.focus : (keys[keys.length - 1] ?? null),
  };
}
