import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { FALLBACK_LANGUAGE } from '../../../../shared/resources/define';
import { cmsApi } from '../../api/client';
import { usePreference } from '../preferences';
import { ScreenFallback } from '../lazyScreen';
import { WorkspaceContext } from './context';
import { setCurrentLanguage } from './current';
import type { Website, WebsiteLanguage, Workspace } from './types';

const sameId = (a: unknown, b: unknown) => a !== null && a !== undefined && String(a) === String(b);

/** Default website first, the rest in the server's order. */
export function orderWebsites(websites: Website[]): Website[] {
  return [...websites].sort((a, b) => Number(Boolean(b.isDefault)) - Number(Boolean(a.isDefault)));
}

/** Active languages of a website, default first; `vi-VN` when it has none (spec part 2, section 9). */
export function languagesOf(website: Website | null): WebsiteLanguage[] {
  const active = (website?.websiteLanguages ?? []).filter((l) => l.isActive !== false);
  if (!active.length) return [{ languageId: FALLBACK_LANGUAGE, isDefault: true }];
  return [...active].sort((a, b) => Number(Boolean(b.isDefault)) - Number(Boolean(a.isDefault)));
}

/** The language a website marks as its default (`isDefault`), else its first one. */
export const defaultLanguageOf = (languages: readonly WebsiteLanguage[]): string =>
  (languages.find((l) => l.isDefault) ?? languages[0])?.languageId ?? FALLBACK_LANGUAGE;

async function fetchWebsites(): Promise<Website[]> {
  const { data } = await cmsApi.get<Website[]>('/Websites/get-all');
  return orderWebsites(Array.isArray(data) ? data : []);
}

/**
 * Loads the websites once signed in and keeps the header's choice (website, content language)
 * across reloads. Screens read it with `useWorkspace()`.
 */
export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const [websites, setWebsites] = useState<Website[] | null>(null);
  const [storedWebsiteId, storeWebsiteId] = usePreference('websiteId');
  const [storedLanguage, storeLanguage] = usePreference('contentLanguage');

  const reloadWebsites = useCallback(
    () =>
      fetchWebsites().then(
        (list) => setWebsites(list),
        // Already shown (notice) or redirected (401) by the API client; work without websites.
        () => setWebsites((previous) => previous ?? []),
      ),
    [],
  );

  useEffect(() => {
    void reloadWebsites();
  }, [reloadWebsites]);

  const workspace = useMemo((): Workspace | null => {
    if (!websites) return null;
    const website = websites.find((w) => sameId(w.id, storedWebsiteId)) ?? websites[0] ?? null;
    const languages = languagesOf(website);
    const language = languages.find((l) => l.languageId === storedLanguage)?.languageId ?? languages[0].languageId;
    return {
      defaultLanguage: defaultLanguageOf(languages),
      websites,
      website,
      websiteId: website?.id ?? null,
      languages,
      language,
      setWebsiteId: storeWebsiteId,
      setLanguage: storeLanguage,
      reloadWebsites,
    };
  }, [websites, storedWebsiteId, storedLanguage, storeWebsiteId, storeLanguage, reloadWebsites]);

  if (!workspace) return <ScreenFallback />;
  // Set here, during render, so the screens' first requests (their effects run before ours) already carry it.
  setCurrentLanguage(workspace.language, workspace.defaultLanguage);
  return <WorkspaceContext.Provider value={workspace}>{children}</WorkspaceContext.Provider>;
}
