import { DeleteOutlined, DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Modal, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resources } from '../../../../shared/resources';
import type { ResourceDef } from '../../../../shared/resources/define';
import { cmsApi } from '../../api/client';
import { fileDate, formatDateTime } from '../../core/dates';
import { notifySuccess } from '../../core/notices';
import { useWorkspace } from '../../core/workspace';
import { localized } from '../../core/workspace/localized';
import { saveFile } from '../../resources/export';
import { areaLabel } from '../../resources/history/labels';
import { fieldLabel } from '../../resources/labels';

/**
 * /privacy, "Dữ liệu cá nhân" (issue 40; docs/api.md "A person's request"): administrators, or a role granted the
 * `privacy` action (app/screens.ts). Find a person's records on every website by phone, e-mail or name
 * (`GET /api/Privacy/subjects`), download them as a ZIP (`POST /api/Privacy/export`) or erase them
 * (`POST /api/Privacy/erase`, with a reason; the confirmation names how many records). Export and erase name the
 * person by phone or e-mail only, as the server does: a name alone is too many people.
 */
interface Subject {
  resource: string;
  website: number | null;
  id: number;
  fields: string[];
  createdAt: string | null;
}

interface Person {
  phone?: string;
  email?: string;
  name?: string;
}

const defs = resources as Record<string, ResourceDef>;

/** The person's values the server is asked with (empty ones left out). */
const asked = (p: Person, keys: readonly (keyof Person)[]) => Object.fromEntries(keys.map((k) => [k, p[k]?.trim()]).filter(([, v]) => v));

async function findSubjects(p: Person, keys: readonly (keyof Person)[] = ['phone', 'email', 'name']): Promise<Subject[]> {
  const { data } = await cmsApi.get<{ data: Subject[] }>('/Privacy/subjects', { params: asked(p, keys) });
  return data.data;
}

export default function PrivacyPage() {
  const { t, i18n } = useTranslation(['privacy', 'resources']);
  const { websites } = useWorkspace();
  const [form] = Form.useForm<Person>();
  const [person, setPerson] = useState<Person | null>(null);
  const [found, setFound] = useState<Subject[] | null>(null);
  const [busy, setBusy] = useState<'search' | 'export' | 'erase' | null>(null);
  const [erasing, setErasing] = useState<{ count: number } | null>(null);
  const [reason, setReason] = useState('');

  const byContact = Boolean(person?.phone?.trim() || person?.email?.trim());
  const websiteName = (id: number | null) => {
    if (id === null) return t('organisation');
    const site = websites.find((w) => String(w.id) === String(id));
    return site ? localized(site.name, i18n.language) || String(id) : String(id);
  };

  async function search(values: Person) {
    setBusy('search');
    try {
      setFound(await findSubjects(values));
      setPerson(values);
    } finally {
      setBusy(null);
    }
  }

  async function download() {
    if (!person) return;
    setBusy('export');
    try {
      const { data } = await cmsApi.post<Blob>('/Privacy/export', asked(person, ['phone', 'email']), { responseType: 'blob' });
      saveFile(data, 'application/zip', `personal-data-${fileDate()}.zip`);
    } finally {
      setBusy(null);
    }
  }

  /** The confirmation counts what the erase will reach: the records found by phone or e-mail (not by name). */
  async function askErase() {
    if (!person) return;
    setBusy('erase');
    try {
      const reached = await findSubjects(person, ['phone', 'email']);
      setReason('');
      setErasing({ count: reached.length });
    } finally {
      setBusy(null);
    }
  }

  async function erase() {
    if (!person || !reason.trim()) return;
    setBusy('erase');
    try {
      const { data } = await cmsApi.post<{ erased: unknown[] }>('/Privacy/erase', { ...asked(person, ['phone', 'email']), reason: reason.trim() });
      setErasing(null);
      notifySuccess(t('erased', { count: data.erased.length }));
      setFound(await findSubjects(person));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ textAlign: 'center', margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('intro')}</Typography.Text>
      <Form form={form} layout="inline" onFinish={(values) => void search(values)} data-testid="privacy-search">
        <Form.Item name="phone" label={t('phone')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="email" label={t('email')}>
          <Input allowClear style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="name" label={t('name')}>
          <Input allowClear style={{ width: 220 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={busy === 'search'}>
            {t('search')}
          </Button>
        </Form.Item>
      </Form>
      {found && (
        <>
          <Space wrap>
            <Typography.Text data-testid="privacy-found">{t('found', { count: found.length })}</Typography.Text>
            <Tooltip title={byContact ? undefined : t('contactNeeded')}>
              <Button icon={<DownloadOutlined />} disabled={!byContact || !found.length} loading={busy === 'export'} onClick={() => void download()}>
                {t('export')}
              </Button>
            </Tooltip>
            <Tooltip title={byContact ? undefined : t('contactNeeded')}>
              <Button danger icon={<DeleteOutlined />} disabled={!byContact || !found.length} loading={busy === 'erase' && !erasing} onClick={() => void askErase()}>
                {t('erase')}
              </Button>
            </Tooltip>
          </Space>
          <Table<Subject>
            size="small"
            rowKey={(s) => `${s.resource}-${s.website ?? 'org'}-${s.id}`}
            dataSource={found}
            pagination={false}
            data-testid="privacy-results"
            columns={[
              { key: 'area', title: t('area'), render: (_, s) => areaLabel(s.resource) },
              { key: 'website', title: t('website'), render: (_, s) => websiteName(s.website) },
              { key: 'id', title: t('id'), dataIndex: 'id', width: 80 },
              {
                key: 'fields',
                title: t('fields'),
                render: (_, s) => s.fields.map((f) => {
                  const def = defs[s.resource];
                  const field = def?.fields.find((x) => x.name === f);
                  return <Tag key={f}>{def && field ? fieldLabel(def, field) : f}</Tag>;
                }),
              },
              { key: 'createdAt', title: t('createdAt'), render: (_, s) => (s.createdAt ? formatDateTime(s.createdAt) : '') },
            ]}
          />
        </>
      )}
      <Modal
        open={erasing !== null}
        title={t('eraseTitle', { count: erasing?.count ?? 0 })}
        okText={t('eraseOk', { count: erasing?.count ?? 0 })}
        okButtonProps={{ danger: true, disabled: !reason.trim() || !erasing?.count, loading: busy === 'erase' }}
        cancelText={t('cancel')}
        onOk={() => void erase()}
        onCancel={() => setErasing(null)}
        destroyOnClose
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="warning" showIcon message={t('eraseWarning', { count: erasing?.count ?? 0 })} />
          <Form layout="vertical">
            <Form.Item label={t('reason')} required help={reason.trim() ? undefined : t('reasonRequired')}>
              <Input.TextArea aria-label={t('reason')} rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
            </Form.Item>
          </Form>
        </Space>
      </Modal>
    </Space>
  );
}
