import { Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cmsApi } from '../../api/client';
import { formatDateTime } from '../../core/dates';
import { serverRead } from '../../resources/queries';

interface SessionRow {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  clientAddress: string | null;
  userAgent: string | null;
  current: boolean;
}

const KEY = ['me', 'sessions'];

/**
 * /profile, "Phiên đăng nhập của bạn" (issue 39): the live sessions of the account (`GET /api/Me/sessions`), each
 * ended on its own (`DELETE /api/Me/sessions/{id}`), or every one but this (`DELETE /api/Me/sessions`).
 */
export function SessionsCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const sessions = useQuery({ queryKey: KEY, queryFn: serverRead(async () => (await cmsApi.get<SessionRow[]>('/Me/sessions')).data) });
  const reload = () => client.invalidateQueries({ queryKey: KEY });
  const end = async (id: string) => {
    await cmsApi.delete(`/Me/sessions/${encodeURIComponent(id)}`);
    await reload();
  };
  const endOthers = async () => {
    await cmsApi.delete('/Me/sessions');
    await reload();
  };

  return (
    <Card
      title={t('profile.sessions')}
      data-testid="sessions"
      extra={
        <Popconfirm title={t('profile.endOthersConfirm')} onConfirm={endOthers}>
          <Button danger disabled={(sessions.data ?? []).every((s) => s.current)}>
            {t('profile.endOthers')}
          </Button>
        </Popconfirm>
      }
    >
      <Table<SessionRow>
        rowKey="id"
        size="small"
        pagination={false}
        loading={sessions.isLoading}
        dataSource={sessions.data ?? []}
        columns={[
          { title: t('profile.sessionStarted'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
          { title: t('profile.sessionLastUsed'), dataIndex: 'lastUsedAt', render: (v: string) => formatDateTime(v) },
          { title: t('profile.sessionAddress'), dataIndex: 'clientAddress' },
          { title: t('profile.sessionAgent'), dataIndex: 'userAgent', ellipsis: true },
          {
            key: 'actions',
            render: (_: unknown, row) =>
              row.current ? (
                <Tag color="green">{t('profile.thisSession')}</Tag>
              ) : (
                <Space>
                  <Button size="small" onClick={() => end(row.id)}>
                    {t('profile.endSession')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
    </Card>
  );
}
