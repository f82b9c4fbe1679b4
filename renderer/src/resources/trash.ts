import { cmsApi } from '../api/client';
import { readList, unwrap, type Id, type Row } from './dataProvider';
import type { HistoryActor } from './history/model';

/**
 * The trash of a website (issue 29, docs/api.md "History and audit"): what was deleted there, newest first, each entry
 * the delete's history entry (`id`); a restore brings the record back under its old id with its translations and
 * children; administrators set how long deleted records stay restorable.
 */
export interface TrashEntry {
  /** The delete's history entry id (what a restore names). */
  id: number;
  /** The definition's name (`faqGroup`, `bannerItem`). */
  resource: string;
  recordId: string;
  /** The record's title or name in the website's default language, plain text. */
  title: string | null;
  time: string;
  actor: HistoryActor;
}

export async function listTrash(website: Id, query: { resource?: string; page?: number; pageSize?: number }, quiet = false): Promise<{ data: TrashEntry[]; total: number }> {
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params[name] = value;
  const response = await cmsApi.get(`/Trash/${encodeURIComponent(String(website))}`, { params, quiet });
  const list = readList(response.data);
  return { data: list.data as unknown as TrashEntry[], total: list.total };
}

/** Bring a deleted record back; a unique field taken since answers 409 naming it (the client shows its Message). */
export async function restoreFromTrash(website: Id, entryId: number): Promise<{ record?: Row; message?: string }> {
  const response = await cmsApi.post(`/Trash/restore/${encodeURIComponent(String(website))}/${entryId}`, {});
  const { data, message } = unwrap(response.data);
  return { record: data && typeof data === 'object' ? (data as Row) : undefined, message };
}

export async function readRetention(): Promise<number> {
  const response = await cmsApi.get('/Trash/settings');
  const { data } = unwrap(response.data);
  const body = (data && typeof data === 'object' ? data : response.data) as { retentionDays?: unknown };
  return Number(body.retentionDays);
}

/** What a retention of `retentionDays` would purge now, per area (`GET /api/Trash/settings/purge`, administrators). */
export async function retentionPurges(retentionDays: number): Promise<{ total: number; areas: { resource: string; count: number }[] }> {
  const response = await cmsApi.get('/Trash/settings/purge', { params: { retentionDays } });
  const body = response.data as { total?: unknown; areas?: unknown };
  return { total: Number(body.total) || 0, areas: Array.isArray(body.areas) ? (body.areas as { resource: string; count: number }[]) : [] };
}

export async function saveRetention(retentionDays: number): Promise<void> {
  await cmsApi.put('/Trash/settings', { retentionDays });
}

/**
 * The trash entries of deletes just made: per record, the newest entry of its resource whose record it is. The DELETE
 * answers do not carry their history entry's id, so the notice's Undo finds them here (one small read per resource,
 * only when a delete is made).
 */
export async function findDeleted(website: Id, records: readonly { resource: string; recordId: Id }[]): Promise<TrashEntry[]> {
  const byResource = new Map<string, string[]>();
  for (const { resource, recordId } of records) byResource.set(resource, [...(byResource.get(resource) ?? []), String(recordId)]);
  const found: TrashEntry[] = [];
  for (const [resource, ids] of byResource) {
    // Quiet: without it (a server before the trash, a rule that hides it) the delete still says it is done, without Undo.
    const { data } = await listTrash(website, { resource, page: 1, pageSize: Math.min(ids.length + 20, 1000) }, true);
    for (const id of ids) {
      const entry = data.find((e) => e.recordId === id);
      if (entry) found.push(entry);
    }
  }
  return found;
}
