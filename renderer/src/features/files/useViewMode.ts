import { useCallback, useEffect, useState } from 'react';
import { platform } from '../../session';

export type ViewMode = 'grid' | 'list';
const KEY = 'files.view';
let remembered: ViewMode | null = null;

/** Grid or list, kept in the preferences (local storage in the browser, the settings store in the desktop app). */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState<ViewMode>(remembered ?? 'grid');
  useEffect(() => {
    if (remembered) return;
    let alive = true;
    platform.getPreference(KEY).then(
      (value) => {
        if (alive && (value === 'grid' || value === 'list')) setMode((remembered = value));
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, []);
  const change = useCallback((next: ViewMode) => {
    remembered = next;
    setMode(next);
    void platform.setPreference(KEY, next).catch(() => undefined);
  }, []);
  return [mode, change];
}
