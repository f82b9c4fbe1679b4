// Which files may be stored, decided twice: by the extension of the name (cheap, before any byte is
// written) and by the content (magic bytes via file-type; plain text must be UTF-8 without NUL bytes), so a
// renamed executable or a text file called `.png` is refused. The served Content-Type comes from this table,
// never from what the client claimed.
import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { extensionOf } from './file-name';
import { badRequest, unsupportedType } from './errors';
import { M } from '../messages';

interface TypeRule {
  /** Content-Type the file is served with. */
  mime: string;
  /** file-type results accepted for this extension; 'text' means UTF-8 text without NUL bytes. */
  content: readonly string[] | 'text';
}

const OOXML_ZIP = ['zip']; // some producers write an OOXML zip that file-type only recognises as zip
export const FILE_TYPES: Readonly<Record<string, TypeRule>> = {
  png: { mime: 'image/png', content: ['png', 'apng'] },
  jpg: { mime: 'image/jpeg', content: ['jpg'] },
  jpeg: { mime: 'image/jpeg', content: ['jpg'] },
  webp: { mime: 'image/webp', content: ['webp'] },
  gif: { mime: 'image/gif', content: ['gif'] },
  pdf: { mime: 'application/pdf', content: ['pdf', 'ai'] },
  txt: { mime: 'text/plain; charset=utf-8', content: 'text' },
  // Word 97-2003 / Excel 97-2003 are OLE2 compound files.
  doc: { mime: 'application/msword', content: ['cfb'] },
  xls: { mime: 'application/vnd.ms-excel', content: ['cfb'] },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', content: ['docx', ...OOXML_ZIP] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: ['xlsx', ...OOXML_ZIP] },
  // Media picker (advertisements): .mp3 and .mp4 only.
  mp3: { mime: 'audio/mpeg', content: ['mp3'] },
  mp4: { mime: 'video/mp4', content: ['mp4', 'm4v', 'm4a', 'mov'] },
};

export const ALLOWED_EXTENSIONS = Object.keys(FILE_TYPES);

/** Checks the extension of a (sanitised) name; answers the lower-case extension. */
export function requireAllowedExtension(name: string): string {
  const ext = extensionOf(name);
  if (!ext) throw badRequest(M.noExtension(name, ALLOWED_EXTENSIONS.join(', ')));
  if (!FILE_TYPES[ext]) throw unsupportedType(M.typeNotAllowed(ext, ALLOWED_EXTENSIONS.join(', ')));
  return ext;
}

export function contentTypeFor(name: string): string {
  return FILE_TYPES[extensionOf(name)]?.mime ?? 'application/octet-stream';
}

/**
 * Checks that the bytes in `path` are what `ext` says. With `whole: false` the file is only the start of
 * the upload (its first chunk): a UTF-8 sequence cut at the end is then not an error.
 */
export async function requireMatchingContent(path: string, ext: string, displayName: string, whole = true): Promise<void> {
  const rule = FILE_TYPES[ext];
  if (!rule) throw unsupportedType(M.typeNotAllowed(ext, ALLOWED_EXTENSIONS.join(', ')));
  const detected = await fileTypeFromFile(path);
  if (rule.content === 'text') {
    if (detected || !(await isUtf8Text(path, whole))) {
      throw unsupportedType(M.notText(displayName));
    }
    return;
  }
  if (!detected || !rule.content.includes(detected.ext)) {
    const what = detected ? `.${detected.ext}` : '?';
    throw unsupportedType(M.contentMismatch(displayName, ext, what));
  }
}

/** Streams the file through a strict UTF-8 decoder; NUL bytes mean binary. */
async function isUtf8Text(path: string, whole: boolean): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const handle = await open(path, 'r');
  const buffer = Buffer.allocUnsafe(1 << 20);
  try {
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      const piece = buffer.subarray(0, bytesRead);
      if (piece.includes(0)) return false;
      decoder.decode(piece, { stream: true });
    }
    if (whole) decoder.decode();
    return true;
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}
