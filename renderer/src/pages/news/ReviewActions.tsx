import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { NEWS_STATUS } from '../../../../shared/editorial';
import type { ResourceDef } from '../../../../shared/resources/define';
import { mayDecide } from '../../../../shared/roles';
import { useSession } from '../../session';
import type { CurrentUser } from '../../session/session';
import type { Id } from '../../resources/dataProvider';
import { useWorkspace } from '../../core/workspace';
import { confirmDecision } from '../../core/dialogs';
import { textIn } from '../../../../shared/resources/translations';
import { DeclineModal } from './DeclineModal';
import { decide } from './status';

/**
 * Who may approve or decline at all: users with the review permission (shared/roles.ts); every review button asks
 * this one function. Their own submissions they may not decide on (the buttons say why).
 */
export function canReview(user: CurrentUser | null | undefined): boolean {
  return Boolean(user?.canReview);
}

export interface ReviewActionsProps {
  /** The reviewed resource (its `review` action). */
  def: ResourceDef;
  id: Id;
  approvedStatus: unknown;
  /** After a decision: reload the record or the list. */
  onDecided(): void | Promise<unknown>;
  /** Small icon buttons for a table row. */
  compact?: boolean;
  /** Edits not saved yet would not be part of what is approved: say so instead of deciding. */
  blockedReason?: string;
  /** Who asked for the pending review (the record's `submittedBy`): not the one who decides. */
  submittedBy?: unknown;
  /** The record's title (plain, or per-language JSON): the approval's question names it. */
  title?: unknown;
}

/** Approving publishes the item on the website: every approve button and menu item asks this first, naming it. */
export function askApproval(t: TFunction, title: unknown, language: string | undefined): Promise<boolean> {
  const name = textIn(title, language ?? '').trim();
  return confirmDecision({ title: name ? t('news:review.approveConfirm', { name }) : t('news:review.approveConfirmThis'), okText: t('news:menu.approve') });
}

/**
 * `Duyệt` / `Từ chối` as buttons: enabled only while the item is pending (spec), Decline asks for the reason.
 * Shown to users allowed to review; on the detail pages and in the list rows of news and expert Q&A.
 */
export function ReviewActions({ def, id, approvedStatus, onDecided, compact, blockedReason, submittedBy, title }: ReviewActionsProps) {
  const { t } = useTranslation('news');
  const { user } = useSession();
  const { websiteId, language } = useWorkspace();
  const [declining, setDeclining] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!canReview(user)) return null;
  const pending = approvedStatus === NEWS_STATUS.pending;
  const disabledReason = !pending ? t('review.onlyPending') : !mayDecide(user, { submittedBy }) ? t('review.ownSubmission') : blockedReason;

  async function approve() {
    if (!(await askApproval(t, title, language))) return;
    setBusy(true);
    try {
      await decide(def, websiteId!, id, 'approve');
      await onDecided();
    } catch {
      // The API client showed the server's message.
    } finally {
      setBusy(false);
    }
  }

  const size = compact ? 'small' : 'middle';
  return (
    <>
      <Space size={compact ? 4 : 8}>
        <Tooltip title={disabledReason ?? (compact ? t('menu.approve') : undefined)}>
          <Button size={size} type={compact ? 'text' : 'primary'} icon={<CheckOutlined />} aria-label={t('menu.approve')} disabled={Boolean(disabledReason)} loading={busy} onClick={() => void approve()}>
            {compact ? null : t('menu.approve')}
          </Button>
        </Tooltip>
        <Tooltip title={disabledReason ?? (compact ? t('menu.decline') : undefined)}>
          <Button size={size} type={compact ? 'text' : 'default'} danger icon={<CloseOutlined />} aria-label={t('menu.decline')} disabled={Boolean(disabledReason)} onClick={() => setDeclining(true)}>
            {compact ? null : t('menu.decline')}
          </Button>
        </Tooltip>
      </Space>
      <DeclineModal
        open={declining}
        subject={textIn(title, language ?? '').trim() || undefined}
        onCancel={() => setDeclining(false)}
        onSend={async (reason) => {
          await decide(def, websiteId!, id, 'decline', reason);
          setDeclining(false);
          await onDecided();
        }}
      />
    </>
  );
}

/**
 * A list's actions column with Approve / Decline in front of its own buttons (info, delete), for the users allowed
 * to review; only pending rows enable them.
 */
export function withReviewActions<Row extends { id?: unknown; approvedStatus?: unknown; submittedBy?: unknown }>(
  def: ResourceDef,
  actions: ProColumns<Row>,
  onDecided: () => void | Promise<unknown>,
): ProColumns<Row> {
  return {
    ...actions,
    width: undefined,
    render: (dom, row, index, action, schema) => (
      <Space size={0} wrap={false}>
        <ReviewActions def={def} id={row.id as Id} approvedStatus={row.approvedStatus} submittedBy={row.submittedBy} title={(row as { title?: unknown }).title} onDecided={onDecided} compact />
        {actions.render?.(dom, row, index, action, schema) as ReactNode}
      </Space>
    ),
  };
}
