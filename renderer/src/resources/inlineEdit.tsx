import type { ProColumns } from '@ant-design/pro-components';
import { Input, InputNumber, Select, Switch } from 'antd';
import type { FieldDef, ResourceDef } from '../../../shared/resources/define';
import { parseTranslations } from '../../../shared/resources/translations';
import type { Row } from './dataProvider';
import { optionLabel } from './labels';

/**
 * Editable rows of a list (`list.inlineEdit`, the album list): the simple fields — one-line text (per-language text
 * in the content language), numbers, switches, choices — become inputs in the row; the rest stays as shown.
 * The row is then saved like the form saves it: the whole record with its stamp (a stale row answers 409).
 */
const INLINE_TYPES = new Set<FieldDef['type']>(['text', 'number', 'boolean', 'enum']);

export const inlineEditable = (field: FieldDef | undefined, isUpdate: boolean) =>
  Boolean(field && INLINE_TYPES.has(field.type) && !field.computed && !field.serverSet && !(isUpdate && field.readOnlyOnUpdate));

/** One language's copy of a per-language text: edits that copy and keeps the others. */
function LanguageText({ value, onChange, language, label }: { value?: unknown; onChange?: (v: string) => void; language: string; label: string }) {
  const map = parseTranslations(value);
  return <Input aria-label={label} value={map[language] ?? ''} onChange={(e) => onChange?.(JSON.stringify({ ...map, [language]: e.target.value }))} />;
}

export function inlineInput(def: ResourceDef, field: FieldDef, language: string, label: string, value: unknown, onChange: (v: unknown) => void) {
  if (field.perLanguage) return <LanguageText value={value} onChange={onChange} language={language} label={label} />;
  switch (field.type) {
    case 'number':
      return <InputNumber aria-label={label} value={value as number | null} onChange={(v) => onChange(v)} min={field.min} max={field.max} style={{ width: 100 }} />;
    case 'boolean':
      return <Switch aria-label={label} checked={Boolean(value)} onChange={(v) => onChange(v)} />;
    case 'enum':
      return <Select aria-label={label} value={value as string | number} onChange={onChange} options={(field.options ?? []).map((o) => ({ value: o.value, label: optionLabel(def, field, o) }))} style={{ minWidth: 120 }} />;
    default:
      return <Input aria-label={label} value={(value as string) ?? ''} onChange={(e) => onChange(e.target.value)} />;
  }
}

/** The list's columns with the simple fields editable in a row being edited (the search panel keeps its own inputs). */
export function withInlineEditing(def: ResourceDef, columns: ProColumns<Row>[], language: string): ProColumns<Row>[] {
  return columns.map((column) => {
    // The row buttons' column turns into Save / Cancel while the row is edited (ProTable does it for `option` columns it may edit).
    if (column.valueType === 'option') return column;
    const field = def.fields.find((f) => f.name === column.key);
    if (!inlineEditable(field, true)) return { ...column, editable: false };
    const search = column.renderFormItem;
    return {
      ...column,
      editable: () => true,
      renderFormItem: (schema, config, form, action) =>
        config.isEditable
          ? inlineInput(def, field!, language, String(column.title ?? field!.name), config.value, (v) => config.onChange?.(v))
          : search
            ? search(schema, config, form, action)
            : config.defaultRender(schema),
    };
  });
}
