import { DatePicker, Form, Input, InputNumber, Rate, Select, Switch } from 'antd';
import { ErasedValue, isErased } from './erased';
import DisabledContext from 'antd/es/config-provider/DisabledContext';
import dayjs from 'dayjs';
import { useContext, type ComponentProps } from 'react';
import type { FieldDef, ResourceDef } from '../../../shared/resources/define';
import { DATE_FORMAT, DATE_TIME_FORMAT, toWireDay } from '../core/dates';
import { optionLabel } from './labels';
import { useLookupOptions } from './useLookup';
import { useFieldWidgets, type FieldWidgets } from './widgets';

/**
 * The input of one field type. Every control is antd-Form compatible (`value`/`onChange`); `Form.Item`
 * passes them, and `id` (for label focus and the validation summary's jump).
 */
export interface FieldInputProps {
  def: ResourceDef;
  field: FieldDef;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  /** Accessible name (the field label, with the language for per-language copies). */
  label: string;
}

export function FieldInput({ def, field, id, value, onChange, disabled: own, label }: FieldInputProps) {
  // A form disabled as a whole (e.g. a news item pending review) also locks the controls that are not antd's own.
  const formDisabled = useContext(DisabledContext);
  const { FilePicker, RichText } = useFieldWidgets();
  const disabled = own || formDisabled;
  const common = { id, disabled, 'aria-label': label };
  // An erased personal value (issue 40) reads "Đã xoá" / "Erased" and stays erased: no control to type it back.
  if (isErased(value)) {
    return (
      <span id={id} aria-label={label}>
        <ErasedValue />
      </span>
    );
  }
  switch (field.type) {
    case 'textarea':
      return <Input.TextArea {...common} value={(value as string) ?? ''} onChange={(e) => onChange?.(e.target.value)} autoSize={{ minRows: 2, maxRows: 10 }} />;
    case 'richText':
      return <RichText {...common} value={(value as string) ?? ''} onChange={onChange} minHeight={160} />;
    case 'number':
      if (field.stars) {
        // Stars from 1 to `max`; a click on the chosen star keeps it (a rating is never cleared to 0).
        return <Rate {...common} value={(value as number | null) ?? 0} onChange={(v) => onChange?.(v)} count={field.max ?? 5} allowClear={false} />;
      }
      if (field.money) {
        // Whole dong with grouped thousands (1.200.000), the sign beside it.
        return (
          <InputNumber<number>
            {...common}
            value={value as number | null}
            onChange={(v) => onChange?.(v)}
            precision={0}
            min={0}
            formatter={(v) => (v === undefined || v === null || String(v) === '' ? '' : new Intl.NumberFormat('vi-VN').format(Number(v)))}
            parser={(text) => Number((text ?? '').replace(/\D/g, '')) || 0}
            addonAfter="₫"
            style={{ width: '100%' }}
          />
        );
      }
      return <InputNumber {...common} value={value as number | null} onChange={(v) => onChange?.(v)} style={{ width: '100%' }} />;
    case 'boolean':
      return <Switch {...common} checked={Boolean(value)} onChange={(v) => onChange?.(v)} />;
    case 'enum':
      return (
        <Select
          {...common}
          value={value as string | number | undefined}
          onChange={onChange}
          allowClear={!field.required}
          options={(field.options ?? []).map((o) => ({ value: o.value, label: optionLabel(def, field, o) }))}
        />
      );
    case 'reference':
      return <ReferenceSelect {...common} field={field} value={value} onChange={onChange} />;
    case 'tags':
      // Tags from a fixed set (a webhook's areas) are chosen from it, never typed and refused.
      if (field.options?.length) {
        return (
          <Select
            {...common}
            mode="multiple"
            allowClear
            value={(value as string[]) ?? []}
            onChange={onChange}
            options={field.options.map((o) => ({ value: o.value, label: optionLabel(def, field, o) }))}
          />
        );
      }
      return <Select {...common} mode="tags" value={(value as string[]) ?? []} onChange={onChange} tokenSeparators={[',']} open={false} suffixIcon={null} />;
    case 'image':
    case 'file':
    case 'media':
      return field.acceptBy ? (
        <KindByPicker {...common} by={field.acceptBy} value={(value as string) || undefined} onChange={(url) => onChange?.(url ?? '')} />
      ) : (
        <FilePicker {...common} value={(value as string) || undefined} onChange={(url) => onChange?.(url ?? '')} accept={field.type} />
      );
    case 'date':
    case 'datetime': {
      const parsed = typeof value === 'string' && value ? dayjs(value) : null;
      return (
        <DatePicker
          {...common}
          showTime={field.type === 'datetime' ? { format: 'HH:mm' } : false}
          format={field.type === 'datetime' ? DATE_TIME_FORMAT : DATE_FORMAT}
          value={parsed?.isValid() ? parsed : null}
          onChange={(d) => onChange?.(d ? (field.type === 'date' ? toWireDay(d) : d.toISOString()) : null)}
          style={{ width: '100%' }}
        />
      );
    }
    default:
      return <Input {...common} type={field.type === 'url' ? 'text' : undefined} value={(value as string) ?? ''} onChange={(e) => onChange?.(e.target.value)} />;
  }
}

function ReferenceSelect({ field, value, onChange, ...rest }: { field: FieldDef; value?: unknown; onChange?: (v: unknown) => void; id?: string; disabled?: boolean; 'aria-label': string }) {
  const { options, loading } = useLookupOptions(field);
  return (
    <Select
      {...rest}
      value={value as string | number | undefined}
      onChange={onChange}
      loading={loading}
      showSearch
      optionFilterProp="label"
      allowClear={!field.required}
      options={options}
    />
  );
}

/** A file picker offering the kind another field of the form decides (`acceptBy`), e.g. an image or a media file. */
function KindByPicker({ by, ...props }: { by: NonNullable<FieldDef['acceptBy']> } & Omit<ComponentProps<FieldWidgets['FilePicker']>, 'accept'>) {
  const { FilePicker } = useFieldWidgets();
  const decider = Form.useWatch(by.field, Form.useFormInstance()) as unknown;
  return <FilePicker {...props} accept={by.kinds[String(decider)] ?? 'image'} />;
}
