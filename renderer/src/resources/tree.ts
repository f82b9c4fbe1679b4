import type { Row } from './dataProvider';

/**
 * Trees of flat records linked by a parent field (`list.treeParentField`: news categories, menu items). The
 * server answers flat rows with `parentId`; these pure functions nest them, find a record's descendants (a
 * record can't become its own ancestor) and turn a rearranged tree back into `[{ id, parentId, order }]`.
 */
export type TreeRow = Row & { children?: TreeRow[] };
type Key = string;

const keyOf = (value: unknown): Key | undefined =>
  value === null || value === undefined || value === '' || value === 0 || value === '0' ? undefined : String(value);

/**
 * Nest rows under their parents, keeping the given order among siblings. A row whose parent is not among
 * the rows (a keyword search that matched the child only) becomes a root, so nothing found is hidden. Rows
 * without children get no `children` key (antd tables show no expander for them).
 */
export function buildTree(rows: readonly Row[], parentField: string, idField = 'id'): TreeRow[] {
  const byId = new Map<Key, TreeRow>();
  for (const row of rows) {
    const id = keyOf(row[idField]);
    if (id !== undefined) byId.set(id, { ...row });
  }
  const roots: TreeRow[] = [];
  for (const row of rows) {
    const id = keyOf(row[idField]);
    const node = id !== undefined ? byId.get(id)! : { ...row };
    const parentKey = keyOf(row[parentField]);
    const parent = parentKey !== undefined && parentKey !== id ? byId.get(parentKey) : undefined;
    if (parent && !isBelow(byId, parentField, idField, parentKey!, id)) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** Whether `ancestor` appears above `start` (guards against a cycle in bad data hiding rows). */
function isBelow(byId: Map<Key, TreeRow>, parentField: string, idField: string, start: Key, ancestor: Key | undefined): boolean {
  if (ancestor === undefined) return false;
  const seen = new Set<Key>();
  let current: Key | undefined = start;
  while (current !== undefined && !seen.has(current)) {
    if (current === ancestor) return true;
    seen.add(current);
    current = keyOf(byId.get(current)?.[parentField]);
  }
  return false;
}

/** Ids of a record and everything below it: what its parent picker must not offer. */
export function selfAndDescendants(rows: readonly Row[], id: unknown, parentField: string, idField = 'id'): Set<Key> {
  const out = new Set<Key>();
  const start = keyOf(id);
  if (start === undefined) return out;
  out.add(start);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows) {
      const rowId = keyOf(row[idField]);
      const parent = keyOf(row[parentField]);
      if (rowId !== undefined && parent !== undefined && out.has(parent) && !out.has(rowId)) {
        out.add(rowId);
        grew = true;
      }
    }
  }
  return out;
}

/** Number of rows in a nested tree. */
export const countTree = (nodes: readonly TreeRow[]): number => nodes.reduce((n, node) => n + 1 + countTree(node.children ?? []), 0);

export interface TreePage {
  /** The page's top-level entries, each with everything below it. */
  roots: TreeRow[];
  /** The rows it shows, numbered from 1 across the whole tree (the pager's "from-to"); 0-0 when empty. */
  from: number;
  to: number;
  /** Every row of the tree, children included: what the pager says there is. */
  total: number;
}

/**
 * One page of a tree list. A page holds `size` top-level entries, so a parent never leaves its children on another
 * page; the pager counts rows as shown (a parent and its two children are three), not top-level entries.
 */
export function treePage(roots: readonly TreeRow[], page: number, size: number): TreePage {
  const start = (page - 1) * size;
  const shown = roots.slice(start, start + size);
  const before = countTree(roots.slice(0, start));
  const count = countTree(shown);
  return { roots: shown, from: count ? before + 1 : 0, to: before + count, total: countTree(roots) };
}

export interface Placement {
  id: number | string;
  parentId: number | string | null;
  order: number;
}

/** Every node's parent and its place among its siblings (0, 1, 2…), depth first. */
export function placements(nodes: readonly TreeRow[], idField = 'id', parentId: Placement['parentId'] = null): Placement[] {
  return nodes.flatMap((node, order) => {
    const id = node[idField] as Placement['id'];
    return [{ id, parentId, order }, ...placements(node.children ?? [], idField, id)];
  });
}

export type DropPlace = 'before' | 'after' | 'inside';

/**
 * Move `dragId` next to (`before`/`after`) or into (`inside`, as the first child) `targetId`. Returns a new
 * tree, or undefined when the move is impossible (onto itself or below itself).
 */
export function moveNode(nodes: readonly TreeRow[], dragId: Key, targetId: Key, place: DropPlace, idField = 'id'): TreeRow[] | undefined {
  if (dragId === targetId) return undefined;
  const clone = (list: readonly TreeRow[]): TreeRow[] => list.map((n) => ({ ...n, ...(n.children ? { children: clone(n.children) } : {}) }));
  const tree = clone(nodes);
  let dragged: TreeRow | undefined;
  const take = (list: TreeRow[]): boolean => {
    const i = list.findIndex((n) => String(n[idField]) === dragId);
    if (i >= 0) {
      dragged = list.splice(i, 1)[0];
      return true;
    }
    return list.some((n) => (n.children ? take(n.children) : false));
  };
  if (!take(tree) || !dragged) return undefined;
  // The target must not be inside the dragged subtree.
  const inside = (node: TreeRow): boolean => String(node[idField]) === targetId || (node.children ?? []).some(inside);
  if (inside(dragged)) return undefined;
  const put = (list: TreeRow[]): boolean => {
    const i = list.findIndex((n) => String(n[idField]) === targetId);
    if (i >= 0) {
      if (place === 'inside') (list[i].children ??= []).unshift(dragged!);
      else list.splice(place === 'before' ? i : i + 1, 0, dragged!);
      return true;
    }
    return list.some((n) => (n.children ? put(n.children) : false));
  };
  return put(tree) ? tree : undefined;
}
