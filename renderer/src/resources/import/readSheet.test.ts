import { describe, expect, it } from 'vitest';
import { sheetOf } from './readSheet';

describe('sheetOf', () => {
  it('reads a CSV: byte-order mark, quoted fields with line breaks, blank rows skipped but counted', async () => {
    const csv = '\uFEFFCâu hỏi,Thứ tự\r\n"Có gửi xe, không?",1\r\n,\r\n"Hai\ndòng",2\r\n';
    const bytes = new TextEncoder().encode(csv);
    const sheet = await sheetOf('faq.csv', bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    expect(sheet.headers).toEqual(['Câu hỏi', 'Thứ tự']);
    expect(sheet.rows).toEqual([
      ['Có gửi xe, không?', '1'],
      ['Hai\ndòng', '2'],
    ]);
    expect(sheet.numbers).toEqual([2, 4]);
  });

  it('reads the first worksheet of an Excel file: numbers stay numbers', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('FAQ');
    ws.addRow(['Câu hỏi', 'Thứ tự']);
    ws.addRow(['Mấy giờ mở cửa?', 3]);
    const buffer = (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
    const sheet = await sheetOf('faq.xlsx', buffer);
    expect(sheet.headers).toEqual(['Câu hỏi', 'Thứ tự']);
    expect(sheet.rows).toEqual([['Mấy giờ mở cửa?', 3]]);
  });
});
