import { Alert, Form, InputNumber, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_OBJECT_TYPE } from '../../../../shared/editorial';
import { resources } from '../../../../shared/resources';
import type { ResourceDef } from '../../../../shared/resources/define';
import { localized } from '../../core/workspace/localized';
import { ApiError, cmsApi } from '../../api/client';
import type { Row } from '../../resources/dataProvider';
import { readList } from '../../resources/dataProvider';
import { optionLabel } from '../../resources/labels';
import { RemoteSelect } from '../../resources/RemoteSelect';
import { TreeParentSelect } from '../../resources/TreeParentSelect';
import { useWorkspace } from '../../core/workspace';

/**
 * The object a menu item links to, by its object type: 0 Custom URL (nothing to pick: the URL field is free), 1 a
 * news category (tree), 2 a news item (searched on the server), 5 a service (from `services/get-all/{website}`
 * when the server offers it). Picking one fills the objectId and the item's seoLink with the object's link.
 */
const def: ResourceDef = resources.menuItem;
const objectTypeField = def.fields.find((f) => f.name === 'objectType')!;
/** The types the spec names for menu items; another stored type stays selectable on its item. */
const OFFERED = [MENU_OBJECT_TYPE.custom, MENU_OBJECT_TYPE.category, MENU_OBJECT_TYPE.news, MENU_OBJECT_TYPE.service] as number[];

export interface PickerInputProps {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  label: string;
}

/** Object type select; a new type clears the object chosen for the previous one. */
export function ObjectTypeSelect({ id, value, onChange, disabled, label }: PickerInputProps) {
  const form = Form.useFormInstance();
  const options = (objectTypeField.options ?? [])
    .filter((o) => OFFERED.includes(Number(o.value)) || String(o.value) === String(value))
    .map((o) => ({ value: o.value, label: optionLabel(def, objectTypeField, o) }));
  return (
    <Select
      id={id}
      aria-label={label}
      disabled={disabled}
      value={value as number | undefined}
      options={options}
      onChange={(next) => {
        onChange?.(next);
        if (String(next) !== String(value)) form.setFieldValue('objectId', null);
      }}
    />
  );
}

const seoLinkOf = (row: Row | undefined): string | undefined => {
  const link = row?.seoLink;
  return typeof link === 'string' && link ? link : undefined;
};

export function ObjectPicker({ id, value, onChange, disabled, label, knownLabel }: PickerInputProps & { knownLabel?: string }) {
  const { t } = useTranslation('editorial');
  const form = Form.useFormInstance();
  const type = Number(Form.useWatch('objectType', form));
  const fill = (row: Row | undefined) => {
    const link = seoLinkOf(row);
    if (link) form.setFieldValue('seoLink', link);
  };
  const common = { id, value, disabled, 'aria-label': label };
  if (type === MENU_OBJECT_TYPE.category) {
    return <TreeParentSelect {...common} lookup="api:categorys/get-all/{website}" onChange={onChange} onPick={fill} placeholder={t('menu.pickCategory')} />;
  }
  if (type === MENU_OBJECT_TYPE.news) {
    return (
      <RemoteSelect
        {...common}
        path="News/{website}/{lang}"
        labelField="title"
        known={value !== null && value !== undefined && knownLabel ? [{ value: value as number, label: knownLabel }] : undefined}
        onChange={onChange}
        onPick={fill}
        placeholder={t('menu.pickNews')}
      />
    );
  }
  if (type === MENU_OBJECT_TYPE.service) return <ServicePicker {...common} onChange={onChange} onPick={fill} />;
  if (type === MENU_OBJECT_TYPE.custom || Number.isNaN(type)) {
    return <Typography.Text type="secondary">{t('menu.customHint')}</Typography.Text>;
  }
  // Types the spec does not describe: the id by hand.
  return <InputNumber {...common} min={1} value={value as number | null} onChange={(v) => onChange?.(v)} style={{ width: '100%' }} />;
}

type Services = { rows: Row[] } | 'missing' | null;

/** Services from `services/get-all/{website}`; a server without that call gets the id and link typed in. */
function ServicePicker({ id, value, onChange, onPick, disabled, 'aria-label': label }: { id?: string; value?: unknown; onChange?: (v: unknown) => void; onPick(row: Row | undefined): void; disabled?: boolean; 'aria-label': string }) {
  const { t } = useTranslation('editorial');
  const { websiteId, language } = useWorkspace();
  const [services, setServices] = useState<Services>(null);
  useEffect(() => {
    let alive = true;
    cmsApi.get(`/services/get-all/${encodeURIComponent(String(websiteId))}`, { quietStatuses: [404] }).then(
      (response) => alive && setServices({ rows: readList(response.data).data }),
      (error: unknown) => alive && setServices(error instanceof ApiError && error.status === 404 ? 'missing' : { rows: [] }),
    );
    return () => {
      alive = false;
    };
  }, [websiteId]);
  if (services === 'missing') {
    return (
      <>
        <Alert type="info" showIcon message={t('menu.noServices')} style={{ marginBottom: 8 }} />
        <InputNumber id={id} aria-label={label} disabled={disabled} min={1} value={value as number | null} onChange={(v) => onChange?.(v)} style={{ width: '100%' }} />
      </>
    );
  }
  const rows = services?.rows ?? [];
  return (
    <Select
      id={id}
      aria-label={label}
      disabled={disabled}
      loading={services === null}
      showSearch
      optionFilterProp="label"
      allowClear
      value={value as number | undefined}
      options={rows.map((r) => ({ value: r.id as number, label: localized(r.title, language) || String(r.id) }))}
      onChange={(next) => {
        onChange?.(next ?? null);
        onPick(rows.find((r) => String(r.id) === String(next)));
      }}
      placeholder={t('menu.pickService')}
    />
  );
}
