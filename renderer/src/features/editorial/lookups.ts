import { useCallback, useEffect, useRef, useState } from 'react';
import { localized } from '../../core/workspace/localized';
import { cmsApi } from '../../api/client';
import { readList, type Row } from '../../resources/dataProvider';

/**
 * The lookups of the news form, read fresh when the form opens (categories and diseases change on other
 * screens, and the disease list again after one is created inline).
 */
export interface TreeOption {
  value: number;
  title: string;
  children?: TreeOption[];
}

/** Flat rows with `parentId` → a tree (rows whose parent is missing sit at the top). */
export function toTree(rows: readonly Row[], label: (row: Row) => string): TreeOption[] {
  const nodes = new Map<number, TreeOption>();
  for (const row of rows) nodes.set(Number(row.id), { value: Number(row.id), title: label(row) });
  const roots: TreeOption[] = [];
  for (const row of rows) {
    const node = nodes.get(Number(row.id))!;
    const parent = row.parentId === null || row.parentId === undefined ? undefined : nodes.get(Number(row.parentId));
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

function useRows(url: string | null, params?: Row): { rows: Row[]; loading: boolean; reload: () => Promise<void> } {
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(Boolean(url));
  const [version, setVersion] = useState(0);
  const waiting = useRef<(() => void)[]>([]);
  const key = JSON.stringify(params ?? {});
  useEffect(() => {
    if (!url) return;
    let alive = true;
    // A lookup that fails (or is not offered by this server: 404, quietly) leaves the choice empty, the form usable.
    cmsApi
      .get(url, { params: JSON.parse(key) as Row, quietStatuses: [404] })
      .then(
        (response) => alive && setRows(readList(response.data).data),
        () => alive && setRows([]),
      )
      .finally(() => {
        if (alive) setLoading(false);
        waiting.current.splice(0).forEach((done) => done());
      });
    return () => {
      alive = false;
    };
  }, [url, key, version]);
  /** Read again (e.g. after a disease was created inline); resolves once the new rows are in. */
  const reload = useCallback(
    () =>
      new Promise<void>((resolve) => {
        waiting.current.push(resolve);
        setVersion((v) => v + 1);
      }),
    [],
  );
  return { rows, loading, reload };
}

const site = (websiteId: string | number | null) => (websiteId === null ? null : encodeURIComponent(String(websiteId)));

/** News categories of the website as a tree (`categorys/get-all/{website}`). */
export function useCategoryTree(websiteId: string | number | null, language: string) {
  const { rows, loading } = useRows(site(websiteId) && `/categorys/get-all/${site(websiteId)}`);
  return { tree: toTree(rows, (row) => localized(row.name, language) || `#${String(row.id)}`), loading };
}

/** Disease categories of the website in the content language (`Sicks/get-all/{website}/{lang}`). */
export function useSickOptions(websiteId: string | number | null, language: string) {
  const { rows, loading, reload } = useRows(site(websiteId) && `/Sicks/get-all/${site(websiteId)}/${encodeURIComponent(language)}`);
  const options = rows.map((row) => ({
    value: Number(row.id),
    label: [row.alphabet, localized(row.name, language) || localized(row.seoLink, language)].filter(Boolean).join(' · ') || `#${String(row.id)}`,
  }));
  return { options, loading, reload };
}

/** Every tag of the website (`Tags/get-all/{website}`), as suggestions for the free-entry tag box. */
export function useTagOptions(websiteId: string | number | null) {
  const { rows } = useRows(site(websiteId) && `/Tags/get-all/${site(websiteId)}`);
  return rows.map((row) => String(row.name ?? '')).filter(Boolean).map((name) => ({ value: name, label: name }));
}

/** Services for the expert answer's service picker (`Services/get-all-qa/{website}?type=0`), as a tree. */
export function useServiceTree(websiteId: string | number | null, language: string) {
  const { rows, loading } = useRows(site(websiteId) && `/Services/get-all-qa/${site(websiteId)}`, { type: 0 });
  return { tree: toTree(rows, (row) => localized(row.title, language) || String(row.seoLink ?? `#${String(row.id)}`)), loading };
}
