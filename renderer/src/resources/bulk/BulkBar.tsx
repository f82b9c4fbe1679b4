import { Alert, Button, Modal, Select, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bulkActionsOf, type BulkChoice } from '../../../../shared/resources/bulk';
import type { ResourceDef } from '../../../../shared/resources/define';
import { confirmDecision } from '../../core/dialogs';
import { notifySuccess } from '../../core/notices';
import { localized } from '../../core/workspace/localized';
import { useAccess } from '../access';
import { idOf, invalidateWrites, type Id, type Row } from '../dataProvider';
import { offerUndo } from '../deleteRecord';
import { currentUi } from '../labels';
import { useHiddenFields } from '../permissions';
import { useLookupOptions } from '../useLookup';
import { runBulk, type BulkAnswer } from './bulk';

/** The bulk actions this user may take on the list of `def` (the definition's, less what access and role refuse). */
export function useBulkChoices(def: ResourceDef): BulkChoice[] {
  const access = useAccess(def);
  const hidden = useHiddenFields(def);
  return useMemo(
    () =>
      bulkActionsOf(def).filter((c) => {
        if (c.action === 'delete') return access.can('delete').allowed;
        if ((c.action === 'activate' || c.action === 'deactivate') && hidden.has('isActive')) return false;
        if (c.field && hidden.has(c.field)) return false;
        return access.can('update').allowed;
      }),
    [def, access, hidden],
  );
}

/** A row's name in the refusals: its first text column in the interface language, else its id. */
function rowName(def: ResourceDef, row: Row | undefined, language: string): string | undefined {
  if (!row) return undefined;
  const field = def.fields.find((f) => f.list && (f.type === 'text' || f.type === 'textarea') && !f.hidden);
  const text = field ? localized(row[field.name], language) : '';
  return text || undefined;
}

export interface BulkOutcome {
  answer: BulkAnswer;
  names: Map<number, string | undefined>;
}

interface BulkBarProps {
  def: ResourceDef;
  websiteId: Id | null;
  language: string;
  choices: BulkChoice[];
  ids: readonly Id[];
  /** The rows on the page (their names for the refusals). */
  rows: readonly Row[];
  /** After an answer: what was refused stays selected, the rest is cleared; the outcome is shown above the list. */
  onAnswer: (outcome: BulkOutcome) => void;
}

/**
 * The list's bulk bar (issue 42 "Act on many"): the actions for the selected rows, each confirmed with how many it
 * touches; the answer's notice says how many were done (a delete offers Undo from the trash), and the refused are
 * listed with their reasons (`BulkOutcomeAlert`).
 */
export function BulkBar({ def, websiteId, language, choices, ids, rows, onAnswer }: BulkBarProps) {
  const { t } = useTranslation('bulk');
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState<BulkChoice | null>(null);
  const ui = currentUi();

  async function run(choice: BulkChoice, value?: Id) {
    if (websiteId === null) return;
    const ok = await confirmDecision({ title: choice.confirm[ui].replace('{count}', String(ids.length)), okText: choice.label[ui], danger: choice.danger });
    if (!ok) return;
    setBusy(true);
    try {
      const answer = await runBulk(websiteId, def, { action: choice.action, ids, field: choice.field, value });
      invalidateWrites(def);
      const byId = new Map(rows.map((r) => [Number(idOf(def, r)), r]));
      onAnswer({ answer, names: new Map([...answer.done, ...answer.refused.map((r) => r.id)].map((id) => [id, rowName(def, byId.get(id), language)])) });
      if (!answer.done.length) return;
      const text = t('done', { count: answer.done.length });
      if (choice.action === 'delete') {
        await offerUndo({ websiteId, records: answer.done.map((id) => ({ resource: def.name, recordId: id })), fallback: text, onRestored: () => invalidateWrites(def) });
      } else notifySuccess(text);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Space size={8} wrap data-testid="bulk-bar">
      {choices.map((choice) => (
        <Button
          key={`${choice.action}:${choice.field ?? ''}`}
          size="small"
          danger={choice.danger}
          loading={busy}
          data-testid={`bulk-${choice.action}`}
          onClick={() => (choice.action === 'set' ? setPicking(choice) : void run(choice))}
        >
          {choice.label[ui]}
        </Button>
      ))}
      {picking && <ValuePicker def={def} choice={picking} onCancel={() => setPicking(null)} onPick={(value) => (setPicking(null), void run(picking, value))} />}
    </Space>
  );
}

/** The one value a `set` gives every selected record (a FAQ's group), from the field's lookup. */
function ValuePicker({ def, choice, onPick, onCancel }: { def: ResourceDef; choice: BulkChoice; onPick: (value: Id) => void; onCancel: () => void }) {
  const { t } = useTranslation('bulk');
  const field = def.fields.find((f) => f.name === choice.field)!;
  const { options, loading } = useLookupOptions(field);
  const [value, setValue] = useState<Id | undefined>();
  return (
    <Modal open title={choice.label[currentUi()]} okText={t('apply')} okButtonProps={{ disabled: value === undefined }} onOk={() => value !== undefined && onPick(value)} onCancel={onCancel}>
      <Select style={{ width: '100%' }} loading={loading} options={options} value={value} onChange={setValue} placeholder={t('pickValue')} aria-label={t('pickValue')} showSearch optionFilterProp="label" />
    </Modal>
  );
}

/** The last answer above the list: how many were done, and each refused record with its reason. */
export function BulkOutcomeAlert({ outcome, onClose }: { outcome: BulkOutcome; onClose: () => void }) {
  const { t } = useTranslation('bulk');
  const { done, refused } = outcome.answer;
  if (!refused.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      closable
      onClose={onClose}
      style={{ marginBottom: 12 }}
      data-testid="bulk-outcome"
      message={t('outcome', { done: done.length, refused: refused.length })}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {refused.map((r) => (
            <li key={r.id} data-testid="bulk-refused">
              <strong>{outcome.names.get(r.id) ?? t('record', { id: r.id })}</strong>: {r.message}
            </li>
          ))}
        </ul>
      }
    />
  );
}
