import type { Row } from './dataProvider';

/**
 * Rows grouped by the value of a column (the sick list by its alphabet letter), as group rows holding their
 * rows as `children`, so an antd table shows each group as an expandable header row. The rows keep their
 * order (the server's sort), groups appear in order of their first row.
 */
export const GROUP_KEY = '__group';

export interface GroupRow extends Row {
  [GROUP_KEY]: string;
  key: string;
  count: number;
  children: Row[];
}

export const isGroupRow = (row: Row): row is GroupRow => typeof row[GROUP_KEY] === 'string';

export function groupRows(rows: readonly Row[], field: string, empty = '—'): GroupRow[] {
  const groups = new Map<string, GroupRow>();
  for (const row of rows) {
    const raw = row[field];
    const value = raw === null || raw === undefined || raw === '' ? empty : String(raw);
    let group = groups.get(value);
    if (!group) groups.set(value, (group = { [GROUP_KEY]: value, key: `${GROUP_KEY}:${value}`, count: 0, children: [] }));
    group.children.push(row);
    group.count += 1;
  }
  return [...groups.values()];
}
