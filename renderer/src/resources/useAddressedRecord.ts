import { useCallback, useState } from 'react';
import { useUrlFilters } from './useUrlFilters';

/**
 * The record a screen shows over its list: the one the address names (`?id=`: a notification, a sitedesk:// link,
 * shared/deep-links.ts), opened at once, or one the user opens from the list. Closing it takes the id out of the
 * address, so going back does not open it again.
 */
export function useAddressedRecord(): { id: number | null; open: (id: number) => void; close: () => void } {
  const [addressed, setAddressed] = useUrlFilters({ id: 'int' });
  const [opened, setOpened] = useState<number | null>(null);
  const named = addressed.id;
  const close = useCallback(() => {
    setOpened(null);
    if (named !== undefined) setAddressed('id', undefined);
  }, [named, setAddressed]);
  return { id: opened ?? named ?? null, open: setOpened, close };
}
