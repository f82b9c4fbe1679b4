import { KeyOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cmsApi } from '../../api/client';
import { formatDateTime } from '../../core/dates';
import { notifySuccess } from '../../core/notices';

interface KeyRow {
  id: number;
  name: string;
  keyPrefix: string;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

const time = (v: string | null) => (v ? formatDateTime(v) : '—');

/**
 * The keys the clinic system records completed visits with (`POST /integration/visits`): make one (shown once, to be
 * pasted into that system), see when each was last used, revoke one. Administrators only (the server says so too).
 */
export function IntegrationKeysButton() {
  const { t } = useTranslation('team');
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<KeyRow[]>([]);
  const [fresh, setFresh] = useState<string | null>(null);
  const [form] = Form.useForm<{ name: string }>();
  const load = async () => setRows((await cmsApi.get<{ data: KeyRow[] }>('/IntegrationKeys')).data.data ?? []);
  return (
    <>
      <Button
        icon={<KeyOutlined />}
        onClick={() => {
          setOpen(true);
          void load();
        }}
      >
        {t('keys.button')}
      </Button>
      <Modal open={open} title={t('keys.title')} width={720} footer={null} onCancel={() => (setOpen(false), setFresh(null))} destroyOnHidden>
        <Space direction="vertical" style={{ width: '100%' }} data-testid="integration-keys">
          <Typography.Paragraph type="secondary">{t('keys.about')}</Typography.Paragraph>
          {fresh && (
            <Alert
              type="warning"
              showIcon
              message={t('keys.once')}
              description={
                <Typography.Text copyable code data-testid="fresh-key">
                  {fresh}
                </Typography.Text>
              }
            />
          )}
          <Form
            form={form}
            layout="inline"
            onFinish={async ({ name }) => {
              const answer = (await cmsApi.post<{ message: string; data: { key: string } }>('/IntegrationKeys', { name })).data;
              notifySuccess(answer.message);
              setFresh(answer.data.key);
              form.resetFields();
              await load();
            }}
          >
            <Form.Item name="name" label={t('keys.name')} rules={[{ required: true, whitespace: true, message: t('keys.nameRequired') }]}>
              <Input style={{ width: 260 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit">
              {t('keys.create')}
            </Button>
          </Form>
          <Table<KeyRow>
            size="small"
            rowKey="id"
            dataSource={rows}
            pagination={false}
            columns={[
              { title: t('keys.name'), dataIndex: 'name' },
              { title: t('keys.prefix'), dataIndex: 'keyPrefix', render: (v: string) => <Typography.Text code>{v}…</Typography.Text> },
              { title: t('keys.created'), dataIndex: 'createdAt', render: time },
              { title: t('keys.lastUsed'), dataIndex: 'lastUsedAt', render: time },
              {
                title: t('keys.state'),
                key: 'state',
                render: (_, k) =>
                  k.revokedAt ? (
                    <Tag>{t('keys.revoked')}</Tag>
                  ) : (
                    <Popconfirm
                      title={t('keys.revokeConfirm', { name: k.name })}
                      okText={t('keys.revoke')}
                      okButtonProps={{ danger: true }}
                      cancelText={t('cancel')}
                      onConfirm={async () => {
                        notifySuccess((await cmsApi.delete<{ message: string }>(`/IntegrationKeys/${k.id}`)).data.message);
                        await load();
                      }}
                    >
                      <Button size="small" danger>
                        {t('keys.revoke')}
                      </Button>
                    </Popconfirm>
                  ),
              },
            ]}
          />
        </Space>
      </Modal>
    </>
  );
}
