import { Modal } from 'antd';
import { useCallback, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { notifyError, notifySuccess } from '../../core/notices';
import { invalidate } from '../../resources/queries';
import { offerUndo } from '../../resources/deleteRecord';
import { useWorkspace } from '../../core/workspace';
import * as api from './api';
import { extensionsFor, matchesAccept, refusalFor, type AcceptKind, type UploadRefusal } from './fileTypes';
import { ROOT_ID, type Entry } from './types';
import { uploads } from './uploads';
import { FileUsageList } from './FileUsageList';

type ModalApi = ReturnType<typeof Modal.useModal>[0];

export interface FileActionsOptions {
  folderId: number;
  modal: ModalApi;
  /** The picker offers (and uploads) only these files. */
  accept?: AcceptKind;
  picker: boolean;
  clearSelection(): void;
  closeDialog(): void;
  /** The page's file input (the browser's "Upload"). */
  fileInput: RefObject<HTMLInputElement | null>;
}

/** What the file manager does to files and folders: each shows the server's message, and what shows files reads again. */
export function useFileActions({ folderId, modal, accept, picker, clearSelection, closeDialog, fileInput }: FileActionsOptions) {
  const { t } = useTranslation('files');
  const { websiteId } = useWorkspace();

  /**
   * Runs a change; shows the server's message; every folder listing in the query client is invalidated (the view and
   * the trees on screen read theirs again, waited for here). A 409 (stale stamp) was shown by the client: the same.
   */
  const change = useCallback(async (work: () => Promise<string | undefined>) => {
    try {
      const message = await work();
      if (message) notifySuccess(message);
    } finally {
      await invalidate(api.FILES);
    }
  }, []);

  const createFolder = (name: string) => change(async () => (await api.createFolder(name, folderId)).message).then(closeDialog);

  const rename = async (entry: Entry, name: string) => {
    try {
      await change(async () =>
        entry.kind === 'folder' ? (await api.updateFolder(entry, { name })).message : (await api.updateFile(entry, { name })).message,
      );
      closeDialog();
    } catch (error) {
      // Stale: the list is reloaded with the other change; renaming again starts from it.
      if (error instanceof ApiError && error.status === 409) closeDialog();
      else throw error;
    }
  };

  const move = async (items: Entry[], target: number) => {
    const moving = items.filter((e) => (e.kind === 'folder' ? (e.parentId ?? ROOT_ID) !== target && e.id !== target : (e.folderId ?? ROOT_ID) !== target));
    if (!moving.length) return;
    await change(async () => {
      let message: string | undefined;
      for (const entry of moving) {
        message =
          entry.kind === 'folder'
            ? (await api.updateFolder(entry, { parentId: target })).message
            : (await api.updateFile(entry, { folderId: target })).message;
      }
      return message;
    }).catch(() => undefined);
  };

  const copy = async (items: Entry[], target: number) => {
    await change(async () => {
      let message: string | undefined;
      for (const entry of items) {
        message = entry.kind === 'folder' ? (await api.copyFolder(entry.id, target)).message : (await api.copyFile(entry.id, target)).message;
      }
      return message;
    }).catch(() => undefined);
  };

  const remove = async (items: Entry[]) => {
    if (!items.length) return;
    // Files still shown somewhere (an album's photo, an advertisement, a banner) say where before they go; the
    // records keep their address, so the user decides knowing what will lose its file.
    const usages = await api.fileUsages(items.filter((e) => e.kind === 'file').map((e) => e.id)).catch(() => []);
    modal.confirm({
      title: items.length === 1 ? t('delete.confirmOne', { name: items[0].name }) : t('delete.confirmMany', { count: items.length }),
      content: usages.length ? <FileUsageList items={items} usages={usages} /> : t('delete.irreversible'),
      okText: usages.length ? t('delete.anyway') : t('delete.ok'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () =>
        change(async () => {
          let message: string | undefined;
          /** What was deleted (a non-empty folder the user kept is not). */
          const deleted: Entry[] = [];
          for (const entry of items) {
            if (entry.kind === 'file') {
              message = (await api.deleteFile(entry.id)).message;
              deleted.push(entry);
              continue;
            }
            try {
              message = (await api.deleteFolder(entry.id, false)).message;
              deleted.push(entry);
            } catch (error) {
              // Not empty: ask whether everything inside goes too (then recursive=true).
              if (!(error instanceof ApiError) || error.status !== 409) {
                if (error instanceof ApiError && error.status !== 401) notifyError(error.message);
                throw error;
              }
              const everything = await modal.confirm({
                title: t('delete.notEmptyTitle', { name: entry.name }),
                content: t('delete.notEmptyContent'),
                okText: t('delete.everything'),
                okButtonProps: { danger: true },
                cancelText: t('cancel'),
              });
              if (everything) {
                message = (await api.deleteFolder(entry.id, true)).message;
                deleted.push(entry);
              }
            }
          }
          clearSelection();
          // The notice offers Undo (out of the trash, back in their folders), as every delete of the console: one Undo
          // for everything deleted here.
          if (!message || !deleted.length) return message;
          const records = deleted.map((entry) => ({ resource: entry.kind, recordId: entry.id }));
          await offerUndo({ websiteId, records, fallback: message, onRestored: () => void invalidate(api.FILES) });
          return undefined;
        }).catch(() => undefined),
    });
  };

  const download = async (items: Entry[]) => {
    for (const entry of items) if (entry.kind === 'file') await api.downloadFile(entry).catch(() => undefined);
  };

  /** Checks before sending (type, size: what the server would refuse), then queues the rest. */
  const upload = useCallback(
    async (files: File[], target: number) => {
      const refusals: UploadRefusal[] = [];
      const accepted = files.filter((file) => {
        const refusal = refusalFor(file, picker ? accept : undefined);
        if (refusal) refusals.push(refusal);
        return !refusal;
      });
      for (const refusal of refusals) notifyError(t(`refused.${refusal.reason}`, refusal));
      if (accepted.length) await uploads.enqueue(accepted, target).catch((error: unknown) => notifyError(String((error as Error)?.message ?? error)));
    },
    [accept, picker, t],
  );

  /** "Upload": the operating system's open dialog in the desktop app, the page's file input in the browser. */
  const chooseFiles = () => {
    if (!uploads.chooseFiles) return fileInput.current?.click();
    const kind = picker ? accept : undefined;
    uploads.chooseFiles(folderId, { title: t('upload.action'), accept: (name) => matchesAccept(name, kind) }).then(
      ({ refused }) => refused.forEach((name) => notifyError(t('refused.type', { name, allowed: extensionsFor(kind).join(', ') }))),
      (error: unknown) => notifyError(String((error as Error)?.message ?? error)),
    );
  };

  return { createFolder, rename, move, copy, remove, download, upload, chooseFiles };
}
