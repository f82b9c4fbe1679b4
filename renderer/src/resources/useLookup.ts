import type { FieldDef } from '../../../shared/resources/define';
import { localized } from '../core/workspace/localized';
import { useWorkspace } from '../core/workspace';
import { fetchLookup, lookupKey, type Row } from './dataProvider';
import { useQuery } from '@tanstack/react-query';
import { serverRead } from './queries';

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

/**
 * Options of a reference field from its lookup (`reference.lookup`), through the query client (./queries.ts): a list showing names
 * of many rows and the form's select ask once per lookup and website, and ask again after a write or when the
 * server's change number says something changed (a language added, an employee joined).
 */
export function useLookupOptions(field: FieldDef): { options: LookupOption[]; loading: boolean } {
  const { websiteId, language } = useWorkspace();
  const template = field.reference?.lookup;
  const { data, isLoading } = useQuery({
    queryKey: lookupKey(template ?? '', websiteId),
    queryFn: serverRead((meta) => fetchLookup(template!, { websiteId }, {}, meta)),
    enabled: Boolean(template),
  });
  const rows: readonly Row[] = data ?? [];
  return { options: lookupOptions(field, rows, language), loading: isLoading };
}
