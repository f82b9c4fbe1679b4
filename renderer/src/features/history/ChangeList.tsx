import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { resources } from '../../../../shared/resources';
import type { ResourceDef } from '../../../../shared/resources/define';
import { htmlToText } from '../../../../shared/resources/translations';
import { fieldLabel } from '../../resources/labels';

/**
 * The changes of one history entry (`changes` of `GET /api/History/…` and `GET /api/Audit`): each changed field — each
 * language of a per-language field on its own row — with its value before and after. Small on purpose: the audit log's
 * entry view uses it now; the record's History panel (helper E, same folder) draws a word-level diff of long text and
 * can take this table's place, or this one its rows (the lead unifies them).
 */
export interface Change {
  field: string;
  language?: string | null;
  before: unknown;
  after: unknown;
}

/** A value as text: rich text as its words, lists and objects as JSON, blank as nothing. */
export function changeText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') return /<\/?[a-z][^>]*>/i.test(value) ? htmlToText(value).trim() : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A field's name in the interface language when `resource` is a definition that has it; its wire name otherwise. */
export function changeFieldLabel(resource: string | undefined, field: string): string {
  const def = resource ? (resources as Record<string, ResourceDef>)[resource] : undefined;
  const found = def?.fields.find((f) => f.name === field);
  return def && found ? fieldLabel(def, found) : field;
}

const cell = (value: unknown, testId: string) => {
  const text = changeText(value);
  return text ? (
    <Typography.Paragraph data-testid={testId} style={{ whiteSpace: 'pre-wrap', margin: 0, maxHeight: 240, overflow: 'auto' }}>
      {text}
    </Typography.Paragraph>
  ) : (
    <Typography.Text type="secondary" data-testid={testId}>
      —
    </Typography.Text>
  );
};

export function ChangeList({ resource, changes }: { resource?: string; changes: readonly Change[] }) {
  const { t } = useTranslation('audit');
  return (
    <Table<Change & { key: number }>
      data-testid="change-list"
      size="small"
      pagination={false}
      locale={{ emptyText: t('noChanges') }}
      dataSource={changes.map((c, key) => ({ ...c, key }))}
      columns={[
        { key: 'field', title: t('field'), width: 180, render: (_, c) => changeFieldLabel(resource, c.field) },
        { key: 'language', title: t('language'), width: 90, render: (_, c) => c.language ?? '' },
        { key: 'before', title: t('before'), render: (_, c) => cell(c.before, 'change-before') },
        { key: 'after', title: t('after'), render: (_, c) => cell(c.after, 'change-after') },
      ]}
    />
  );
}
