// What a record is called where it is listed by an entry rather than by itself (the trash, the audit log): its title or
// name, from the record as an entry kept it.
import type { ResourceDef } from '../../shared/resources/define';
import { parseTranslations } from '../../shared/resources/translations';

type Row = Record<string, unknown>;

/** Text without its markup, on one line (a title may be rich text in some definitions). */
const plainText = (v: string) =>
  v
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);

const TITLE_FIELDS = ['title', 'name', 'fullName', 'question', 'subject', 'url'];

/** The record's title or name in `language` (else any language), plain text; `#id` when it has none. */
export function titleOf(def: ResourceDef | undefined, record: Row | null | undefined, language: string, recordId: string): string {
  return titleAndField(def, record, language, recordId).title;
}

/** The title and the field it is made of (a personal field's title is kept sealed, server/privacy). */
export function titleAndField(def: ResourceDef | undefined, record: Row | null | undefined, language: string, recordId: string): { title: string; field?: string } {
  if (!record) return { title: `#${recordId}` };
  const pick = (v: unknown): string | undefined => {
    if (v === null || v === undefined || v === '') return undefined;
    if (typeof v === 'string' && v.trim().startsWith('{')) {
      const t = parseTranslations(v);
      const text = t[language] || Object.values(t).find((x) => x && x.trim());
      return text ? plainText(text) : undefined;
    }
    return typeof v === 'string' || typeof v === 'number' ? plainText(String(v)) || undefined : undefined;
  };
  // Per-language rows (a news item's `newsTranslations`): the default language's title.
  for (const value of Object.values(record)) {
    if (!Array.isArray(value) || !value.length || !value.every((r) => r && typeof r === 'object' && typeof (r as Row).languageId === 'string')) continue;
    const rows = value as Row[];
    const row = rows.find((r) => r.languageId === language && (r.title || r.name)) ?? rows.find((r) => r.title || r.name);
    const text = row && pick(row.title ?? row.name);
    if (text) return { title: text };
  }
  const names = [...TITLE_FIELDS, ...(def?.fields ?? []).filter((f) => f.type === 'text' && !f.hidden).map((f) => f.name)];
  for (const name of names) {
    const text = pick(record[name]);
    if (text) return { title: text, field: name };
  }
  return { title: `#${recordId}` };
}
