import type { ResourceDef } from '../../../../shared/resources/define';
import { cmsApi } from '../../api/client';
import { unwrap, type Id, type Row } from '../dataProvider';

/** A row the server refused (docs/api.md "Import"): the file's row number, the status and the engine's words. */
export interface RefusedRow {
  row: number;
  status: number;
  message: string;
  errors?: { field: string; languageId?: string; message: string }[];
}

export interface ImportAnswer {
  done: { row: number; id: unknown }[];
  refused: RefusedRow[];
}

/** Where the rows go: the website, and for a child list its parent's key (and further ancestors') in the query. */
export interface ImportPlace {
  def: ResourceDef;
  websiteId: Id | null;
  parentId?: Id;
  keys?: Record<string, Id>;
}

/** Rows per request: small enough that a dry run's transaction is short and the progress bar moves. */
export const BATCH_ROWS = 100;
/** And under the server's body limit (1 MB) whatever the rows hold. */
const BATCH_BYTES = 600_000;

/** The rows cut in batches of at most BATCH_ROWS rows and about BATCH_BYTES of JSON, each with its first row's index. */
export function batches<T>(rows: readonly T[]): { start: number; rows: T[] }[] {
  const out: { start: number; rows: T[] }[] = [];
  let current: T[] = [];
  let bytes = 0;
  let start = 0;
  rows.forEach((row, i) => {
    const size = JSON.stringify(row).length;
    if (current.length && (current.length >= BATCH_ROWS || bytes + size > BATCH_BYTES)) {
      out.push({ start, rows: current });
      current = [];
      bytes = 0;
      start = i;
    }
    current.push(row);
    bytes += size;
  });
  if (current.length) out.push({ start, rows: current });
  return out;
}

/** One batch: a dry run (`check`, nothing written) or the import. `first`: the file's row number of rows[0]. */
export async function sendBatch(place: ImportPlace, rows: readonly Row[], first: number, check: boolean): Promise<ImportAnswer> {
  const { def, websiteId, parentId, keys } = place;
  const params = { ...keys, ...(def.parent && parentId !== undefined ? { [def.parent.keyField]: parentId } : {}) };
  const url = `/Import/${encodeURIComponent(String(websiteId ?? 0))}/${encodeURIComponent(def.name)}${check ? '/check' : ''}`;
  const response = await cmsApi.post(url, { rows, first }, { params });
  return unwrap(response.data).data as ImportAnswer;
}
