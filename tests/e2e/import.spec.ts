// Bringing data in (issue 42, "Bring data in"): an Excel file of FAQs, its columns mapped by their headings, a dry run
// that finds two bad rows in the server's words, then the rest imported with the progress bar, and the refused rows
// downloaded as a file.
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADMIN, signIn } from './support';

test('an Excel import: the dry run finds two bad rows, the rest go in', async ({ page }, testInfo) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const question = (n: number) => `Câu hỏi nhập ${tag} số ${n}`;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('FAQ');
  sheet.addRow(['Câu hỏi (Tiếng Việt)', 'Câu hỏi (English)', 'Câu trả lời (Tiếng Việt)', 'Câu trả lời (English)', 'Nhóm câu hỏi', 'Thứ tự']);
  sheet.addRow([question(1), `Imported ${tag} 1`, 'Có', 'Yes', 'Đặt lịch khám', 1]);
  sheet.addRow([question(2), null, 'Có', 'Yes', 'Đặt lịch khám', 2]); // no English question
  sheet.addRow([question(3), `Imported ${tag} 3`, 'Có', 'Yes', 'Bảo hiểm y tế', 3]);
  sheet.addRow([question(4), `Imported ${tag} 4`, 'Có', 'Yes', 'Đặt lịch khám', -1]); // an order below 0
  sheet.addRow([question(5), `Imported ${tag} 5`, 'Có', 'Yes', 'Đặt lịch khám', 5]);
  const file = testInfo.outputPath('faq.xlsx');
  await workbook.xlsx.writeFile(file);

  await signIn(page, ADMIN, null);
  await page.goto('/faq');
  await page.getByRole('button', { name: 'Nhập từ tệp' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles(file);

  // Every heading names a field (its label, per language by the language's name): mapped already.
  await expect(dialog.getByText('faq.xlsx: 5 dòng')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Trường cho cột Câu hỏi (English)' }).locator('..').locator('..')).toContainText('Câu hỏi (English)');
  await expect(dialog.getByRole('combobox', { name: 'Trường cho cột Nhóm câu hỏi' }).locator('..').locator('..')).toContainText('Nhóm câu hỏi');

  await dialog.getByRole('button', { name: 'Chạy thử' }).click();
  await expect(dialog.getByTestId('import-summary')).toHaveText('Chạy thử: 3 dòng hợp lệ, 2 dòng lỗi');
  const refused = dialog.getByTestId('import-refused');
  await expect(refused.getByRole('row', { name: /^3 / })).toContainText('Câu hỏi (English) là trường bắt buộc');
  await expect(refused.getByRole('row', { name: /^5 / })).toContainText('Thứ tự phải đúng định dạng');

  await dialog.getByRole('button', { name: 'Nhập 3 dòng hợp lệ' }).click();
  await expect(dialog.getByTestId('import-summary')).toHaveText('Đã nhập 3 dòng; 2 dòng bị từ chối');
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Tải các dòng bị từ chối' }).click();
  const saved = await (await download).path();
  const back = new ExcelJS.Workbook();
  await back.xlsx.readFile(saved);
  const rows = back.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
  expect(rows).toHaveLength(3); // the headings and the two refused rows, with their reasons
  expect(String(rows[1].at(-1))).toBe('Câu hỏi (English) là trường bắt buộc');
  await dialog.getByRole('button', { name: 'Đóng' }).click();

  // The list shows what went in (and not what was refused).
  await page.locator('.ant-pro-query-filter').getByLabel('Câu hỏi', { exact: true }).fill(tag);
  await page.getByRole('button', { name: 'Tìm kiếm' }).click();
  for (const n of [1, 3, 5]) await expect(page.getByRole('cell', { name: question(n), exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: question(2), exact: true })).toBeHidden();
});
