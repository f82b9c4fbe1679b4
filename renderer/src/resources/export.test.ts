// Exports neutralise formula-like text (OWASP CSV injection, issue 26 item 16) in CSV and Excel alike.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../../../shared/resources/define';
import { resources } from '../../../shared/resources/index';
import { exportTable, neutralizeCell, toCsv, toXlsx, XLSX_TIME } from './export';

const NAME = '=HYPERLINK("https://evil.example","Bấm vào")';

describe('neutralizeCell', () => {
  it('prefixes a quote to text that a spreadsheet would run, and leaves the rest', () => {
    for (const text of ['=1+1', '+84978975965', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd']) expect(neutralizeCell(text)).toBe(`'${text}`);
    for (const text of ['Nguyễn Văn A', '0978975965', 'a=b', ' =1', '']) expect(neutralizeCell(text)).toBe(text);
    // A number cell stays a number, negative too.
    expect(neutralizeCell(-5)).toBe(-5);
  });
});

describe('exports', () => {
  const fields = (resources.socialNetwork.fields as readonly FieldDef[]).filter((f) => f.list);
  const table = exportTable(resources.socialNetwork, fields, [{ name: JSON.stringify({ 'vi-VN': NAME }), url: '@cmd', image: '', order: -1, isActive: true }], 'vi-VN', {
    field: (f) => f.label.vi,
    option: () => undefined,
    yes: 'Có',
    no: 'Không',
  });

  it('writes CSV cells neutralised, numbers as they are', () => {
    expect(toCsv(table)).toContain(`"'=HYPERLINK(""https://evil.example"",""Bấm vào"")",'@cmd,,-1,Có\r\n`);
  });

  it('writes Excel cells neutralised, numbers as numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await toXlsx(table, 'Mạng xã hội'));
    const row = workbook.worksheets[0].getRow(2);
    expect(row.getCell(1).value).toBe(`'${NAME}`);
    expect(row.getCell(2).value).toBe("'@cmd");
    expect(row.getCell(4).value).toBe(-1);
  });

  it('writes a time as ISO 8601 in CSV and as a date cell in Excel, at the wall-clock time the console shows', async () => {
    const time = new Date('2026-12-07T23:52:37.000Z');
    const timed = { headers: ['Thời gian', 'Thao tác'], rows: [[time, 'Duyệt']] };
    expect(toCsv(timed)).toContain('2026-12-07T23:52:37.000Z,Duyệt\r\n');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await toXlsx(timed, 'Nhật ký'));
    const cell = workbook.worksheets[0].getRow(2).getCell(1);
    expect(cell.value).toBeInstanceOf(Date);
    expect(cell.numFmt).toBe(XLSX_TIME);
    expect((cell.value as Date).getTime()).toBe(time.getTime() - time.getTimezoneOffset() * 60_000);
  });
});
