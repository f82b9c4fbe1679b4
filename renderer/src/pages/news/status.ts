import { NEWS_STATUS } from '../../../../shared/editorial';
import { cmsApi } from '../../api/client';
import { notifySuccess } from '../../app/notices';
import type { Id } from '../../resources/dataProvider';

/**
 * Approve or decline a pending item (`PUT News/status/{website}/{id}`, `PUT QAExperts/status/{website}/{id}`):
 * the server's message as a success notice; a failure shows the server's message (API client) and rejects.
 */
export async function decide(kind: 'News' | 'QAExperts', websiteId: Id, id: Id, decision: 'approve' | 'decline', declineReason = ''): Promise<void> {
  const status = decision === 'approve' ? NEWS_STATUS.approved : NEWS_STATUS.declined;
  const response = await cmsApi.put(`/${kind}/status/${encodeURIComponent(String(websiteId))}/${encodeURIComponent(String(id))}`, { status, declineReason });
  const message = (response.data as { message?: unknown } | undefined)?.message;
  notifySuccess(typeof message === 'string' && message ? message : decision);
}
