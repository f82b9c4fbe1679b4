// Which files may be stored, decided twice: by the extension of the name (cheap, before any byte is
// written) and by the content (magic bytes via file-type; plain text must be UTF-8 without NUL bytes), so a
// renamed executable or a text file called `.png` is refused. The served Content-Type comes from this table,
// never from what the client claimed.
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { fileTypeFromBuffer, fileTypeFromStream, type FileTypeResult } from 'file-type';
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
  await requireMatchingStream(() => createReadStream(path, { highWaterMark: 1 << 20 }), ext, displayName, whole);
}

/** The same check of bytes in memory (a chunk's, before it goes to the object store). */
export async function requireMatchingBuffer(bytes: Uint8Array, ext: string, displayName: string, whole: boolean): Promise<void> {
  await judge(ext, displayName, await fileTypeFromBuffer(bytes), async () => isUtf8Text([bytes], whole));
}

/**
 * The same check of bytes read through `open` (a file on disk, an object in the store): the type from the first bytes
 * only, and for text a second read of the whole through the decoder.
 */
export async function requireMatchingStream(open: () => Readable | Promise<Readable>, ext: string, displayName: string, whole = true): Promise<void> {
  const head = await open();
  let detected: FileTypeResult | undefined;
  try {
    detected = await fileTypeFromStream(Readable.toWeb(head) as ReadableStream<Uint8Array>);
  } finally {
    head.destroy(); // file-type reads only what it needs: the rest is not wanted
  }
  await judge(ext, displayName, detected, async () => {
    const all = await open();
    try {
      return await isUtf8Text(all, whole);
    } finally {
      all.destroy();
    }
  });
}

async function judge(ext: string, displayName: string, detected: FileTypeResult | undefined, isText: () => Promise<boolean>): Promise<void> {
  const rule = FILE_TYPES[ext];
  if (!rule) throw unsupportedType(M.typeNotAllowed(ext, ALLOWED_EXTENSIONS.join(', ')));
  if (rule.content === 'text') {
    if (detected || !(await isText())) throw unsupportedType(M.notText(displayName));
    return;
  }
  if (!detected || !rule.content.includes(detected.ext)) {
    const what = detected ? `.${detected.ext}` : '?';
    throw unsupportedType(M.contentMismatch(displayName, ext, what));
  }
}

/** Streams the bytes through a strict UTF-8 decoder; NUL bytes mean binary. */
async function isUtf8Text(pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, whole: boolean): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const piece of pieces) {
      if (piece.includes(0)) return false;
      decoder.decode(piece, { stream: true });
    }
    if (whole) decoder.decode();
    return true;
  } catch {
    return false;
  }
}
