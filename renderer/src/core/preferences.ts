import { useCallback, useSyncExternalStore } from 'react';
import { platform } from '../session';
import { DEFAULT_THEME } from './theme/themes';
import { DEFAULT_UI_LANGUAGE, isUiLanguage, type UiLanguage } from './i18n';

/**
 * Preferences kept across reloads (local storage in the browser, the desktop app's settings store).
 * Read once at start-up so the first paint already has the right theme and language; written through.
 */
export interface Preferences {
  theme: string;
  uiLanguage: UiLanguage;
  /** Current website id (header selector). */
  websiteId: string | number | null;
  /** Current content language id (header selector; sent as Accept-Language). */
  contentLanguage: string | null;
}

const defaults: Preferences = { theme: DEFAULT_THEME, uiLanguage: DEFAULT_UI_LANGUAGE, websiteId: null, contentLanguage: null };
let current: Preferences = { ...defaults };
const listeners = new Set<() => void>();

/** Read the stored preferences (at start-up, and again after a sign-out wiped them in the browser). */
export async function loadPreferences(): Promise<Preferences> {
  const [theme, uiLanguage, websiteId, contentLanguage] = await Promise.all(
    (['theme', 'uiLanguage', 'websiteId', 'contentLanguage'] as const).map((key) => platform.getPreference(key).catch(() => undefined)),
  );
  current = {
    theme: typeof theme === 'string' ? theme : defaults.theme,
    uiLanguage: isUiLanguage(uiLanguage) ? uiLanguage : defaults.uiLanguage,
    websiteId: typeof websiteId === 'string' || typeof websiteId === 'number' ? websiteId : null,
    contentLanguage: typeof contentLanguage === 'string' ? contentLanguage : null,
  };
  listeners.forEach((listener) => listener());
  return current;
}

export const getPreferences = (): Preferences => current;

export function setPreference<K extends keyof Preferences>(key: K, value: Preferences[K]): void {
  if (current[key] === value) return;
  current = { ...current, [key]: value };
  listeners.forEach((listener) => listener());
  void platform.setPreference(key, value).catch(() => undefined);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function usePreference<K extends keyof Preferences>(key: K): [Preferences[K], (value: Preferences[K]) => void] {
  const value = useSyncExternalStore(subscribe, () => current[key]);
  const set = useCallback((next: Preferences[K]) => setPreference(key, next), [key]);
  return [value, set];
}
