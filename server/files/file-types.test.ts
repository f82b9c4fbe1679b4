import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { contentTypeFor, requireAllowedExtension, requireMatchingContent } from './file-types';
import { FilesError } from './errors';
import { pdfBytes, pngBytes } from '../../tests/server/file-bytes';

const dir = mkdtempSync(path.join(tmpdir(), 'sitedesk-types-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
async function verdict(bytes: Uint8Array, ext: string): Promise<'ok' | number> {
  const file = path.join(dir, `f${n++}`);
  writeFileSync(file, bytes);
  try {
    await requireMatchingContent(file, ext, `x.${ext}`);
    return 'ok';
  } catch (err) {
    if (err instanceof FilesError) return err.statusCode;
    throw err;
  }
}

const ole2 = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1000)]);
const mp3 = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(2000)]);
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2avc1mp41'), Buffer.alloc(500)]);

describe('content checks', () => {
  it('accepts each allowed type when the bytes match', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Lịch').addRow(['Thứ hai', 8]);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    expect(await verdict(xlsx, 'xlsx')).toBe('ok');
    expect(await verdict(ole2, 'doc')).toBe('ok');
    expect(await verdict(ole2, 'xls')).toBe('ok');
    expect(await verdict(mp3, 'mp3')).toBe('ok');
    expect(await verdict(mp4, 'mp4')).toBe('ok');
    expect(await verdict(pngBytes(100), 'png')).toBe('ok');
    expect(await verdict(pdfBytes(100), 'pdf')).toBe('ok');
    expect(await verdict(Buffer.from('Chào buổi sáng\n'), 'txt')).toBe('ok');
  });

  it('refuses bytes of another type', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('a');
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    expect(await verdict(xlsx, 'docx')).toBe(415);
    expect(await verdict(pngBytes(100), 'jpg')).toBe(415);
    expect(await verdict(pdfBytes(100), 'mp4')).toBe(415);
    expect(await verdict(Buffer.from('text'), 'doc')).toBe(415);
    expect(await verdict(Buffer.from([0xc3, 0x28]), 'txt')).toBe(415); // invalid UTF-8
    expect(await verdict(pdfBytes(100), 'txt')).toBe(415); // a recognised binary type
  });
});

describe('extensions', () => {
  it('allows the picker and media types only', () => {
    for (const ext of ['png', 'JPEG', 'jpg', 'webp', 'txt', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'gif', 'mp3', 'mp4']) {
      expect(requireAllowedExtension(`a.${ext}`)).toBe(ext.toLowerCase());
    }
    expect(() => requireAllowedExtension('a.svg')).toThrow(FilesError);
    expect(() => requireAllowedExtension('a.html')).toThrow(FilesError);
    expect(() => requireAllowedExtension('noext')).toThrow(FilesError);
    expect(contentTypeFor('x.JPG')).toBe('image/jpeg');
    expect(contentTypeFor('x.txt')).toBe('text/plain; charset=utf-8');
  });
});
