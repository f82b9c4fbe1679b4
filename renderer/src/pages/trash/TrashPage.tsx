import { UndoOutlined } from '@ant-design/icons';
import type { ActionType } from '@ant-design/pro-components';
import { Button, Card, Form, InputNumber, Space, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resources } from '../../../../shared/resources';
import { ADMINS } from '../../../../shared/resources/access';
import type { ResourceDef } from '../../../../shared/resources/define';
import { confirmDecision } from '../../core/dialogs';
import { notifySuccess } from '../../core/notices';
import { useWorkspace } from '../../core/workspace';
import { listTrash, readRetention, restoreFromTrash, retentionPurges, saveRetention, type TrashEntry } from '../../resources/trash';
import { useAccess } from '../../resources/access';
import { invalidateWrites } from '../../resources/dataProvider';
import { useUrlFilters } from '../../resources/useUrlFilters';
import { areaLabel } from '../../resources/history/labels';
import { AreaFilter, EntryTable } from '../../resources/history/EntryTable';

/**
 * /trash, "Thùng rác" (issue 29): what was deleted in the chosen website, newest first — title, area, who, when —
 * filtered by area (kept in the address), each restorable after a confirmation; a unique field taken since answers
 * 409, whose words (naming the field) the client shows. Administrators also set how long the trash keeps things.
 */
export default function TrashPage() {
  const { t } = useTranslation(['trash', 'audit', 'history', 'resources']);
  const { websiteId } = useWorkspace();
  const actionRef = useRef<ActionType>();
  const [filters, setFilter] = useUrlFilters({ resource: 'text' });
  const admin = useAccess().allows(ADMINS).allowed;
  const params = useMemo(() => ({ website: websiteId, resource: filters.resource }), [websiteId, filters.resource]);

  async function restore(entry: TrashEntry) {
    const title = entry.title || t('untitled');
    const area = areaLabel(entry.resource);
    const sure = await confirmDecision({ title: t('restoreConfirm', { title }), content: t('restoreConfirmContent', { area }), okText: t('restore') });
    if (!sure || websiteId === null) return;
    let message: string | undefined;
    try {
      ({ message } = await restoreFromTrash(websiteId, entry.id));
    } catch {
      // Shown by the client (the server's Message: a unique field taken, already restored).
      void actionRef.current?.reload();
      return;
    }
    notifySuccess(message ?? t('restored'));
    // Lists of that area read again; the trash no longer holds it.
    const def = (resources as Record<string, ResourceDef>)[entry.resource];
    if (def) invalidateWrites(def);
    void actionRef.current?.reload();
  }

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ textAlign: 'center', margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('intro')}</Typography.Text>
      <EntryTable<TrashEntry>
        ns="trash"
        actionRef={actionRef}
        params={params}
        read={async (page, pageSize) => (websiteId === null ? { data: [], total: 0 } : listTrash(websiteId, { resource: filters.resource, page, pageSize }))}
        columns={(shared) => [
          { key: 'title', title: t('recordTitle'), render: (_, e) => e.title || <Typography.Text type="secondary">{t('untitled')}</Typography.Text> },
          shared.area,
          shared.actor,
          shared.time,
          {
            key: '__actions',
            title: t('resources:actions'),
            fixed: 'right',
            width: 130,
            render: (_, e) => (
              <Button size="small" icon={<UndoOutlined />} aria-label={`${t('restore')}: ${e.title ?? ''}`} onClick={() => void restore(e)}>
                {t('restore')}
              </Button>
            ),
          },
        ]}
        toolbar={[<AreaFilter key="area" ns="trash" width={200} value={filters.resource} onChange={(resource) => setFilter('resource', resource)} />]}
      />
      {admin && <RetentionSetting onPurged={() => actionRef.current?.reload()} />}
    </Space>
  );
}

/**
 * How long the trash keeps deleted records (administrators; `GET/PUT /api/Trash/settings`). Out of range (0 too) is
 * refused with the server's words, never clamped; a shorter period first names what it purges at once (per area).
 */
function RetentionSetting({ onPurged }: { onPurged: () => void }) {
  const { t } = useTranslation('trash');
  const [form] = Form.useForm<{ retentionDays: number }>();
  const [saving, setSaving] = useState(false);
  const saved = useRef<number>();
  useEffect(() => {
    readRetention()
      .then((retentionDays) => {
        if (!Number.isFinite(retentionDays)) return;
        saved.current = retentionDays;
        form.setFieldsValue({ retentionDays });
      })
      .catch(() => undefined);
  }, [form]);
  /** Whether to go on: a shorter period that purges something asks first, naming how many of what. */
  const confirmed = async (retentionDays: number): Promise<boolean> => {
    if (saved.current === undefined || retentionDays >= saved.current) return true;
    const purges = await retentionPurges(retentionDays);
    if (purges.total === 0) return true;
    const list = purges.areas.map((a) => `${areaLabel(a.resource)} (${a.count})`).join(', ');
    return confirmDecision({
      title: t('retentionShorter', { days: retentionDays }),
      content: t('retentionPurges', { count: purges.total, list }),
      okText: t('retentionConfirm'),
      danger: true,
    });
  };
  return (
    <Card size="small" title={t('retention')} data-testid="trash-retention">
      <Form
        form={form}
        layout="inline"
        onFinish={async ({ retentionDays }) => {
          setSaving(true);
          try {
            if (!(await confirmed(retentionDays))) return;
            await saveRetention(retentionDays);
            const shorter = saved.current !== undefined && retentionDays < saved.current;
            saved.current = retentionDays;
            notifySuccess(t('retentionSaved'));
            if (shorter) onPurged();
          } catch {
            // The client has shown the server's words (the field and its limits).
          } finally {
            setSaving(false);
          }
        }}
      >
        <Form.Item
          name="retentionDays"
          label={t('retentionDays')}
          extra={t('retentionHelp')}
          rules={[{ required: true, type: 'integer', min: 1, max: 3650, message: t('retentionRange') }]}
        >
          {/* No min/max on the input: it would turn 0 into 1 silently; the rule refuses it with the words. */}
          <InputNumber precision={0} addonAfter={t('days')} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('resources:save')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
