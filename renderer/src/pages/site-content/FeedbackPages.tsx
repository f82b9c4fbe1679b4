import { feedback } from '../../../../shared/resources/feedback';
import { ReadOnOpenPage, UnreadListPage } from '../../features/unread/UnreadPages';

/** /feedback: what visitors sent from the public site (it cannot be added here). */
export const FeedbackListPage = () => <UnreadListPage def={feedback} field="title" />;

/** /feedback/{feedbackId}. */
export const FeedbackEditPage = () => <ReadOnOpenPage def={feedback} />;
