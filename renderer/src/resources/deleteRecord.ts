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
  await offerUndo({ websiteId, resource: def.name, recordId: params.id, fallback, onRestored: () => invalidateWrites(def) });
}

export interface UndoOffer {
  /** The chosen website: the trash the record is in (organisation records, files and folders are in every one). */
  websiteId: Id | null;
  /** The definition's name, or a hand-written writer's (`file`, `folder`). */
  resource: string;
  recordId: Id;
  /** The notice when there is nothing to undo (the server's message of the delete). */
  fallback: string;
  onRestored(): void;
}

/** After a delete of `recordId`: the notice, with Undo when the trash has it. */
export async function offerUndo({ websiteId, resource, recordId, fallback, onRestored }: UndoOffer): Promise<void> {
  const entry = websiteId === null ? undefined : await findDeleted(websiteId, resource, recordId).catch(() => undefined);
  if (websiteId === null || !entry) return notifySuccess(fallback);
  await i18next.loadNamespaces('trash');
  const text = entry.title ? i18next.t('trash:deletedNamed', { title: entry.title }) : i18next.t('trash:deleted');
  notifyWithAction(text, {
    label: i18next.t('trash:undo'),
    run: () =>
      void restoreFromTrash(websiteId, entry.id)
        .then(({ message }) => {
          onRestored();
          notifySuccess(message ?? i18next.t('trash:restored'));
        })
        // The client has shown the server's words (a unique field taken since: 409 naming it).
        .catch(() => undefined),
  });
}
