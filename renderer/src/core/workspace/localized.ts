import { textIn } from '../../../../shared/resources/translations';
import { currentDefaultLanguage } from './current';

/**
 * Per-language text travels as JSON text keyed by language id (`{"vi-VN":"…","en-US":"…"}`); no screen shows it raw.
 * The text in `language`, else in the website's default language (the current website's unless given), else the
 * first non-empty one; plain (non-JSON) text is returned as is.
 */
export function localized(value: unknown, language: string, defaultLanguage: string = currentDefaultLanguage()): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string' && (typeof value !== 'object' || Array.isArray(value))) return String(value);
  return textIn(value, language, defaultLanguage);
}
