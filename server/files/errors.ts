// The file engine's refusals: HttpErrors (status + Vietnamese/English Message) so the server's error
// handler answers them in the wire shape as they are. The engine itself stays free of Fastify.
import { HttpError } from '../errors';
import type { Text } from '../i18n';

export class FilesError extends HttpError {
  constructor(status: number, text: Text) {
    super(status, text);
    this.name = 'FilesError';
  }
  get statusCode(): number {
    return this.status;
  }
}

export const badRequest = (text: Text) => new FilesError(400, text);
export const notFound = (text: Text) => new FilesError(404, text);
export const conflict = (text: Text) => new FilesError(409, text);
export const tooLarge = (text: Text) => new FilesError(413, text);
export const unsupportedType = (text: Text) => new FilesError(415, text);

const bytes = (n: number) => n.toLocaleString('en-US');

/** Messages of the file module (vi first: the console's default language). */
export const FILES_MSG = {
  fileTooLarge: (max: number): Text => ({
    vi: `Tệp vượt quá dung lượng tối đa ${bytes(max)} byte`,
    en: `The file is larger than the maximum of ${bytes(max)} bytes`,
  }),
  chunkTooLarge: (max: number): Text => ({
    vi: `Mỗi phần tải lên tối đa ${bytes(max)} byte`,
    en: `A chunk may hold at most ${bytes(max)} bytes`,
  }),
  typeNotAllowed: (ext: string, allowed: string): Text => ({
    vi: `Không cho phép tải lên tệp .${ext}. Các loại được phép: ${allowed}`,
    en: `Files of type .${ext} are not allowed. Allowed types: ${allowed}`,
  }),
  noExtension: (name: string, allowed: string): Text => ({
    vi: `Tệp "${name}" không có phần mở rộng. Các loại được phép: ${allowed}`,
    en: `The file "${name}" has no extension. Allowed types: ${allowed}`,
  }),
  contentMismatch: (name: string, ext: string, what: string): Text => ({
    vi: `Nội dung của "${name}" không đúng định dạng .${ext} (${what})`,
    en: `The content of "${name}" does not match its .${ext} extension (${what})`,
  }),
  notText: (name: string): Text => ({
    vi: `Nội dung của "${name}" không phải văn bản thuần (UTF-8) nên không thể lưu dạng .txt`,
    en: `The content of "${name}" is not plain UTF-8 text, so it cannot be saved as .txt`,
  }),
  nameRequired: { vi: 'Tên không được để trống', en: 'A name is required' },
  folderNotFound: { vi: 'Không tìm thấy thư mục', en: 'Folder not found' },
  fileNotFound: { vi: 'Không tìm thấy tệp', en: 'File not found' },
  folderNotEmpty: (name: string): Text => ({
    vi: `Thư mục "${name}" không trống: hãy xóa hoặc chuyển các tệp và thư mục con trước`,
    en: `The folder "${name}" is not empty: delete or move its files and subfolders first`,
  }),
  folderIntoItself: {
    vi: 'Không thể chuyển thư mục vào chính nó hoặc thư mục con của nó',
    en: 'A folder cannot be moved into itself or one of its subfolders',
  },
  extensionChange: (ext: string): Text => ({
    vi: `Không thể đổi phần mở rộng của tệp (.${ext})`,
    en: `The extension of the file cannot be changed (.${ext})`,
  }),
  diskFull: {
    vi: 'Máy chủ không đủ dung lượng lưu trữ để lưu tệp',
    en: 'Not enough storage space on the server to save the file',
  },
  writeFailed: (code: string): Text => ({
    vi: `Máy chủ không ghi được tệp (${code})`,
    en: `The file could not be written on the server (${code})`,
  }),
  badRange: { vi: 'Khoảng byte yêu cầu không hợp lệ', en: 'The requested byte range is not satisfiable' },
  uploadInterrupted: {
    vi: 'Quá trình tải lên bị gián đoạn, vui lòng gửi lại',
    en: 'The upload was interrupted; please send it again',
  },
} as const;

/** Disk full / device errors become a clear 507 / 500 with a Message, never a bare crash. */
export function storageFailure(err: unknown): FilesError {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return new FilesError(507, FILES_MSG.diskFull);
  return new FilesError(500, FILES_MSG.writeFailed(code ?? 'write error'));
}
