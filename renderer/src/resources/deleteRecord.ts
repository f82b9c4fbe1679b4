import type { ResourceDef } from '../../../shared/resources/define';
import { i18next } from '../core/i18n';
import { notifySuccess, notifyWithAction } from '../core/notices';
import { findDeleted, restoreFromTrash } from './trash';
import { invalidateWrites, type DataProvider, type Id } from './dataProvider';

/**
 * The console's delete (issue 29): every list, tree and screen deletes through here, so every delete ends with the
 * same notice — "Đã xoá …" with "Hoàn tác" / "Undo", which takes the record back out of the website's trash
 * (`POST /api/Trash/restore/{website}/{entryId}`). The DELETE answer does not name its history entry, so the entry is
 * the newest of the trash for this record. Records outside a website's trash (the websites themselves, the
 * organisation's team) get the plain notice.
 */
export async function deleteRecord(provider: Pick<DataProvider<unknown>, 'def' | 'remove'>, websiteId: Id | null, params: { id: Id; parentId?: Id }): Promise<void> {
  const { def } = provider;
  const { message } = await provider.remove(params);
  const fallback = message ?? i18next.t('resources:deleted');
  if (def.scope !== 'website' || websiteId === null) return notifySuccess(fallback);
  await offerUndo(def, websiteId, params.id, fallback);
}

/** After a delete of `recordId`: the notice, with Undo when the trash has it. */
export async function offerUndo(def: Pick<ResourceDef, 'name' | 'parent' | 'children'>, websiteId: Id, recordId: Id, fallback: string): Promise<void> {
  const entry = await findDeleted(websiteId, def.name, recordId).catch(() => undefined);
  if (!entry) return notifySuccess(fallback);
  await i18next.loadNamespaces('trash');
  const text = entry.title ? i18next.t('trash:deletedNamed', { title: entry.title }) : i18next.t('trash:deleted');
  notifyWithAction(text, {
    label: i18next.t('trash:undo'),
    run: () =>
      void restoreFromTrash(websiteId, entry.id)
        .then(({ message }) => {
          // What shows the resource (its list, its parent's form) reads it again.
          invalidateWrites(def);
          notifySuccess(message ?? i18next.t('trash:restored'));
        })
        // The client has shown the server's words (a unique field taken since: 409 naming it).
        .catch(() => undefined),
  });
}
