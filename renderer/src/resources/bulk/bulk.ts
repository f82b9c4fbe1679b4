import type { ResourceDef } from '../../../../shared/resources/define';
import type { BulkAction } from '../../../../shared/resources/bulk';
import { cmsApi } from '../../api/client';
import type { Id } from '../dataProvider';

/** The answer of `POST /api/Bulk/{website}/{resource}` (docs/api.md "Bulk actions"). */
export interface BulkAnswer {
  done: number[];
  refused: { id: number; status: number; message: string }[];
}

/** One action on many records of a list: each goes through the engine on the server, each answers for itself. */
export async function runBulk(websiteId: Id, def: Pick<ResourceDef, 'name'>, body: { action: BulkAction; ids: readonly Id[]; field?: string; value?: Id }): Promise<BulkAnswer> {
  const response = await cmsApi.post(`/Bulk/${encodeURIComponent(String(websiteId))}/${encodeURIComponent(def.name)}`, body);
  return response.data as BulkAnswer;
}
