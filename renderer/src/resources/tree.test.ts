import { describe, expect, it } from 'vitest';
import { groupRows, isGroupRow } from './grouping';
import { buildTree, countTree, moveNode, placements, selfAndDescendants, treePage } from './tree';

const rows = [
  { id: 1, parentId: null, name: 'A' },
  { id: 2, parentId: 1, name: 'A1' },
  { id: 3, parentId: 2, name: 'A1a' },
  { id: 4, parentId: 0, name: 'B' },
  { id: 5, parentId: 1, name: 'A2' },
];

describe('tree rows', () => {
  it('nests rows under their parents, keeping sibling order; 0 and null are the top level', () => {
    const tree = buildTree(rows, 'parentId');
    expect(tree.map((n) => n.name)).toEqual(['A', 'B']);
    expect(tree[0].children!.map((n) => n.name)).toEqual(['A1', 'A2']);
    expect(tree[0].children![0].children!.map((n) => n.name)).toEqual(['A1a']);
    expect(tree[1].children).toBeUndefined();
    expect(countTree(tree)).toBe(5);
  });

  it('shows a row whose parent is not in the rows (a keyword match) and rows of a cycle at the top', () => {
    expect(buildTree([{ id: 3, parentId: 2, name: 'A1a' }], 'parentId').map((n) => n.name)).toEqual(['A1a']);
    const cycle = buildTree(
      [
        { id: 1, parentId: 2 },
        { id: 2, parentId: 1 },
      ],
      'parentId',
    );
    expect(countTree(cycle)).toBe(2);
  });

  it("gives a record and its descendants: what its parent picker can't offer", () => {
    expect([...selfAndDescendants(rows, 1, 'parentId')].sort()).toEqual(['1', '2', '3', '5']);
    expect([...selfAndDescendants(rows, 2, 'parentId')].sort()).toEqual(['2', '3']);
    expect(selfAndDescendants(rows, undefined, 'parentId').size).toBe(0);
  });

  it('moves a node before, after or into another, never below itself', () => {
    const tree = buildTree(rows, 'parentId');
    const before = moveNode(tree, '4', '1', 'before')!;
    expect(before.map((n) => n.name)).toEqual(['B', 'A']);
    const inside = moveNode(tree, '4', '2', 'inside')!;
    expect(inside[0].children![0].children!.map((n) => n.name)).toEqual(['B', 'A1a']);
    const after = moveNode(tree, '3', '5', 'after')!;
    expect(after[0].children!.map((n) => n.name)).toEqual(['A1', 'A2', 'A1a']);
    expect(moveNode(tree, '1', '3', 'inside')).toBeUndefined();
    expect(moveNode(tree, '1', '1', 'after')).toBeUndefined();
    // The input is not changed.
    expect(tree.map((n) => n.name)).toEqual(['A', 'B']);
  });

  it('turns a tree into every node parent and place among its siblings', () => {
    const moved = moveNode(buildTree(rows, 'parentId'), '4', '2', 'inside')!;
    expect(placements(moved)).toEqual([
      { id: 1, parentId: null, order: 0 },
      { id: 2, parentId: 1, order: 0 },
      { id: 4, parentId: 2, order: 0 },
      { id: 3, parentId: 2, order: 1 },
      { id: 5, parentId: 1, order: 1 },
    ]);
  });
});

describe('grouped rows', () => {
  it('groups rows by a column in order of first appearance, blanks under a dash', () => {
    const groups = groupRows(
      [
        { id: 1, alphabet: 'A' },
        { id: 2, alphabet: 'A' },
        { id: 3, alphabet: 'Đ' },
        { id: 4, alphabet: '' },
      ],
      'alphabet',
    );
    expect(groups.map((g) => [g.__group, g.count])).toEqual([
      ['A', 2],
      ['Đ', 1],
      ['—', 1],
    ]);
    expect(isGroupRow(groups[0])).toBe(true);
    expect(isGroupRow(groups[0].children[0])).toBe(false);
  });
});

describe('tree pages', () => {
  const tree = buildTree(
    [
      { id: 1, parentId: null },
      { id: 2, parentId: 1 },
      { id: 3, parentId: null },
      { id: 4, parentId: 3 },
      { id: 5, parentId: 3 },
      { id: 6, parentId: null },
    ],
    'parentId',
  );
  it('count the rows shown, children included, while paging by top-level entries', () => {
    // Two parents with their children: five rows on the first page, of six.
    expect(treePage(tree, 1, 2)).toMatchObject({ from: 1, to: 5, total: 6 });
    expect(treePage(tree, 1, 2).roots.map((r) => r.id)).toEqual([1, 3]);
    expect(treePage(tree, 2, 2)).toMatchObject({ from: 6, to: 6, total: 6 });
    // A parent and its child on one page of ten: "1-2 of 2", not "1-1 of 1".
    expect(treePage(buildTree([{ id: 1, parentId: null }, { id: 2, parentId: 1 }], 'parentId'), 1, 10)).toMatchObject({ from: 1, to: 2, total: 2 });
    expect(treePage([], 1, 10)).toMatchObject({ from: 0, to: 0, total: 0 });
  });
});
