import { i18next } from '../core/i18n';
import { notifySuccess, notifyWithAction } from '../core/notices';
import { findDeleted, restoreFromTrash } from './trash';
import { invalidateWrites, type DataProvider, type Id } from './dataProvider';

/**
 * The console's delete (issue 29): every list and tree deletes through here (and the file manager offers the same), so
 * every delete ends with the same notice — "Đã xoá …" with "Hoàn tác" / "Undo", which takes the record back out of
 * the website's trash (`POST /api/Trash/restore/{website}/{entryId}`). The DELETE answer does not name its history
 * entry, so the entry is the newest of the trash for this record. What the trash does not hold (a website itself)
 * gets the plain notice.
 */
export async function deleteRecord(provider: Pick<DataProvider<unknown>, 'def' | 'remove'>, websiteId: Id | null, params: { id: Id; parentId?: Id }): Promise<void> {
  const { def } = provider;
  const { message } = await provider.remove(params);
  const fallback = message ?? i18next.t('resources:deleted');
  // What shows the resource (its list, its parent's form) reads it again after an Undo.
  await offerUndo({ websiteId, records: [{ resource: def.name, recordId: params.id }], fallback, onRestored: () => invalidateWrites(def) });
}

export interface UndoOffer {
  /** The chosen website: the trash the record is in (organisation records, files and folders are in every one). */
  websiteId: Id | null;
  /**
   * What was deleted: one record, or several deleted together (the file manager's selection), which one Undo brings
   * back. `resource`: the definition's name, or a hand-written writer's (`file`, `folder`).
   */
  records: readonly { resource: string; recordId: Id }[];
  /** The notice when there is nothing to undo (the server's message of the delete). */
  fallback: string;
  onRestored(): void;
}

/** After a delete of `records`: the notice, with Undo when the trash has them (what it has of them). */
export async function offerUndo({ websiteId, records, fallback, onRestored }: UndoOffer): Promise<void> {
  const entries = websiteId === null ? [] : await findDeleted(websiteId, records).catch(() => []);
  if (websiteId === null || !entries.length) return notifySuccess(fallback);
  await i18next.loadNamespaces('trash');
  const text =
    records.length > 1 ? i18next.t('trash:deletedMany', { count: records.length }) : entries[0].title ? i18next.t('trash:deletedNamed', { title: entries[0].title }) : i18next.t('trash:deleted');
  notifyWithAction(text, {
    label: i18next.t('trash:undo'),
    run: () =>
      void (async () => {
        let message: string | undefined;
        let restored = 0;
        for (const entry of entries) {
          // One refused (a unique field taken since: 409 naming it, shown by the client) leaves the others to restore.
          const answer = await restoreFromTrash(websiteId, entry.id).catch(() => null);
          if (!answer) continue;
          restored += 1;
          message = answer.message;
        }
        if (!restored) return;
        onRestored();
        notifySuccess(entries.length === 1 ? (message ?? i18next.t('trash:restored')) : i18next.t('trash:restoredMany', { count: restored }));
      })(),
  });
}
