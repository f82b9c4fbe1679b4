import { NEWS_STATUS } from '../../../../shared/editorial';
import type { ResourceDef } from '../../../../shared/resources/define';
import { notifySuccess } from '../../core/notices';
import { createDataProvider, type Id } from '../../resources/dataProvider';

/**
 * Approve or decline a pending item through the resource's `review` action (`PUT News/status/{website}/{id}`,
 * `PUT QAExperts/status/{website}/{id}`): the server's message as a success notice; a failure shows the server's
 * message (API client) and rejects.
 */
export async function decide(def: ResourceDef, websiteId: Id, id: Id, decision: 'approve' | 'decline', declineReason = ''): Promise<void> {
  const path = def.api.actions?.review;
  if (!path) throw new Error(`${def.name} has no review action`);
  const status = decision === 'approve' ? NEWS_STATUS.approved : NEWS_STATUS.declined;
  const { message } = await createDataProvider(def, { websiteId }).custom({ path, params: { id }, body: { status, declineReason } });
  notifySuccess(message ?? decision);
}
