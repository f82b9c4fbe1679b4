import { FALLBACK_LANGUAGE } from '../../../../shared/resources/define';

/**
 * The workspace as plain values, for code outside React (the API clients' Accept-Language).
 * Written by the WorkspaceProvider before the screens that depend on it render.
 */
let language = FALLBACK_LANGUAGE;
export const currentLanguage = (): string => language;
export function setCurrentLanguage(next: string): void {
  language = next;
}
