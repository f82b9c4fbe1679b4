import { cmsApi } from '../../api/client';

/** The `resource` of a file of the file manager found by its name (not a definition). */
export const FILES = 'files';

/** One record GET /api/Search/{website} found (docs/api.md "Search"). */
export interface SearchHit {
  resource: string;
  id: number;
  title: string;
  subtitle: string;
  route: string;
}

export async function searchRecords(websiteId: string | number, q: string, signal?: AbortSignal): Promise<SearchHit[]> {
  const { data } = await cmsApi.get<{ data: SearchHit[] }>(`/Search/${websiteId}`, { params: { q, limit: 20 }, signal });
  return data.data;
}
