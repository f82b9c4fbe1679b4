import { useEffect, useState } from 'react';
import type { FieldDef } from '../../../shared/resources/define';
import { localized } from '../core/workspace/localized';
import { useWorkspace } from '../core/workspace';
import { fetchLookup, type Row } from './dataProvider';

/**
 * Options of a reference field from its lookup (`reference.lookup`), cached per lookup and website for
 * the life of the page: the languages or the employees do not change while a form is open, and a
 * list showing names of many rows asks once.
 */
const cache = new Map<string, Promise<Row[]>>();

export function loadLookup(template: string, websiteId: string | number | null): Promise<Row[]> {
  const key = `${template}@${String(websiteId)}`;
  let pending = cache.get(key);
  if (!pending) {
    pending = fetchLookup(template, { websiteId });
    // A failure is not cached: the next form tries again.
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
  }
  return pending;
}

/** Forget cached lookups (after the data behind one changed, e.g. a language was added). */
export const clearLookups = () => cache.clear();

export interface LookupOption {
  value: string | number;
  label: string;
}

export function lookupOptions(field: FieldDef, rows: readonly Row[], language: string): LookupOption[] {
  const ref = field.reference;
  if (!ref) return [];
  return rows
    .filter((row) => typeof row[ref.valueField] === 'string' || typeof row[ref.valueField] === 'number')
    .map((row) => ({
      value: row[ref.valueField] as string | number,
      label: localized(row[ref.labelField], language) || String(row[ref.valueField]),
    }));
}

export function useLookupOptions(field: FieldDef): { options: LookupOption[]; loading: boolean } {
  const { websiteId, language } = useWorkspace();
  const [rows, setRows] = useState<Row[] | null>(null);
  const template = field.reference?.lookup;
  useEffect(() => {
    if (!template) return;
    let alive = true;
    loadLookup(template, websiteId).then(
      (list) => alive && setRows(list),
      () => alive && setRows([]),
    );
    return () => {
      alive = false;
    };
  }, [template, websiteId]);
  return { options: rows ? lookupOptions(field, rows, language) : [], loading: rows === null && Boolean(template) };
}
