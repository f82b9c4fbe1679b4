import type { Cell } from './columns';

/**
 * A CSV or Excel file as its first row (the headings) and the rows below it. papaparse reads CSV (quoted fields, line
 * breaks inside them, a byte-order mark, `,` or `;`); exceljs the first worksheet of an .xlsx. Both are loaded only when
 * a file is read, so the lists do not pay for them.
 */
export interface Sheet {
  headers: string[];
  rows: Cell[][];
  /** Each row's number in the file as a spreadsheet shows it (the headings: row 1), blank rows skipped. */
  numbers: number[];
}

export const isExcel = (name: string) => /\.xlsx$/i.test(name);

export async function readSheet(file: File): Promise<Sheet> {
  return sheetOf(file.name, await file.arrayBuffer());
}

/** A file's bytes as a sheet: Excel by its extension, else CSV in UTF-8. */
export async function sheetOf(name: string, bytes: ArrayBuffer): Promise<Sheet> {
  const grid = isExcel(name) ? await readXlsx(bytes) : await readCsv(new TextDecoder('utf-8').decode(bytes));
  const [head = [], ...rows] = grid;
  // Rows left blank in a spreadsheet (formatting only) are no records.
  const filled = rows.map((row, i) => ({ row, number: i + 2 })).filter(({ row }) => row.some((cell) => cell !== null && String(cell).trim() !== ''));
  return { headers: head.map((h) => (h === null ? '' : String(h).trim())), rows: filled.map((f) => f.row), numbers: filled.map((f) => f.number) };
}

async function readCsv(text: string): Promise<Cell[][]> {
  const { default: Papa } = await import('papaparse');
  // Blank records stay (skipped by the caller, which counts them), so a refused row is named by its record's number.
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  return parsed.data.map((row) => row.map((cell) => (cell === '' ? null : cell)));
}

async function readXlsx(buffer: ArrayBuffer): Promise<Cell[][]> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const grid: Cell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: Cell[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) cells.push(cellOf(row.getCell(c).value));
    grid[rowNumber - 1] = cells;
  });
  return Array.from(grid, (row) => row ?? []);
}

/** An exceljs value as a plain cell: rich text as its text, a formula as its result, a link as its text. */
function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellOf(v.result);
    if (v.text !== undefined) return cellOf(v.text);
  }
  return String(value);
}
