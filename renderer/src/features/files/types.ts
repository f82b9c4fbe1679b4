/** File manager items as `GET /api/folders/current-directory/{id}` answers them (spec: "File manager item"). */
export interface FolderItem {
  id: number;
  name: string;
  /** null = the root. */
  parentId: number | null;
  order?: number;
  description?: string | null;
  concurrencyStamp: string;
  createTime?: string;
  updateTime?: string;
}

export interface FileItem {
  id: number;
  name: string;
  size: number;
  /** null = the root. */
  folderId: number | null;
  /** Public address (`/files/...`), stable. */
  url: string;
  contentType?: string;
  concurrencyStamp: string;
  createTime?: string;
  updateTime?: string;
  /** An image's size in pixels and its ThumbHash placeholder (issue 41); null when not an image or not measured. */
  width?: number | null;
  height?: number | null;
  placeholder?: string | null;
  /** Where the server's `fit=cover` crops around (0..1 from the left, from the top); null: the centre. */
  focalX?: number | null;
  focalY?: number | null;
  /** The alt text per language. */
  alt?: Record<string, string>;
}

export interface Directory {
  /** The folder listed; null for the root. */
  folder: FolderItem | null;
  folders: FolderItem[];
  files: FileItem[];
  /** Root first (id 0), the folder itself last. */
  breadcrumb: { id: number; name: string }[];
}

/** What a picker hands back to a field. */
export interface PickedFile {
  id: number;
  name: string;
  url: string;
  size: number;
  /** null = the root. */
  folderId: number | null;
}

/** 0 is the root, as the API writes it in paths and bodies. */
export const ROOT_ID = 0;

/** A row of the view: folders and files are distinguished by `kind`; keys are unique across both. */
export type Entry = ({ kind: 'folder' } & FolderItem) | ({ kind: 'file' } & FileItem);
export const entryKey = (entry: Pick<Entry, 'kind' | 'id'>): string => `${entry.kind}:${entry.id}`;
