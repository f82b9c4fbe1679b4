import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cmsApi } from '../../api/client';
import { formatDateTime } from '../../core/dates';
import { useWorkspace } from '../../core/workspace';
import { localized } from '../../core/workspace/localized';
import { serverRead } from '../../resources/queries';

/** An account as `GET /api/Users` answers it (shared/resources/user.ts). */
interface Account {
  id: number;
  userName: string;
  fullName: string;
  email: string | null;
  isActive: boolean;
  isAdmin: boolean;
  twoFactor: boolean;
  lastSignInAt: string | null;
  websites: { websiteId: number; roleId: number | null }[];
  concurrencyStamp: string;
}

type Editing = { mode: 'add' } | { mode: 'edit'; account: Account };
type ServerRefusal = { data?: { field?: string; Message?: string } };

/**
 * /users, "Tài khoản" (issue 39), administrators only (the definition's screen access; the server answers 403 to
 * anyone else): the accounts with a keyword and a state filter, an account added or edited in a dialog, deactivated
 * (or activated again) after a confirmation, and a one-time password reset link shown with a copy button.
 */
export default function UserListPage() {
  const { t, i18n } = useTranslation('users');
  const client = useQueryClient();
  const { websites } = useWorkspace();
  const [keyword, setKeyword] = useState('');
  const [state, setState] = useState<'all' | 'true' | 'false'>('all');
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [reset, setReset] = useState<{ name: string; resetUrl: string; expiresAt: string; emailed: boolean } | null>(null);
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);

  const params = { keyword: keyword || undefined, isActive: state === 'all' ? undefined : state, page: page.current, pageSize: page.pageSize };
  const list = useQuery({
    queryKey: ['users', params],
    queryFn: serverRead(async () => (await cmsApi.get<{ data: Account[]; totalRows: number }>('/Users', { params })).data),
  });
  const reload = () => client.invalidateQueries({ queryKey: ['users'] });

  const websiteName = (id: number) => {
    const site = websites.find((w) => String(w.id) === String(id));
    return site ? localized(site.name, i18n.language) || String(id) : String(id);
  };

  const open = (next: Editing) => {
    form.resetFields();
    if (next.mode === 'edit') form.setFieldsValue({ ...next.account });
    else form.setFieldsValue({ isAdmin: false });
    setEditing(next);
  };

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      if (editing?.mode === 'edit') {
        const { account } = editing;
        await cmsApi.put(`/Users/${account.id}`, { fullName: values.fullName, email: values.email || null, isActive: values.isActive, isAdmin: values.isAdmin, concurrencyStamp: account.concurrencyStamp }, { quietStatuses: [400] });
      } else {
        await cmsApi.post('/Users', { userName: values.userName, fullName: values.fullName, email: values.email || null, password: values.password, isAdmin: values.isAdmin }, { quietStatuses: [400, 409] });
      }
      setEditing(null);
      void message.success(t('saved'));
      await reload();
    } catch (failure) {
      const data = (failure as ServerRefusal).data;
      if (data?.Message) form.setFields([{ name: data.field && form.getFieldInstance(data.field) !== undefined ? data.field : 'fullName', errors: [data.Message] }]);
    } finally {
      setSaving(false);
    }
  };

  const setActive = async (account: Account, isActive: boolean) => {
    await cmsApi.put(`/Users/${account.id}`, { fullName: account.fullName, email: account.email, isActive, isAdmin: account.isAdmin, concurrencyStamp: account.concurrencyStamp });
    await reload();
  };

  const makeResetLink = async (account: Account) => {
    const answer = (await cmsApi.post(`/Users/${account.id}/password-reset`)).data as { resetUrl: string; expiresAt: string; emailed?: boolean };
    setReset({ name: account.fullName || account.userName, resetUrl: answer.resetUrl, expiresAt: answer.expiresAt, emailed: Boolean(answer.emailed) });
  };

  const required = (field: string) => ({ required: true, whitespace: true, message: t('required', { field }) });
  return (
    <Card
      title={t('title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ mode: 'add' })}>
          {t('add')}
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('keyword')}
          aria-label={t('keyword')}
          style={{ width: 320 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage((p) => ({ ...p, current: 1 }));
          }}
        />
        <Select
          aria-label={t('state')}
          style={{ width: 180 }}
          value={state}
          onChange={(value) => {
            setState(value);
            setPage((p) => ({ ...p, current: 1 }));
          }}
          options={[
            { value: 'all', label: t('all') },
            { value: 'true', label: t('active') },
            { value: 'false', label: t('inactive') },
          ]}
        />
      </Space>
      <Table<Account>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.data ?? []}
        pagination={{ ...page, total: list.data?.totalRows ?? 0, pageSizeOptions: [10, 25, 50, 100], showSizeChanger: true, onChange: (current, pageSize) => setPage({ current, pageSize }) }}
        columns={[
          { title: t('userName'), dataIndex: 'userName' },
          { title: t('fullName'), dataIndex: 'fullName' },
          { title: t('email'), dataIndex: 'email' },
          { title: t('isAdmin'), dataIndex: 'isAdmin', render: (v: boolean) => (v ? <Tag color="gold">{t('roleAdmin')}</Tag> : <Tag>{t('roleStaff')}</Tag>) },
          { title: t('state'), dataIndex: 'isActive', render: (v: boolean) => (v ? <Tag color="green">{t('active')}</Tag> : <Tag color="red">{t('inactive')}</Tag>) },
          { title: t('twoFactor'), dataIndex: 'twoFactor', render: (v: boolean) => (v ? <Tag color="blue">2FA</Tag> : null) },
          { title: t('lastSignIn'), dataIndex: 'lastSignInAt', render: (v: string | null) => (v ? formatDateTime(v) : t('never')) },
          { title: t('websites'), dataIndex: 'websites', render: (v: Account['websites']) => v.map((w) => <Tag key={w.websiteId}>{websiteName(w.websiteId)}</Tag>) },
          {
            title: t('actions'),
            key: 'actions',
            render: (_: unknown, account) => (
              <Space wrap>
                <Button size="small" onClick={() => open({ mode: 'edit', account })}>
                  {t('edit')}
                </Button>
                <Button size="small" onClick={() => makeResetLink(account)}>
                  {t('resetLink')}
                </Button>
                {account.isActive ? (
                  <Popconfirm title={t('deactivateConfirm', { name: account.fullName || account.userName })} onConfirm={() => setActive(account, false)}>
                    <Button size="small" danger>
                      {t('deactivate')}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button size="small" onClick={() => setActive(account, true)}>
                    {t('activate')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing?.mode === 'edit' ? t('edit') : t('add')}
        okText={t('save')}
        cancelText={t('cancel')}
        confirmLoading={saving}
        onOk={save}
        onCancel={() => setEditing(null)}
        destroyOnClose
      >
        <Form form={form} layout="vertical" name="account">
          <Form.Item name="userName" label={t('userName')} rules={[required(t('userName'))]}>
            <Input autoComplete="off" disabled={editing?.mode === 'edit'} />
          </Form.Item>
          <Form.Item name="fullName" label={t('fullName')} rules={[required(t('fullName'))]}>
            <Input />
          </Form.Item>
          <Form.Item name="email" label={t('email')} rules={[{ type: 'email' }]}>
            <Input />
          </Form.Item>
          {editing?.mode === 'add' ? (
            <Form.Item name="password" label={t('password')} extra={t('passwordHelp')} rules={[required(t('password'))]}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          ) : null}
          <Form.Item name="isAdmin" valuePropName="checked">
            <Checkbox>{t('isAdmin')}</Checkbox>
          </Form.Item>
          {editing?.mode === 'edit' ? (
            <Form.Item name="isActive" valuePropName="checked">
              <Checkbox>{t('isActive')}</Checkbox>
            </Form.Item>
          ) : null}
        </Form>
      </Modal>
      <Modal open={reset !== null} title={reset ? t('resetTitle', { name: reset.name }) : ''} footer={<Button onClick={() => setReset(null)}>{t('close')}</Button>} onCancel={() => setReset(null)}>
        {reset ? (
          <>
            <p>{t('resetHelp', { expiresAt: formatDateTime(reset.expiresAt) })}</p>
            <Typography.Paragraph copyable={{ text: reset.resetUrl, tooltips: [t('copy'), t('copied')] }} code data-testid="reset-url">
              {reset.resetUrl}
            </Typography.Paragraph>
            {reset.emailed ? <p>{t('resetEmailed')}</p> : null}
          </>
        ) : null}
      </Modal>
    </Card>
  );
}
