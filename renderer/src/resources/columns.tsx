import { CheckCircleFilled, DeleteOutlined, InfoCircleOutlined, MinusCircleOutlined, TranslationOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { formatDong } from '../../../shared/money';
import { Button, Popconfirm, Rate, Select, Space, Tag, Tooltip, Typography } from 'antd';
import type { FieldDef, ResourceDef } from '../../../shared/resources/define';
import { htmlToText, isTranslationMap, missingLanguages } from '../../../shared/resources/translations';
import { localized } from '../core/workspace/localized';
import { FieldThumb } from './widgets';
import { DATE_FORMAT, formatDate, formatDateTime } from '../core/dates';
import { nameFromUrl } from '../../../shared/fileNames';

const IMAGE_NAME = /\.(png|jpe?g|webp|gif)([?#]|$)/i;
import type { Row } from './dataProvider';
import { ErasedValue, isErased } from './erased';
import { fieldLabel, optionLabel } from './labels';
import { useLookupOptions } from './useLookup';
import { useState } from 'react';

/**
 * One ProColumns list per definition drives both the table and its search form: list fields become
 * columns (per-language ones in the current language, with a marker naming the languages still empty),
 * fields marked `search` become search-panel inputs when the definition asks for a search panel.
 */
export interface ColumnLabels {
  yes: string;
  no: string;
  info: string;
  delete: string;
  deleteConfirm: string;
  actions: string;
  /** "Still empty: English" */
  missing(languages: string): string;
  ok: string;
  cancel: string;
}

export interface ColumnOptions {
  language: string;
  /** The languages a row should have text in (the website's), with display names. */
  languages: readonly { languageId: string; name?: string }[];
  /** A row's own languages when they differ from the workspace's (a website row lists its own). */
  rowLanguages?: (row: Row) => readonly { languageId: string; name?: string }[] | undefined;
  searchPanel: boolean;
  labels: ColumnLabels;
  onOpen?: (row: Row) => void;
  onDelete?: (row: Row) => Promise<unknown>;
  /** Whether this row may be deleted (the definition's `delete` access, ./access.ts): drawn, disabled saying why, or not drawn. */
  deletable?: (row: Row) => { allowed: boolean; reason?: string; hidden: boolean };
}

/**
 * Languages in which a per-language value is still empty, when it has text in another: a small icon after the text,
 * naming them in its tooltip and accessible name. It never stands in for the text nor reads as part of it (no
 * language codes beside a title), and a value empty in every language (an optional description) has none.
 */
export function MissingMarker({ value, languages, label }: { value: unknown; languages: readonly { languageId: string; name?: string }[]; label: (names: string) => string }) {
  const ids = languages.map((l) => l.languageId);
  const missing = missingLanguages(value, ids);
  if (!missing.length || missing.length === ids.length) return null;
  const names = missing.map((id) => languages.find((l) => l.languageId === id)?.name || id).join(', ');
  return (
    <Tooltip title={label(names)}>
      <Typography.Text type="warning" role="img" aria-label={label(names)} data-testid="missing-translation" style={{ flex: 'none' }}>
        <TranslationOutlined />
      </Typography.Text>
    </Tooltip>
  );
}

/** A day reads on one line; a time and its day may sit on two lines when the table needs the room. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;
export function DateTimeCell({ value }: { value: unknown }) {
  const [time, day] = formatDateTime(value).split(' ');
  return day ? (
    <>
      <span style={NO_WRAP}>{time}</span> <span style={NO_WRAP}>{day}</span>
    </>
  ) : (
    <span style={NO_WRAP}>{time}</span>
  );
}

/** Widest a text cell grows before it wraps (two lines at most, then an ellipsis, the whole text in its tooltip). */
const TEXT_CELL_WIDTH = 280;

/**
 * Plain text in a cell: at most two lines, cut with an ellipsis. Long text (a description, an e-mail address, a link)
 * may break anywhere when the table is short of room, so it gives way and never pushes the key columns (name,
 * status, date) under the sticky actions column; short text (a name, a time) breaks only between words.
 */
export function TextCell({ text, long = false, width = TEXT_CELL_WIDTH }: { text: string; long?: boolean; width?: number }) {
  if (!text) return null;
  return (
    <Typography.Paragraph ellipsis={{ rows: 2, tooltip: text }} style={{ margin: 0, maxWidth: width, overflowWrap: long ? 'anywhere' : 'break-word' }}>
      {text}
    </Typography.Paragraph>
  );
}

/** Text that is one token (a phone number, a time, a short code): never wrapped. */
const isShortToken = (field: FieldDef) => !field.perLanguage && (field.format === 'phone' || (field.maxLength !== undefined && field.maxLength <= 30));

/** Text that gives way first when the table is short of room. */
const isLongText = (field: FieldDef) => field.type === 'textarea' || field.type === 'richText' || field.type === 'url' || field.format === 'email';

/** A per-language value as a cell shows it: the content language's text (else the default language's), as plain text. */
export function languageText(field: FieldDef, value: unknown, language: string): string {
  const text = localized(value, language);
  return field.type === 'richText' ? htmlToText(text) : text.replace(/\s+/g, ' ').trim();
}

function ReferenceCell({ field, value }: { field: FieldDef; value: unknown }) {
  const { options } = useLookupOptions(field);
  const found = options.find((o) => String(o.value) === String(value));
  return <>{found?.label ?? (value === null || value === undefined ? '' : String(value))}</>;
}

/** A reference field in the search panel: its lookup's records to choose from (the form injects value and onChange). */
function ReferenceFilter({ field, ...rest }: { field: FieldDef; value?: unknown; onChange?: (value: unknown) => void; id?: string }) {
  const { options, loading } = useLookupOptions(field);
  return <Select {...rest} value={rest.value as string | number | undefined} options={options} loading={loading} allowClear showSearch optionFilterProp="label" />;
}

function BooleanCell({ value, labels }: { value: unknown; labels: ColumnLabels }) {
  return value ? (
    <Tag icon={<CheckCircleFilled />} color="success" bordered={false}>
      {labels.yes}
    </Tag>
  ) : (
    <Tag icon={<MinusCircleOutlined />} bordered={false}>
      {labels.no}
    </Tag>
  );
}

export function renderCell(def: ResourceDef, field: FieldDef, row: Row, options: ColumnOptions) {
  const value = row[field.name];
  if (isErased(value)) return <ErasedValue />;
  if (field.perLanguage) {
    const languages = options.rowLanguages?.(row) ?? options.languages;
    return (
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, maxWidth: '100%' }}>
        <TextCell text={languageText(field, value, options.language)} long={isLongText(field)} />
        <MissingMarker value={value} languages={languages} label={options.labels.missing} />
      </span>
    );
  }
  switch (field.type) {
    case 'number':
      if (field.stars) return typeof value === 'number' ? <Rate disabled value={value} count={field.max ?? 5} style={{ fontSize: 14 }} aria-label={String(value)} /> : '';
      return field.money && typeof value === 'number' ? formatDong(value) : value == null ? '' : String(value);
    case 'boolean':
      return <BooleanCell value={value} labels={options.labels} />;
    case 'enum': {
      const option = field.options?.find((o) => String(o.value) === String(value));
      return option ? <Tag color={option.color}>{optionLabel(def, field, option)}</Tag> : value == null ? '' : String(value);
    }
    case 'image':
      return <FieldThumb url={typeof value === 'string' && value ? value : undefined} height={50} />;
    case 'file':
    case 'media':
      // A picture shows as one; anything else by its file name (the whole address in the tooltip).
      if (typeof value !== 'string' || !value) return '';
      return IMAGE_NAME.test(value) ? (
        <FieldThumb url={value} height={50} />
      ) : (
        <Typography.Text ellipsis={{ tooltip: value }} style={{ maxWidth: 320 }}>
          {nameFromUrl(value)}
        </Typography.Text>
      );
    case 'date':
      return <span style={NO_WRAP}>{formatDate(value)}</span>;
    case 'datetime':
      return <DateTimeCell value={value} />;
    case 'reference':
      return <ReferenceCell field={field} value={value} />;
    case 'url':
      return typeof value === 'string' ? <TextCell text={value} long width={240} /> : '';
    case 'tags':
      return Array.isArray(value)
        ? value.map((t, i) => <Tag key={i}>{typeof t === 'object' && t ? String((t as { name?: unknown }).name) : String(t)}</Tag>)
        : '';
    case 'richText':
      return <TextCell text={htmlToText(plainValue(value, options.language))} long />;
    default: {
      const text = plainValue(value, options.language).replace(/\s+/g, ' ').trim();
      // A phone number or a short code (a time "15:30") is one token: cut in two it reads as two wrong values.
      return isShortToken(field) ? <span style={NO_WRAP}>{text}</span> : <TextCell text={text} long={isLongText(field)} />;
    }
  }
}

/**
 * A value shown as text: per-language JSON text (a computed field such as an application's job names) in the content
 * language, never raw; anything else as it is.
 */
export function plainValue(value: unknown, language: string): string {
  if (value === null || value === undefined) return '';
  return isTranslationMap(value) ? localized(value, language) : String(value);
}

/** The fields a list shows, in definition order. */
export const listFields = (def: ResourceDef) => def.fields.filter((f) => f.list && !f.hidden);

/** Narrowest the record's name gets when the table is short of room (longer names wrap, then end in an ellipsis). */
const NAME_MIN_WIDTH = 140;

/** A row's delete button: asks first; disabled with the reason, or left out, when the user may not delete the row. */
function DeleteButton({ row, options }: { row: Row; options: ColumnOptions }) {
  const { labels } = options;
  const may = options.deletable?.(row) ?? { allowed: true, hidden: false };
  if (may.hidden) return null;
  if (!may.allowed) {
    return (
      <Tooltip title={may.reason}>
        <Button type="text" size="small" danger disabled icon={<DeleteOutlined />} aria-label={labels.delete} />
      </Tooltip>
    );
  }
  return <ConfirmDelete labels={labels} onConfirm={() => options.onDelete!(row)} />;
}

/** The delete button and its question. Its "Xóa" tooltip hides while the question is open: it covered it. */
function ConfirmDelete({ labels, onConfirm }: { labels: ColumnOptions['labels']; onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <Popconfirm title={labels.deleteConfirm} okText={labels.ok} cancelText={labels.cancel} okButtonProps={{ danger: true }} onConfirm={onConfirm} open={asking} onOpenChange={setAsking}>
      <Tooltip title={labels.delete} {...(asking ? { open: false } : {})}>
        <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={labels.delete} />
      </Tooltip>
    </Popconfirm>
  );
}

export function buildColumns(def: ResourceDef, options: ColumnOptions): ProColumns<Row>[] {
  const { labels } = options;
  // The record's name: the first text column that is more than a code (a sick category's letter is not its name). It
  // keeps a readable width; other text gives way first.
  const nameField = listFields(def).find((f) => f.type === 'text' && (f.maxLength === undefined || f.maxLength >= 50));
  const columns = listFields(def).map((field): ProColumns<Row> => {
    const column: ProColumns<Row> = {
      key: field.name,
      dataIndex: field.name,
      title: fieldLabel(def, field),
      width: field.width ?? (field.type === 'image' ? 90 : field.type === 'boolean' ? 110 : undefined),
      ...(field === nameField ? { minWidth: NAME_MIN_WIDTH } : {}),
      hideInSearch: !(options.searchPanel && field.search),
      render: (_, row) => renderCell(def, field, row, options),
    };
    if (field.type === 'enum') {
      column.valueType = 'select';
      column.valueEnum = Object.fromEntries((field.options ?? []).map((o) => [String(o.value), { text: optionLabel(def, field, o) }]));
    } else if (field.type === 'boolean') {
      column.valueType = 'select';
      column.valueEnum = { true: { text: labels.yes }, false: { text: labels.no } };
    } else if (field.type === 'number') {
      column.valueType = 'digit';
    } else if (field.type === 'date' || field.type === 'datetime') {
      // A date in the search panel is picked in the console's format and sent as the day (`YYYY-MM-DD`).
      column.valueType = 'date';
      column.fieldProps = { format: DATE_FORMAT };
    } else if (field.type === 'reference') {
      column.renderFormItem = () => <ReferenceFilter field={field} />;
    }
    return column;
  });
  // Fields searchable in the panel but not shown as columns still get a search input.
  if (options.searchPanel) {
    for (const field of def.fields.filter((f) => f.search && !f.list && !f.hidden)) {
      columns.push({
        key: field.name,
        dataIndex: field.name,
        title: fieldLabel(def, field),
        hideInTable: true,
        ...(field.type === 'reference' ? { renderFormItem: () => <ReferenceFilter field={field} /> } : {}),
      });
    }
  }
  if (options.onOpen || options.onDelete) {
    columns.push({
      key: '__actions',
      title: labels.actions,
      valueType: 'option',
      width: 110,
      fixed: 'right',
      render: (_, row) => (
        <Space size={4}>
          {options.onOpen && (
            <Tooltip title={labels.info}>
              <Button type="text" size="small" icon={<InfoCircleOutlined />} aria-label={labels.info} onClick={() => options.onOpen!(row)} />
            </Tooltip>
          )}
          {options.onDelete && <DeleteButton row={row} options={options} />}
        </Space>
      ),
    });
  }
  return columns;
}
