/**
 * Per-language text travels as JSON text keyed by language id (`{"vi-VN":"…","en-US":"…"}`).
 * The text in `language`, else the first non-empty one; plain (non-JSON) text is returned as is.
 */
export function localized(value: unknown, language: string): string {
  if (value === null || value === undefined) return '';
  let map: unknown = value;
  if (typeof value === 'string') {
    const text = value.trim();
    if (!text.startsWith('{')) return value;
    try {
      map = JSON.parse(text);
    } catch {
      return value;
    }
  }
  if (typeof map !== 'object' || map === null) return String(value);
  const entries = map as Record<string, unknown>;
  const wanted = entries[language];
  if (typeof wanted === 'string' && wanted) return wanted;
  const first = Object.values(entries).find((v): v is string => typeof v === 'string' && v.length > 0);
  return first ?? '';
}
