import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { localized } from '../core/workspace/localized';
import { useWorkspace } from '../core/workspace';
import { fetchLookup, lookupKey, type Row } from './dataProvider';
import { useQuery } from '@tanstack/react-query';
import { serverRead } from './queries';
import { buildTree, selfAndDescendants, type TreeRow } from './tree';

/**
 * The parent picker of a tree resource (news category parent, menu item parent): the records as a tree, with
 * the record being edited and everything below it disabled, since a record can't become its own ancestor
 * (the server refuses it too). The rows are read fresh each time a form opens: the tree changes as people
 * work, and a stale tree would offer moves the server then refuses.
 */
export interface TreeParentSelectProps {
  /** Lookup path template answering every record of the tree (`{website}` and `params` expanded). */
  lookup: string;
  params?: Record<string, unknown>;
  /** The record being edited (undefined for a new one). */
  recordId?: string | number;
  parentField?: string;
  labelField?: string;
  idField?: string;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  /** The chosen record (e.g. to take its SEO link), undefined when cleared. */
  onPick?: (row: Row | undefined) => void;
  disabled?: boolean;
  'aria-label'?: string;
  placeholder?: string;
}

interface Option {
  value: number | string;
  title: string;
  disabled?: boolean;
  children?: Option[];
}

function toOptions(nodes: readonly TreeRow[], language: string, blocked: Set<string>, idField: string, labelField: string): Option[] {
  return nodes.map((node) => {
    const id = node[idField] as number | string;
    return {
      value: id,
      title: localized(node[labelField], language) || String(id),
      disabled: blocked.has(String(id)),
      ...(node.children?.length ? { children: toOptions(node.children, language, blocked, idField, labelField) } : {}),
    };
  });
}

export function TreeParentSelect({
  lookup,
  params,
  recordId,
  parentField = 'parentId',
  labelField = 'name',
  idField = 'id',
  value,
  onChange,
  onPick,
  ...rest
}: TreeParentSelectProps) {
  const { websiteId, language } = useWorkspace();
  // Through the query client (read again after a write or when the change number moves), and always on opening.
  const query = useQuery({
    queryKey: lookupKey(lookup, websiteId, params ?? {}),
    queryFn: serverRead((meta) => fetchLookup(lookup, { websiteId }, params ?? {}, meta)),
    refetchOnMount: 'always',
  });
  const rows: Row[] | null = useMemo(() => query.data ?? (query.error ? [] : null), [query.data, query.error]);
  const treeData = useMemo(() => {
    if (!rows) return [];
    const blocked = selfAndDescendants(rows, recordId, parentField, idField);
    return toOptions(buildTree(rows, parentField, idField), language, blocked, idField, labelField);
  }, [rows, recordId, parentField, idField, labelField, language]);
  // 0 / '' / null all mean "top level".
  const shown = value === null || value === undefined || value === 0 || value === '' ? undefined : (value as number | string);
  return (
    <TreeSelect
      {...rest}
      value={shown}
      onChange={(v) => {
        onChange?.(v ?? null);
        onPick?.(v === undefined || v === null ? undefined : rows?.find((r) => String(r[idField]) === String(v)));
      }}
      treeData={treeData}
      loading={rows === null}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      style={{ width: '100%' }}
      popupMatchSelectWidth={false}
    />
  );
}
