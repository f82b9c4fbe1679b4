import { useEffect, useRef } from 'react';

/**
 * The one app-wide list of work that is not saved yet. Every form that can hold unsaved changes
 * registers here while it is on screen (the resource forms through `useUnsavedGuard`), so anything that
 * would throw work away (installing an update restarts the app) can ask first. Entries are read
 * when asked, never pushed: a form only has to say how to tell whether it is dirty.
 */
interface Entry {
  label: () => string;
  isDirty: () => boolean;
}

const entries = new Set<Entry>();

/** Add a form; answers the function that removes it. */
export function registerUnsavedWork(label: () => string, isDirty: () => boolean): () => void {
  const entry: Entry = { label, isDirty };
  entries.add(entry);
  return () => entries.delete(entry);
}

/** What is unsaved right now, by name (one per dirty form, in the order they registered). */
export function unsavedWork(): string[] {
  return [...entries].filter((entry) => entry.isDirty()).map((entry) => entry.label());
}

export const hasUnsavedWork = (): boolean => unsavedWork().length > 0;

/** Register for the component's lifetime; `label` and `isDirty` are read when asked, so they may change freely. */
export function useUnsavedWork(label: string, isDirty: () => boolean): void {
  const current = useRef({ label, isDirty });
  useEffect(() => {
    current.current = { label, isDirty };
  });
  useEffect(
    () =>
      registerUnsavedWork(
        () => current.current.label,
        () => current.current.isDirty(),
      ),
    [],
  );
}

/** Something that can restart the app (the platform's updates). */
export interface Restarter {
  restart(hasUnsavedWork: boolean): Promise<{ restarting: boolean }>;
}

/**
 * Restart to install an update unless something is unsaved. The flag goes to main too, which refuses
 * on its own; `unsaved` lists what the user has to save or discard first.
 */
export async function restartForUpdate(updates: Restarter): Promise<{ restarting: boolean; unsaved: string[] }> {
  const unsaved = unsavedWork();
  const { restarting } = await updates.restart(unsaved.length > 0);
  return { restarting, unsaved };
}
