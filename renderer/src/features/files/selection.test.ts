import { describe, expect, it } from 'vitest';
import { clickSelect, contextSelect, emptySelection, moveSelect, pruneSelection, selectAll, type Selection } from './selection';

const order = ['folder:1', 'folder:2', 'file:10', 'file:11', 'file:12'];
const click = (current: Selection, key: string, modifiers = {}) => clickSelect(order, current, key, modifiers);

describe('selection', () => {
  it('a plain click selects only that item and anchors there', () => {
    const s = click(click(emptySelection, 'file:10'), 'folder:2');
    expect(s).toEqual({ keys: ['folder:2'], anchor: 'folder:2', focus: 'folder:2' });
  });

  it('Ctrl/⌘+click adds and removes single items', () => {
    let s = click(emptySelection, 'folder:1');
    s = click(s, 'file:11', { toggle: true });
    expect(s.keys).toEqual(['folder:1', 'file:11']);
    s = click(s, 'folder:1', { toggle: true });
    expect(s.keys).toEqual(['file:11']);
  });

  it('Shift+click selects the range from the anchor, either direction, replacing the rest', () => {
    let s = click(emptySelection, 'folder:2');
    s = click(s, 'file:12', { range: true });
    expect(s.keys).toEqual(['folder:2', 'file:10', 'file:11', 'file:12']);
    s = click(s, 'folder:1', { range: true });
    expect(s.keys).toEqual(['folder:1', 'folder:2']);
    expect(s.anchor).toBe('folder:2');
  });

  it('Ctrl+Shift+click adds the range to what is selected', () => {
    let s = click(emptySelection, 'folder:1');
    s = click(s, 'file:11', { toggle: true });
    s = click(s, 'file:12', { toggle: true, range: true });
    expect(s.keys).toEqual(['folder:1', 'file:11', 'file:12']);
  });

  it('Ctrl+A selects everything', () => {
    expect(selectAll(order, emptySelection).keys).toEqual(order);
  });

  it('right-click keeps a selection that holds the item, otherwise selects just it', () => {
    const many = selectAll(order, emptySelection);
    expect(contextSelect(many, 'file:10').keys).toEqual(order);
    expect(contextSelect(click(emptySelection, 'file:10'), 'file:12').keys).toEqual(['file:12']);
  });

  it('arrows move the focus, clamp at the ends, and Shift extends from the anchor', () => {
    let s = moveSelect(order, emptySelection, 1);
    expect(s.keys).toEqual(['folder:1']);
    s = moveSelect(order, s, 3); // a grid row down
    expect(s.keys).toEqual(['file:11']);
    s = moveSelect(order, s, 5);
    expect(s.keys).toEqual(['file:12']);
    s = moveSelect(order, s, -1, true);
    s = moveSelect(order, s, -1, true);
    expect(s.keys).toEqual(['file:10', 'file:11', 'file:12']);
    expect(moveSelect([], s, 1)).toBe(s);
  });

  it('drops what left the view after a reload', () => {
    const s = { keys: ['file:10', 'file:99'], anchor: 'file:99', focus: 'file:99' };
    expect(pruneSelection(order, s)).toEqual({ keys: ['file:10'], anchor: 'file:10', focus: 'file:10' });
    const same = click(emptySelection, 'file:10');
    expect(pruneSelection(order, same)).toBe(same);
  });
});
