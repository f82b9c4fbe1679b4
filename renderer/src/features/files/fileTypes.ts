/**
 * Which files the console lets through, decided before a byte is sent, with the same lists as the server
 * (server/files/file-types.ts) and the spec: the picker accepts png, jpeg, jpg, webp, txt, pdf, doc, docx,
 * xls, xlsx, gif (section 9); the media picker only .mp3 and .mp4 (part 2); uploads at most 500,000,000 bytes.
 */
import { MAX_UPLOAD_BYTES } from '../../../../shared/uploads';

export { MAX_UPLOAD_BYTES };
export type AcceptKind = 'image' | 'file' | 'media';

export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'gif'] as const;
export const PICKER_FILE_EXTENSIONS = ['png', 'jpeg', 'jpg', 'webp', 'txt', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'gif'] as const;
export const MEDIA_EXTENSIONS = ['mp3', 'mp4'] as const;
/** Everything the server stores. */
export const UPLOAD_EXTENSIONS: readonly string[] = [...new Set<string>([...PICKER_FILE_EXTENSIONS, ...MEDIA_EXTENSIONS])];

export const extensionsFor = (accept?: AcceptKind): readonly string[] =>
  accept === 'image' ? IMAGE_EXTENSIONS : accept === 'media' ? MEDIA_EXTENSIONS : accept === 'file' ? PICKER_FILE_EXTENSIONS : UPLOAD_EXTENSIONS;

/** Lower-case extension without the dot; '' when the name has none. */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export const isImageName = (name: string) => (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(name));
export const isVideoName = (name: string) => extensionOf(name) === 'mp4';
export const isAudioName = (name: string) => extensionOf(name) === 'mp3';

export const matchesAccept = (name: string, accept?: AcceptKind) => extensionsFor(accept).includes(extensionOf(name));

/** `accept` attribute of a file input for the kind: `.png,.jpg,…`. */
export const inputAccept = (accept?: AcceptKind) => extensionsFor(accept).map((ext) => `.${ext}`).join(',');

export type UploadRefusal =
  | { reason: 'type'; name: string; allowed: string }
  | { reason: 'size'; name: string; max: number }
  | { reason: 'empty'; name: string };

/** Why the server would refuse this file, or null when it may be sent. */
export function refusalFor(file: { name: string; size: number }, accept?: AcceptKind, maxBytes = MAX_UPLOAD_BYTES): UploadRefusal | null {
  const allowed = extensionsFor(accept);
  if (!allowed.includes(extensionOf(file.name))) return { reason: 'type', name: file.name, allowed: allowed.join(', ') };
  if (file.size > maxBytes) return { reason: 'size', name: file.name, max: maxBytes };
  if (file.size === 0 && extensionOf(file.name) !== 'txt') return { reason: 'empty', name: file.name };
  return null;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];
/** 1,536 → "1.5 KB" (1024-based, one decimal above KB). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${UNITS[unit]}`;
}

/** Seconds → "1:05:09" / "4:07" / "0:09". */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '';
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
