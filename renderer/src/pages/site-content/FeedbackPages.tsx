import { Spin, Tag, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { feedback } from '../../../../shared/resources/feedback';
import { navCountsChanged } from '../../resources/navCounts';
import { useWorkspace } from '../../core/workspace';
import { createDataProvider, type Row } from '../../resources/dataProvider';
import { idParamOf, ResourceEditPage, ResourceListPage } from '../../resources/ResourcePages';

/**
 * /feedback: what visitors sent from the public site (it cannot be added here). Unread feedback stands out: its
 * title in bold with an "Unread" tag. Opening one marks it read.
 */
export function FeedbackListPage() {
  const { t } = useTranslation('resources');
  return (
    <ResourceListPage
      def={feedback}
      columns={(generic) =>
        generic.map((column) =>
          column.key === 'title'
            ? {
                ...column,
                render: (dom, row: Row, ...rest) => {
                  const shown = (column.render ? column.render(dom, row, ...rest) : dom) as ReactNode;
                  return row.isView ? (
                    shown
                  ) : (
                    <span data-testid="unread-feedback">
                      <Typography.Text strong>{shown}</Typography.Text> <Tag color="blue">{t('unread')}</Tag>
                    </span>
                  );
                },
              }
            : column,
        )
      }
    />
  );
}

/** /feedback/{feedbackId}: marks it read (the side navigation's count goes down), then the generic detail form. */
export function FeedbackEditPage() {
  const id = useParams()[idParamOf(feedback)];
  const { websiteId } = useWorkspace();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let alive = true;
    createDataProvider(feedback, { websiteId })
      .custom({ path: feedback.api.actions.read, params: { id }, quietStatuses: [404] })
      // A feedback that is gone shows the form's own "not found".
      .catch(() => undefined)
      .finally(() => {
        navCountsChanged();
        if (alive) setReady(true);
      });
    return () => {
      alive = false;
    };
  }, [id, websiteId]);
  return ready ? <ResourceEditPage def={feedback} /> : <Spin />;
}
