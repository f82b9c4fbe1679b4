import { ApiError, cmsApi } from '../../api/client';
import { notifyError } from '../../core/notices';
import { queryClient, serverRead, type QueryMeta } from '../../resources/queries';
import type { Directory, FileItem, FolderItem } from './types';

/**
 * The file manager's calls (spec section 7, "Files"), through the console's one CMS client (bearer,
 * Accept-Language, error notices). Folder id 0 is the root.
 */
interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

interface DirectoryAnswer {
  folder?: FolderItem | null;
  folders?: FolderItem[];
  files?: { data?: FileItem[]; totalRows?: number };
  breadcrumb?: { id: number; name: string }[];
}

export async function fetchDirectory(folderId: number, options: { quiet?: boolean; signal?: AbortSignal } = {}, meta?: QueryMeta): Promise<Directory> {
  const { data, headers } = await cmsApi.get<DirectoryAnswer>(`/folders/current-directory/${folderId}`, {
    params: { page: 1, pageSize: 10000 },
    quiet: options.quiet,
    signal: options.signal,
  });
  if (meta) meta.changes = headers['x-changes'] as string | undefined;
  return {
    folder: data.folder ?? null,
    folders: data.folders ?? [],
    files: data.files?.data ?? [],
    breadcrumb: data.breadcrumb?.length ? data.breadcrumb : [{ id: 0, name: '' }],
  };
}

/** Query keys of the file manager: every folder's listing under `FILES` (a change anywhere invalidates them all). */
export const FILES = ['files'] as const;
export const directoryKey = (folderId: number) => ['files', 'directory', folderId] as const;

/**
 * The query function of a folder's listing. The root is not quiet: a 401 there is the page's own load (sign in
 * again); a subfolder's failure is handled by its caller.
 */
export const directoryQuery = (folderId: number) => serverRead((meta) => fetchDirectory(folderId, { quiet: folderId !== 0 }, meta));

/**
 * A folder's listing through the query client (the view and the folder trees share it): the kept one while fresh;
 * `force`, read now.
 */
export const loadDirectory = (folderId: number, force = false): Promise<Directory> =>
  queryClient.fetchQuery({ queryKey: directoryKey(folderId), queryFn: directoryQuery(folderId), staleTime: force ? 0 : Infinity });

/** Server body value for "the root": null (0 in paths). */
const parentRef = (id: number) => (id ? id : null);

export async function createFolder(name: string, parentId: number): Promise<Envelope<FolderItem>> {
  return (await cmsApi.post<Envelope<FolderItem>>('/Folders', { name, parentId: parentRef(parentId) })).data;
}

export async function updateFolder(folder: FolderItem, change: { name?: string; parentId?: number }): Promise<Envelope<FolderItem>> {
  const body = {
    name: change.name ?? folder.name,
    order: folder.order ?? 0,
    parentId: change.parentId === undefined ? folder.parentId : parentRef(change.parentId),
    description: folder.description ?? null,
    concurrencyStamp: folder.concurrencyStamp,
  };
  return (await cmsApi.put<Envelope<FolderItem>>(`/Folders/${folder.id}`, body)).data;
}

/** Non-recursive deletes are `quiet`: a non-empty folder (409) is a question for the user, not an error notice. */
export async function deleteFolder(id: number, recursive: boolean): Promise<Envelope<unknown>> {
  return (await cmsApi.delete<Envelope<unknown>>(`/Folders/${id}`, { params: recursive ? { recursive: true } : undefined, quiet: !recursive }))
    .data;
}

export async function updateFile(file: FileItem, change: { name?: string; folderId?: number }): Promise<Envelope<FileItem>> {
  const body = {
    name: change.name ?? file.name,
    folderId: change.folderId === undefined ? file.folderId : parentRef(change.folderId),
    concurrencyStamp: file.concurrencyStamp,
  };
  return (await cmsApi.put<Envelope<FileItem>>(`/Files/${file.id}`, body)).data;
}

/**
 * An image's details (issue 41): its focal point (0..1 from the left and the top; null: the centre) and alt texts by
 * language ('' removes one; languages not sent keep theirs). The name and folder are sent as they are.
 */
