import { FALLBACK_LANGUAGE } from '../../../shared/resources/define';
import type { LanguageRef } from '../../../shared/resources/validate';

/**
 * Language tabs from a list of website languages: active ones and the default one even when inactive (the server
 * requires its texts: server/resources/access.ts websiteLanguages), default first; `vi-VN` when there are none.
 */
export function workspaceLanguages(list: readonly { languageId: string; name?: string; isActive?: boolean; isDefault?: boolean }[] | undefined): LanguageRef[] {
  const active = (list ?? []).filter((l) => l.isActive !== false || l.isDefault);
  if (!active.length) return [{ languageId: FALLBACK_LANGUAGE, name: 'Tiếng Việt' }];
  return [...active]
    .sort((a, b) => Number(Boolean(b.isDefault)) - Number(Boolean(a.isDefault)))
    .map((l) => ({ languageId: l.languageId, name: l.name || l.languageId }));
}
