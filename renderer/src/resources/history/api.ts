import { resources } from '../../../../shared/resources';
import type { ResourceDef } from '../../../../shared/resources/define';
import { cmsApi } from '../../api/client';
import { invalidateWrites, readList, unwrap, type Id, type Row } from '../dataProvider';
import { historyResource, type HistoryEntry } from './model';

/**
 * The History calls (docs/api.md "History and audit") through the console's API client (bearer, languages, the
 * spec's failure rules): one record's versions, newest first, a page at a time; and the restore of a version.
 */
export interface HistoryTarget {
  def: ResourceDef;
  id: Id;
  /** The current website (the header's): `{website}` of the paths. */
  websiteId: Id | null;
}

/** A website's own record belongs to itself: its history is under its own id. */
const websiteOf = ({ def, id, websiteId }: HistoryTarget): Id | null => (def.name === 'website' ? id : websiteId);

const enc = (value: Id) => encodeURIComponent(String(value));

export async function fetchHistory(target: HistoryTarget, page: number, pageSize: number): Promise<{ data: HistoryEntry[]; total: number }> {
  const website = websiteOf(target);
  const resource = historyResource(target.def, Object.values(resources));
  const response = await cmsApi.get(`/History/${enc(website ?? 0)}/${enc(resource)}/${enc(target.id)}`, { params: { page, pageSize } });
  const { data, total } = readList(response.data);
  return { data: data as unknown as HistoryEntry[], total };
}

/**
 * The record takes back the values of that version, through the same pipeline as a save (`{ concurrencyStamp }`: the
 * form's). A 409 (someone saved meanwhile) is the caller's to explain: no notice here.
 */
export async function restoreVersion(target: HistoryTarget, entryId: number, concurrencyStamp: string | undefined): Promise<Row | undefined> {
  const website = websiteOf(target);
  try {
    const response = await cmsApi.post(`/History/restore/${enc(website ?? 0)}/${entryId}`, { concurrencyStamp }, { quietStatuses: [409] });
    const { data } = unwrap(response.data);
    return data && typeof data === 'object' ? (data as Row) : undefined;
  } finally {
    // Lists and cached reads of the record are stale either way (a 409 means it changed too).
    invalidateWrites(target.def);
  }
}
