import { describe, expect, it } from 'vitest';
import { extensionOf, nameKey, sanitizeName, uniqueName } from './file-name';

describe('sanitizeName', () => {
  it('keeps only the last path segment, whatever the separator', () => {
    expect(sanitizeName('../../etc/passwd.png')).toBe('passwd.png');
    expect(sanitizeName('C:\\Users\\x\\báo cáo.docx')).toBe('báo cáo.docx');
    expect(sanitizeName('..')).toBe('');
    expect(sanitizeName('.')).toBe('');
  });

  it('drops control and Windows-forbidden characters, leading dots, trailing dots and spaces', () => {
    expect(sanitizeName('a\u0000b\u0007c<>:"|?*.txt')).toBe('abc.txt');
    expect(sanitizeName('.htaccess')).toBe('htaccess');
    expect(sanitizeName('  report.pdf. . ')).toBe('report.pdf');
    expect(sanitizeName('line\nbreak.txt')).toBe('line break.txt');
  });

  it('keeps Vietnamese letters, normalised to NFC', () => {
    const decomposed = 'Ảnh phòng khám.png'.normalize('NFD');
    expect(sanitizeName(decomposed)).toBe('Ảnh phòng khám.png'.normalize('NFC'));
  });

  it('avoids Windows reserved names', () => {
    expect(sanitizeName('CON.txt')).toBe('_CON.txt');
    expect(sanitizeName('lpt1')).toBe('_lpt1');
    expect(sanitizeName('console.txt')).toBe('console.txt');
  });

  it('limits the length but keeps the extension', () => {
    const name = sanitizeName(`${'ế'.repeat(500)}.pdf`);
    expect(Array.from(name)).toHaveLength(200);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('uniqueName', () => {
  it('adds (1), (2) before the extension, ignoring case', () => {
    const taken = new Set(['ảnh.png', 'ảnh (1).png'].map(nameKey));
    expect(uniqueName('Ảnh.PNG', taken, true)).toBe('Ảnh (2).PNG');
    expect(uniqueName('other.png', taken, true)).toBe('other.png');
  });

  it('continues a numbered name instead of nesting, and numbers folders at the end', () => {
    expect(uniqueName('a (1).png', new Set(['a (1).png']), true)).toBe('a (2).png');
    expect(uniqueName('Tài liệu', new Set([nameKey('tài liệu')]), false)).toBe('Tài liệu (1)');
  });
});

it('extensionOf lowercases and ignores dotfiles', () => {
  expect(extensionOf('x.JPEG')).toBe('jpeg');
  expect(extensionOf('noext')).toBe('');
  expect(extensionOf('.png')).toBe('');
});
