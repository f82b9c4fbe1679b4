import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NEWS_STATUS_OPTIONS, qaDef } from '../../../../shared/editorial';
import { cmsApi } from '../../api/client';
import { notifySuccess } from '../../app/notices';
import { buildColumns } from '../../resources/columns';
import { readList, type Row } from '../../resources/dataProvider';
import { currentUi } from '../../resources/labels';
import { useListEmpty } from '../../resources/ListEmpty';
import { useUrlFilters } from '../../resources/useUrlFilters';
import { useWorkspace } from '../../workspace';
import { withReviewActions } from '../news/ReviewActions';

/**
 * /expert-question-and-answer: the visitors' questions, newest first, with keyword and answered filters. The
 * info button or a double-click opens the answer editor; the add button goes to /news/add (questions come
 * from the public site, not from here).
 */
const PAGE_SIZES = [10, 25, 50, 100];

export default function QaListPage() {
  const { t } = useTranslation(['qa', 'resources']);
  const navigate = useNavigate();
  const { websiteId, language, languages } = useWorkspace();
  const actionRef = useRef<ActionType>();
  // Filters live in the address (?answered=false, ?status=1: the dashboard links there).
  const [filters, setFilter] = useUrlFilters({ answered: 'bool', status: 'int' });
  const { answered, status } = filters;
  const [keywordShown, setKeywordShown] = useState(false);
  const empty = useListEmpty({ title: t('qa:title'), filtered: keywordShown || answered !== undefined || status !== undefined });
  const site = encodeURIComponent(String(websiteId));
  const open = (row: Row) => navigate(`/expert-question-and-answer/${String(row.id)}`);

  const generic = buildColumns(qaDef, {
    language,
    languages,
    searchPanel: false,
    labels: {
      yes: t('resources:yes'),
      no: t('resources:no'),
      info: t('resources:info'),
      delete: t('resources:delete'),
      deleteConfirm: t('resources:deleteConfirm'),
      actions: t('resources:actions'),
      missing: (names) => t('resources:missing', { languages: names }),
      ok: t('resources:ok'),
      cancel: t('resources:cancel'),
    },
    onOpen: open,
    onDelete: async (row) => {
      const answer = await cmsApi.delete(`/QAExperts/${site}/${String(row.id)}`);
      notifySuccess(((answer.data as Row | undefined)?.message as string | undefined) || t('resources:deleted'));
      await actionRef.current?.reload();
    },
  });
  // Approve / decline beside info and delete, for the users allowed to review.
  // eslint-disable-next-line react-hooks/refs -- the reload runs after a click on a decision, never during render
  const actions = withReviewActions('QAExperts', generic.pop()!, () => actionRef.current?.reload());
  const columns: ProColumns<Row>[] = [
    ...generic,
    {
      key: 'isAnswer',
      title: t('qa:answered'),
      render: (_, row) => (row.isAnswer ? <Tag color="green">{t('qa:answeredYes')}</Tag> : <Tag>{t('qa:answeredNo')}</Tag>),
    },
    { key: 'createTime', title: t('qa:createTime'), render: (_, row) => (row.createTime ? dayjs(row.createTime as string).format('HH:mm DD-MM-YYYY') : '') },
    actions,
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ textAlign: 'center', margin: 0 }}>
        {t('qa:title')}
      </Typography.Title>
      <ProTable<Row>
        {...empty}
        rowKey={(row) => String(row.id)}
        actionRef={actionRef}
        columns={columns}
        cardBordered
        search={false}
        params={{ isAnswer: answered, approvedStatus: status }}
        options={{ search: { placeholder: t('resources:keyword'), allowClear: true }, reload: true, density: true, setting: true }}
        pagination={{ pageSizeOptions: PAGE_SIZES, defaultPageSize: PAGE_SIZES[0], showSizeChanger: true }}
        scroll={{ x: 'max-content' }}
        request={async (params) => {
          const query: Row = { page: Number(params.current) || 1, pageSize: Number(params.pageSize) || PAGE_SIZES[0] };
          if (typeof params.keyword === 'string' && params.keyword.trim()) query.keyword = params.keyword.trim();
          if (answered !== undefined) query.isAnswer = answered;
          if (status !== undefined) query.approvedStatus = status;
          setKeywordShown(Boolean(query.keyword));
          const body = (await cmsApi.get(`/QAExperts/${site}`, { params: query })).data as Row;
          // Spec: the list succeeds when code equals 1.
          if (body.code !== undefined && body.code !== 1) return { data: [], total: 0, success: false };
          const { data, total } = readList(body);
          return { data, total, success: true };
        }}
        onRow={(row) => ({ onDoubleClick: () => open(row) })}
        toolBarRender={() => [
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
          <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => navigate('/news/add')}>
            {t('resources:add')}
          </Button>,
        ]}
      />
    </Space>
  );
}
