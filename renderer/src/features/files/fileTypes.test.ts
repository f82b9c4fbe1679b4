import { describe, expect, it } from 'vitest';
import { extensionOf, formatBytes, formatDuration, inputAccept, matchesAccept, refusalFor } from './fileTypes';
import { nameFromUrl } from './urls';

describe('file types', () => {
  it('reads the extension case-insensitively, ignoring dots in folders and leading dots', () => {
    expect(extensionOf('Ảnh Bìa.JPG')).toBe('jpg');
    expect(extensionOf('a.b/c')).toBe('');
    expect(extensionOf('.env')).toBe('');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
  });

  it('accepts by kind as the spec lists them', () => {
    expect(['a.png', 'a.jpeg', 'a.jpg', 'a.webp', 'a.gif'].every((n) => matchesAccept(n, 'image'))).toBe(true);
    expect(matchesAccept('a.pdf', 'image')).toBe(false);
    expect(['a.txt', 'a.pdf', 'a.doc', 'a.docx', 'a.xls', 'a.xlsx', 'a.png'].every((n) => matchesAccept(n, 'file'))).toBe(true);
    expect(matchesAccept('a.mp4', 'file')).toBe(false);
    expect(matchesAccept('a.mp3', 'media') && matchesAccept('a.mp4', 'media')).toBe(true);
    expect(matchesAccept('a.png', 'media')).toBe(false);
    expect(inputAccept('media')).toBe('.mp3,.mp4');
  });

  it('refuses before sending what the server would refuse', () => {
    expect(refusalFor({ name: 'setup.exe', size: 10 })).toMatchObject({ reason: 'type', name: 'setup.exe' });
    expect(refusalFor({ name: 'video.mp4', size: 500_000_001 })).toEqual({ reason: 'size', name: 'video.mp4', max: 500_000_000 });
    expect(refusalFor({ name: 'video.mp4', size: 500_000_000 })).toBeNull();
    expect(refusalFor({ name: 'a.png', size: 0 })).toMatchObject({ reason: 'empty' });
    expect(refusalFor({ name: 'notes.txt', size: 0 })).toBeNull();
    expect(refusalFor({ name: 'a.pdf', size: 10 }, 'image')).toMatchObject({ reason: 'type', allowed: 'png, jpg, jpeg, webp, gif' });
  });

  it('formats sizes and durations for people', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(4_500_000)).toBe('4.3 MB');
    expect(formatBytes(500_000_000)).toBe('477 MB');
    expect(formatDuration(9)).toBe('0:09');
    expect(formatDuration(247)).toBe('4:07');
    expect(formatDuration(3909)).toBe('1:05:09');
    expect(formatDuration(null)).toBe('');
  });

  it('names a stored URL by its decoded last segment', () => {
    expect(nameFromUrl('/files/ab12/B%E1%BA%A3ng%20gi%C3%A1.pdf')).toBe('Bảng giá.pdf');
    expect(nameFromUrl('https://x.test/files/k/a.png?v=1')).toBe('a.png');
  });
});
