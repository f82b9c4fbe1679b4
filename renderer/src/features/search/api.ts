import { cmsApi } from '../../api/client';

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
