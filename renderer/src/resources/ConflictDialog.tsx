import { Button, Checkbox, Modal, Space, Switch, Table, Typography, theme } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../../shared/resources/define';
import type { LanguageRef } from '../../../shared/resources/validate';
import { defaultKeep, type DiffRow } from './conflict';
import { fieldLabel, optionLabel } from './labels';
import { formatDate, formatDateTime } from '../core/dates';

/**
 * 409 on update: the record changed since the user opened it. Their values beside the saved ones, field by
 * field and language by language, differences highlighted; "Keep mine" per field, then "Re-apply my
 * changes" loads the saved version (and its new stamp) with the kept values back in the form for review.
 * Nothing is saved by this dialog: the user saves again after reviewing.
 */
export interface ConflictDialogProps {
  def: ResourceDef;
  rows: DiffRow[];
  languages: readonly LanguageRef[];
  onReapply(keepMine: Set<string>): void;
  onTakeTheirs(): void;
  onCancel(): void;
}

const strip = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();

export function ConflictDialog({ def, rows, languages, onReapply, onTakeTheirs, onCancel }: ConflictDialogProps) {
  const { t } = useTranslation('resources');
  const { token } = theme.useToken();
  const [keep, setKeep] = useState(() => defaultKeep(rows));
  const [onlyDifferences, setOnlyDifferences] = useState(true);
  const shown = useMemo(() => (onlyDifferences ? rows.filter((r) => r.differs) : rows), [rows, onlyDifferences]);

  const show = (row: DiffRow, value: unknown) => {
    if (value === undefined || value === null || value === '') return <Typography.Text type="secondary">{t('conflict.empty')}</Typography.Text>;
    if (row.field.type === 'boolean') return value ? t('yes') : t('no');
    if (row.field.type === 'enum') {
      const option = row.field.options?.find((o) => String(o.value) === String(value));
      if (option) return optionLabel(def, row.field, option);
    }
    if (row.field.type === 'date') return formatDate(value);
    if (row.field.type === 'datetime') return formatDateTime(value);
    const text = row.field.type === 'richText' && typeof value === 'string' ? strip(value) : Array.isArray(value) ? value.join(', ') : String(value);
    return <Typography.Paragraph style={{ margin: 0 }} ellipsis={{ rows: 3, expandable: true }}>{text}</Typography.Paragraph>;
  };

  return (
    <Modal
      open
      width={900}
      title={t('conflict.title')}
      onCancel={onCancel}
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onCancel}>{t('cancel')}</Button>
          <Button onClick={onTakeTheirs}>{t('conflict.takeTheirs')}</Button>
          <Button type="primary" onClick={() => onReapply(keep)}>
            {t('conflict.reapply')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph>{t('conflict.text')}</Typography.Paragraph>
      <Space style={{ marginBottom: 8 }}>
        <Switch size="small" checked={onlyDifferences} onChange={setOnlyDifferences} aria-label={t('conflict.onlyDifferences')} />
        {t('conflict.onlyDifferences')}
      </Space>
      <Table<DiffRow>
        data-testid="conflict-table"
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={shown}
        locale={{ emptyText: t('conflict.none') }}
        scroll={{ y: 420 }}
        onRow={(row) => ({ style: row.differs ? { background: token.colorWarningBg } : undefined, 'data-key': row.key } as React.HTMLAttributes<HTMLElement>)}
        columns={[
          {
            key: 'field',
            title: t('conflict.field'),
            width: 180,
            render: (_, row) => (
              <>
                {fieldLabel(def, row.field)}
                {row.languageId && (
                  <Typography.Text type="secondary"> ({languages.find((l) => l.languageId === row.languageId)?.name ?? row.languageId})</Typography.Text>
                )}
              </>
            ),
          },
          { key: 'mine', title: t('conflict.mine'), render: (_, row) => show(row, row.mine) },
          { key: 'theirs', title: t('conflict.theirs'), render: (_, row) => show(row, row.theirs) },
          {
            key: 'keep',
            title: t('conflict.keepMine'),
            width: 110,
            align: 'center',
            render: (_, row) => (
              <Checkbox
                aria-label={`${t('conflict.keepMine')}: ${fieldLabel(def, row.field)}${row.languageId ? ` (${row.languageId})` : ''}`}
                checked={keep.has(row.key)}
                disabled={!row.differs}
                onChange={(e) =>
                  setKeep((previous) => {
                    const next = new Set(previous);
                    if (e.target.checked) next.add(row.key);
                    else next.delete(row.key);
                    return next;
                  })
                }
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
