import { RedoOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { Button, Modal, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { webhook, webhookDelivery } from '../../../../shared/resources/webhook';
import { notifySuccess } from '../../core/notices';
import { useWorkspace } from '../../core/workspace';
import { ChildModal } from '../../resources/ChildCollections';
import { createDataProvider, type Row } from '../../resources/dataProvider';
import { ResourceList } from '../../resources/ResourceList';

/**
 * The website's publish webhooks (administrators only; docs/api.md "Publish webhooks"): the addresses told when its
 * public content changes, each with the secret its receiver checks signatures with (copy button), added and edited
 * in a popup; below, the delivery log with each delivery's status and a button to send it again.
 */
export function WebhooksTab() {
  const { t } = useTranslation('resources');
  const { websiteId } = useWorkspace();
  const [editing, setEditing] = useState<Row | null>(null);
  const [sent, setSent] = useState<Row | null>(null);
  const hooksRef = useRef<ActionType>();
  const logRef = useRef<ActionType>();

  // A receiver's address has no spaces: it breaks anywhere, or at 1024 px it pushed the secret out of the screen.
  const wrapUrl = (column: ProColumns<Row>): ProColumns<Row> =>
    column.key === 'url' ? { ...column, onCell: () => ({ style: { overflowWrap: 'anywhere', minWidth: 160 } }) } : column;

  const secretColumn: ProColumns<Row> = {
    key: 'secret',
    title: t('info-website.secret'),
    dataIndex: 'secret',
    render: (_, row) =>
      typeof row.secret === 'string' ? (
        <Typography.Text code style={{ whiteSpace: 'nowrap' }} copyable={{ text: row.secret, tooltips: [t('info-website.copySecret'), t('info-website.copied')] }} data-testid="webhook-secret">
          {`${row.secret.slice(0, 14)}…`}
        </Typography.Text>
      ) : null,
  };

  async function replay(row: Row) {
    const { message } = await createDataProvider(webhookDelivery, { websiteId }).custom({ path: webhookDelivery.api.actions.replay, params: { id: row.id as number } });
    notifySuccess(message ?? t('info-website.replayed'));
    void logRef.current?.reload();
  }

  /** The exact body a delivery sent (and signed), pretty-printed; as stored when it is not JSON. */
  const bodyOf = (row: Row) => {
    try {
      return JSON.stringify(JSON.parse(String(row.payload ?? '')), null, 2);
    } catch {
      return String(row.payload ?? '');
    }
  };

  // A replay is marked as one, with the delivery it sent again (issue 42).
  const replayOfColumn: ProColumns<Row> = {
    key: 'replayOf',
    title: t('info-website.replayOf'),
    dataIndex: 'replayOf',
    width: 120,
    render: (_, row) => (row.replayOf ? <Tag color="purple" data-testid="delivery-replay">{t('info-website.replayOfTag', { id: row.replayOf })}</Tag> : null),
  };

  const replayColumn: ProColumns<Row> = {
    key: 'replay',
    title: t('actions'),
    width: 190,
    fixed: 'right',
    render: (_, row) => (
      <Space size="small">
        <Button size="small" onClick={() => setSent(row)} data-testid="delivery-payload">
          {t('info-website.payload')}
        </Button>
        <Button size="small" icon={<RedoOutlined />} onClick={() => void replay(row)}>
          {t('info-website.replay')}
        </Button>
      </Space>
    ),
  };

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('info-website.webhooksIntro')}
      </Typography.Paragraph>
      <ResourceList
        def={webhook}
        actionRef={hooksRef}
        exportable={false}
        onAdd={() => setEditing({})}
        onOpen={(row) => setEditing(row)}
        onChanged={() => void logRef.current?.reload()}
        columns={(generic) => [...generic.filter((c) => c.key !== '__actions').map(wrapUrl), secretColumn, ...generic.filter((c) => c.key === '__actions')]}
      />
      <ResourceList
        def={webhookDelivery}
        actionRef={logRef}
        exportable={false}
        headerTitle={t('info-website.deliveries')}
        columns={(generic) => [...generic, replayOfColumn, replayColumn]}
      />
      <Modal open={!!sent} title={t('info-website.payloadTitle', { id: sent?.id })} footer={null} width={720} onCancel={() => setSent(null)}>
        {sent && (
          <Typography.Paragraph copyable={{ text: String(sent.payload ?? '') }} style={{ marginBottom: 0 }}>
            <pre data-testid="delivery-payload-body" style={{ maxHeight: 480, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {bodyOf(sent)}
            </pre>
          </Typography.Paragraph>
        )}
      </Modal>
      {editing && (
        <ChildModal
          def={webhook}
          row={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void hooksRef.current?.reload();
          }}
        />
      )}
    </Space>
  );
}
