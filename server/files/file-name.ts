// Display names of uploaded files and folders. The name a user gives is only ever shown, never used as a
// path on disk (files are stored under generated names, see file-store.ts), but it still travels into
// Content-Disposition headers, zip extractions on staff machines and other people's file systems, so it is
// cleaned the way a careful desktop would: no directories, no control characters, nothing Windows refuses.

import { wellFormed } from '../../shared/text';

const MAX_NAME_LENGTH = 200;
// Windows refuses these as a name (with or without an extension), whatever the case.
const RESERVED_WINDOWS = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;
// Control characters (C0, DEL, C1) and the characters Windows forbids in names.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f<>:"/\\|?*]/g;
/** Direction marks and overrides (U+202E turns `gnp.exe` into what reads as `exe.png`), zero-width characters. */
const INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** Splits `photo.final.PNG` into `photo.final` and `PNG`; no extension gives ''. */
export function splitExtension(name: string): { base: string; ext: string } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return { base: name, ext: '' };
  return { base: name.slice(0, dot), ext: name.slice(dot + 1) };
}

/** The extension in lower case (`PNG` → `png`), '' when there is none. */
export function extensionOf(name: string): string {
  return splitExtension(name).ext.toLowerCase();
}

/**
 * Cleans a user-given name: keeps the last path segment only, drops control and forbidden characters,
 * `.`/`..`, leading dots, trailing dots and spaces, avoids Windows reserved names, keeps letters of any
 * script (Vietnamese included, NFC-normalised) and limits the length while keeping the extension.
 * Answers '' when nothing usable is left; callers decide on a fallback.
 */
export function sanitizeName(raw: string): string {
  // Lone surrogates become U+FFFD first, as the database would store them, so clashes compare what is stored.
  let name = wellFormed(String(raw ?? '')).normalize('NFC').replace(INVISIBLE, '');
  // Last segment of either separator: `../../etc/passwd.png` → `passwd.png`, `C:\x\y.doc` → `y.doc`.
  name = name.split(/[\\/]/).pop() ?? '';
  name = name.replace(/\s+/g, ' ').replace(FORBIDDEN, '').trim();
  name = name.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  if (!name) return '';
  const { base, ext } = splitExtension(name);
  if (RESERVED_WINDOWS.test(base.split('.')[0]) || RESERVED_WINDOWS.test(name)) name = `_${name}`;
  if (name.length > MAX_NAME_LENGTH) {
    const suffix = ext ? `.${ext}` : '';
    const kept = Array.from(ext ? base : name).slice(0, MAX_NAME_LENGTH - suffix.length).join('');
    name = kept.replace(/[.\s]+$/, '') + suffix;
  }
  return name;
}

/** Comparison key for "same name in one folder": case and Unicode form do not make a name different. */
export function nameKey(name: string): string {
  return name.normalize('NFC').toLocaleLowerCase('vi');
}

/**
 * The first of `name`, `name (1)`, `name (2)`… (before the extension for files) that is not taken.
 * `taken` holds nameKey()s of the siblings.
 */
export function uniqueName(name: string, taken: ReadonlySet<string>, isFile: boolean): string {
  if (!taken.has(nameKey(name))) return name;
  const { base, ext } = isFile ? splitExtension(name) : { base: name, ext: '' };
  // A name that already ends in ` (n)` continues from there rather than growing ` (1) (1)`.
  const stem = base.replace(/ \(\d+\)$/, '');
  for (let n = 1; ; n++) {
    const candidate = `${stem} (${n})${ext ? `.${ext}` : ''}`;
    if (!taken.has(nameKey(candidate))) return candidate;
  }
}
