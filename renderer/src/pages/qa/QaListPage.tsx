import type { ActionType } from '@ant-design/pro-components';
import { Select, Space, Tag, Typography } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NEWS_STATUS_OPTIONS, qaDef } from '../../../../shared/editorial';
import { DateTimeCell } from '../../resources/columns';
import type { Row } from '../../resources/dataProvider';
import { currentUi } from '../../resources/labels';
import { ResourceList } from '../../resources/ResourceList';
import { useUrlFilters } from '../../resources/useUrlFilters';
import { withMoves } from '../../resources/machine';

/** The add screen (app/screens.ts). */
export const QA_ADD = '/expert-question-and-answer/add';

/**
 * /expert-question-and-answer: the visitors' questions, newest first, on the generic list, with keyword, answered
 * and status filters. The info button or a double-click opens the answer editor; the add button opens the same
 * editor for a question staff add with its answer (/expert-question-and-answer/add).
 */
export default function QaListPage() {
  const { t } = useTranslation(['qa', 'resources']);
  const navigate = useNavigate();
  const actionRef = useRef<ActionType>();
  // Filters live in the address (?answered=false, ?status=1: the dashboard links there).
  const [filters, setFilter] = useUrlFilters({ answered: 'bool', status: 'int' });
  const { answered, status } = filters;
  const params = useMemo(() => ({ isAnswer: answered, approvedStatus: status }), [answered, status]);
  const open = (row: Row) => navigate(`/expert-question-and-answer/${String(row.id)}`);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ textAlign: 'center', margin: 0 }}>
        {t('qa:title')}
      </Typography.Title>
      <ResourceList
        def={qaDef}
        actionRef={actionRef}
        onOpen={open}
        onAdd={() => navigate(QA_ADD)}
        params={params}
        columns={(generic) => [
          ...generic.slice(0, -1),
          {
            key: 'isAnswer',
            title: t('qa:answered'),
            render: (_, row) => (row.isAnswer ? <Tag color="green">{t('qa:answeredYes')}</Tag> : <Tag>{t('qa:answeredNo')}</Tag>),
          },
          { key: 'createTime', title: t('qa:createTime'), render: (_, row) => <DateTimeCell value={row.createTime} /> },
          // Approve / decline beside info and delete, for the users allowed to review.
           
          withMoves(qaDef, generic[generic.length - 1], () => actionRef.current?.reload(), { unavailable: 'disable' }),
        ]}
        toolbar={[
          <Select
            key="answered"
            aria-label={t('qa:answeredFilter')}
            placeholder={t('qa:answeredFilter')}
            allowClear
            style={{ width: 160 }}
            value={answered}
            onChange={(v?: boolean) => setFilter('answered', v)}
            options={[
              { value: true, label: t('qa:answeredYes') },
              { value: false, label: t('qa:answeredNo') },
            ]}
          />,
          <Select
            key="status"
            aria-label={t('qa:statusFilter')}
            placeholder={t('qa:statusFilter')}
            allowClear
            style={{ width: 160 }}
            value={status}
            onChange={(v?: number) => setFilter('status', v)}
            options={NEWS_STATUS_OPTIONS.map((o) => ({ value: o.value as number, label: o.label[currentUi()] }))}
          />,
        ]}
      />
    </Space>
  );
}
