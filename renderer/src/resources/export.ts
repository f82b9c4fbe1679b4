import type { FieldDef, ResourceDef } from '../../../shared/resources/define';
import { htmlToText, isTranslationMap } from '../../../shared/resources/translations';
import { localized } from '../core/workspace/localized';
import { fileDate, formatDate, formatDateTime } from '../core/dates';
import type { Row } from './dataProvider';

/**
 * Export of what a list shows (its list columns, per-language text in the current language, enums by
 * name, booleans as words, images as their URL) to CSV or Excel (the audit log: JSON too). exceljs is imported only
 * when an export to Excel is asked for, so lists do not pay for it.
 */
export interface ExportTable {
  headers: string[];
  /**
   * Text, or a number where the list shows a number (a numeric cell in Excel, left as it is), or a time (a date cell in
   * Excel, ISO 8601 in CSV).
   */
  rows: ExportCell[][];
}

export type ExportCell = string | number | Date;

/**
 * OWASP's rule against CSV/formula injection: a text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return
 * is one a spreadsheet may run as a formula (`=HYPERLINK(…)` in a collaborator's name, which comes from the public
 * intake), so it is written with a leading single quote and shown as the text it is. Numbers stay numbers.
 * Every export goes through `toCsv` or `toXlsx`, which apply it to every cell.
 */
export function neutralizeCell(cell: ExportCell): ExportCell {
  return typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

export interface ExportLabels {
  field(field: FieldDef): string;
  option(field: FieldDef, value: unknown): string | undefined;
  yes: string;
  no: string;
}

export function cellText(field: FieldDef, value: unknown, language: string, labels: Pick<ExportLabels, 'option' | 'yes' | 'no'>): string {
  if (value === null || value === undefined) return '';
  if (field.perLanguage) return field.type === 'richText' ? htmlToText(localized(value, language)) : localized(value, language);
  switch (field.type) {
    case 'boolean':
      return value ? labels.yes : labels.no;
    case 'enum':
      return labels.option(field, value) ?? String(value);
    case 'date':
      return formatDate(value);
    case 'datetime':
      return formatDateTime(value);
    case 'tags':
      return Array.isArray(value) ? value.map((t) => (typeof t === 'object' && t ? String((t as { name?: unknown }).name) : String(t))).join(', ') : String(value);
    case 'richText':
      return htmlToText(isTranslationMap(value) ? localized(value, language) : String(value));
    default:
      if (isTranslationMap(value)) return localized(value, language);
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** A number field's value: written as a number, not as text. */
const isNumberCell = (field: FieldDef, value: unknown) => field.type === 'number' && !field.perLanguage && typeof value === 'number' && Number.isFinite(value);

export function exportTable(def: ResourceDef, fields: readonly FieldDef[], rows: readonly Row[], language: string, labels: ExportLabels): ExportTable {
  return {
    headers: fields.map((f) => labels.field(f)),
    rows: rows.map((row) => fields.map((f) => (isNumberCell(f, row[f.name]) ? (row[f.name] as number) : cellText(f, row[f.name], language, labels)))),
  };
}

const csvCell = (text: string) => (/[",\r\n;]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** CSV text with a UTF-8 byte-order mark, so Excel opens Vietnamese text correctly; CRLF line ends (RFC 4180). */
export function toCsv(table: ExportTable): string {
  const text = (cell: ExportCell) => (cell instanceof Date ? cell.toISOString() : String(neutralizeCell(cell)));
  const lines = [table.headers, ...table.rows].map((cells) => cells.map((cell) => csvCell(text(cell))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** How an Excel cell shows a time: the console's order (DATE_TIME_FORMAT's day first), with seconds. */
export const XLSX_TIME = 'dd-mm-yyyy hh:mm:ss';

/** A JSON file's text: the records as they are, indented, with a UTF-8 byte-order mark left out (JSON has none). */
export const toJson = (records: unknown): string => `${JSON.stringify(records, null, 2)}\n`;

export async function toXlsx(table: ExportTable, sheetName: string): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  // Sheet names: at most 31 characters, none of []:*?/\
  const sheet = workbook.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1');
  sheet.addRow(table.headers.map(neutralizeCell)).font = { bold: true };
  // A time is a date cell, at the wall-clock time the console shows (a spreadsheet's dates have no time zone).
  const cell = (c: ExportCell) => (c instanceof Date ? new Date(c.getTime() - c.getTimezoneOffset() * 60_000) : neutralizeCell(c));
  for (const row of table.rows) sheet.addRow(row.map(cell));
  sheet.columns.forEach((column, i) => {
    if (table.rows.some((r) => r[i] instanceof Date)) {
      column.numFmt = XLSX_TIME;
      column.width = 20;
      return;
    }
    const longest = Math.max(table.headers[i]?.length ?? 0, ...table.rows.map((r) => String(r[i] ?? '').length));
    column.width = Math.min(60, Math.max(10, longest + 2));
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
}

/** File name: the resource and today's local date, e.g. `socialNetwork-2025-01-31.csv`. */
export const exportFileName = (def: ResourceDef, extension: string, now = new Date()) => `${def.name}-${fileDate(now)}.${extension}`;

/** Hand a file to the user (browser download; Electron routes it through its download handling). */
export function saveFile(content: BlobPart, type: string, name: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
