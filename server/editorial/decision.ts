// The review decision shared by news and expert Q&A (`PUT News/status/...`, `PUT QAExperts/status/...`):
// approve (2) or decline (3, reason required) an item that is pending, with an optional stamp.
import { EDITORIAL_MESSAGES, NEWS_STATUS } from '../../shared/editorial';
import { httpError } from '../errors';
import { stale } from '../resources/index';
import { EMSG, type Body } from './common';

export interface Decision {
  status: typeof NEWS_STATUS.approved | typeof NEWS_STATUS.declined;
  /** The decline reason (trimmed), or null for an approval. */
  reason: string | null;
}

const MAX_REASON = 2000;

/** Read and check a decision body: 400 with the spec's messages for a bad status or a missing reason. */
export function readDecision(body: Body): Decision {
  const status = typeof body.status === 'string' ? Number(body.status) : body.status;
  if (status !== NEWS_STATUS.approved && status !== NEWS_STATUS.declined) throw httpError(400, EDITORIAL_MESSAGES.badStatus, { field: 'status' });
  if (body.declineReason !== undefined && body.declineReason !== null && typeof body.declineReason !== 'string') {
    throw httpError(400, EMSG.listInvalid('declineReason'), { field: 'declineReason' });
  }
  const reason = typeof body.declineReason === 'string' ? body.declineReason.trim() : '';
  if (status === NEWS_STATUS.declined && !reason) throw httpError(400, EDITORIAL_MESSAGES.declineReasonRequired, { field: 'declineReason' });
  if (reason.length > MAX_REASON) throw httpError(400, EMSG.listInvalid('declineReason'), { field: 'declineReason' });
  return { status, reason: status === NEWS_STATUS.declined ? reason : null };
}

/** Refuse a decision on a record that changed since (stale stamp, when sent) or is not pending (409). */
export function assertDecidable(current: Record<string, unknown>, stamp: unknown): void {
  if (typeof stamp === 'string' && stamp && stamp !== current.concurrencyStamp) throw stale(current);
  if (current.approvedStatus !== NEWS_STATUS.pending) {
    throw httpError(409, EDITORIAL_MESSAGES.onlyPendingDecided, { field: 'status', approvedStatus: current.approvedStatus });
  }
}
