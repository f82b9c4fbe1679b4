import { FALLBACK_LANGUAGE } from '../../../../shared/resources/define';

/**
 * The workspace as plain values, for code outside React (the API clients' Accept-Language, per-language text read
 * outside a component). Written by the WorkspaceProvider before the screens that depend on it render.
 */
let language = FALLBACK_LANGUAGE;
let defaultLanguage = FALLBACK_LANGUAGE;
export const currentLanguage = (): string => language;
/** The current website's default language: where per-language text falls back to when the content language has none. */
export const currentDefaultLanguage = (): string => defaultLanguage;
export function setCurrentLanguage(next: string, nextDefault: string = defaultLanguage): void {
  language = next;
  defaultLanguage = nextDefault;
}