export async function updateFileImage(
  file: FileItem,
  change: { focalX: number | null; focalY: number | null; alt: Record<string, string> },
): Promise<Envelope<FileItem>> {
  const body = { name: file.name, folderId: file.folderId, ...change, concurrencyStamp: file.concurrencyStamp };
  return (await cmsApi.put<Envelope<FileItem>>(`/Files/${file.id}`, body)).data;
}

export async function deleteFile(id: number): Promise<Envelope<unknown>> {
  return (await cmsApi.delete<Envelope<unknown>>(`/Files/${id}`)).data;
}

/** Where a record uses one of these files (album photos, advertisements, banners …): asked before a delete. */
export interface FileUsage {
  fileId: number;
  resource: string;
  /** The resource's name in the interface language. */
  label: string;
  id: number;
  websiteId: number | null;
  field: string;
}

export async function fileUsages(ids: number[]): Promise<FileUsage[]> {
  if (!ids.length) return [];
  return (await cmsApi.get<Envelope<FileUsage[]>>('/Files/usages', { params: { ids: ids.join(',') } })).data.data ?? [];
}

/** The file a field holds, by its URL (its folder is where the picker opens); null when it is not a stored file. */
export async function fileByUrl(url: string): Promise<FileItem | null> {
  try {
    return (await cmsApi.get<Envelope<FileItem>>('/Files/by-url', { params: { url }, quiet: true })).data.data ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The video library: every stored .mp4 (any folder), newest first. */
export async function fetchVideos(query: { page: number; pageSize: number; keyword?: string }): Promise<{ data: (FileItem & { folderName: string | null })[]; totalRows: number }> {
  const { data } = await cmsApi.get<{ data?: (FileItem & { folderName: string | null })[]; totalRows?: number }>('/Files/videos', { params: query });
  return { data: data.data ?? [], totalRows: data.totalRows ?? 0 };
}

export async function copyFile(id: number, folderId: number): Promise<Envelope<FileItem>> {
  return (await cmsApi.post<Envelope<FileItem>>(`/Files/copy/${id}`, { folderId: parentRef(folderId) })).data;
}

export async function copyFolder(id: number, parentId: number): Promise<Envelope<FolderItem>> {
  return (await cmsApi.post<Envelope<FolderItem>>(`/Folders/copy/${id}`, { parentId: parentRef(parentId) })).data;
}

/**
 * Downloads through the API (`GET Files/downloads/{id}`) as a blob, then saves it under the name the
 * console already knows. Why a blob and not a link: the route takes only the bearer header (no cookie
 * or query token), so a plain link would answer 401, and a token in a URL would end up in history and
 * logs. The name comes from our record, not from parsing Content-Disposition, so Vietnamese names
 * (e.g. "Bảng giá.pdf") come out exactly as shown. The cost is that the file passes through memory.
 */
export async function downloadFile(file: Pick<FileItem, 'id' | 'name'>): Promise<void> {
  try {
    const { data } = await cmsApi.get<Blob>(`/Files/downloads/${file.id}`, { responseType: 'blob', quiet: true });
    saveBlob(data, file.name);
  } catch (error) {
    // The error body arrived as a Blob too: read the server's Message out of it (spec: "Download fails").
    const failure = error instanceof ApiError ? error : null;
    const text = failure?.data instanceof Blob ? await failure.data.text().catch(() => '') : '';
    const message = messageOf(text) ?? failure?.message ?? String(error);
    if (failure?.status !== 401) notifyError(message);
    throw new ApiError(message, failure?.status, failure?.code, text);
  }
}

function messageOf(json: string): string | undefined {
  try {
    const body = JSON.parse(json) as { Message?: unknown; message?: unknown };
    const candidate = body.Message ?? body.message;
    return typeof candidate === 'string' && candidate ? candidate : undefined;
  } catch {
    return undefined;
  }
}

export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = name;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // The click has started the save; the URL must live until the browser has read it.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** Editor images (`POST Files/uploads`, multipart): answers the stored files, `data[0].url` first. */
export async function uploadEditorFiles(files: File[], options: { signal?: AbortSignal; quiet?: boolean } = {}): Promise<FileItem[]> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const { data } = await cmsApi.post<Envelope<FileItem[]>>('/Files/uploads', form, { signal: options.signal, quiet: options.quiet });
  return data.data;
}
