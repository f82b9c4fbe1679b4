import { platform, session } from '../../session';
import type { AcceptKind } from './fileTypes';

/**
 * Where each user last picked a file of each kind (images, media, other files): the picker opens there next time a
 * field has no file yet. One preference (local storage in the browser, the desktop app's settings store) keyed by
 * user and kind, so two people at one desk each find their own folder.
 */
const PREFERENCE = 'pickerFolders';

type Memory = Record<string, number>;

const slot = (kind: AcceptKind): string | null => {
  const user = session.getSnapshot().user;
  return user ? `${String(user.id)}:${kind}` : null;
};

async function read(): Promise<Memory> {
  const stored = await platform.getPreference(PREFERENCE).catch(() => undefined);
  return stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Memory) : {};
}

/** The folder this user last picked a file of `kind` in (0: the root), or undefined when none is known. */
export async function lastPickedFolder(kind: AcceptKind): Promise<number | undefined> {
  const key = slot(kind);
  if (!key) return undefined;
  const id = (await read())[key];
  return typeof id === 'number' && Number.isInteger(id) && id >= 0 ? id : undefined;
}

/** Remember the folder of the file just picked (null: the root). */
export async function rememberPickedFolder(kind: AcceptKind, folderId: number | null): Promise<void> {
  const key = slot(kind);
  if (!key) return;
  await platform.setPreference(PREFERENCE, { ...(await read()), [key]: folderId ?? 0 }).catch(() => undefined);
}
