// Keyword search. Each searchable record keeps a `searchText` column: the values of its searchable fields
// (every language of per-language ones), lower-cased, with Vietnamese diacritics folded (đ → d, ế → e),
// so one `LIKE` finds "phong kham" in "Phòng khám" on SQLite and PostgreSQL alike without extensions.
import type { FieldDef, ResourceDef } from '../../shared/resources/define';
import { parseTranslations } from '../../shared/resources/translations';
import { foldedText } from '../../shared/text';

const TEXT_TYPES = new Set(['text', 'textarea', 'richText', 'url']);

/** Fields a keyword looks in: those marked `search`, plus the text columns shown in the list. */
export function searchFields(def: Pick<ResourceDef, 'fields'>): FieldDef[] {
  return def.fields.filter((f) => !f.computed && (f.search || (f.list && TEXT_TYPES.has(f.type))));
}

const stripTags = (html: string) => html.replace(/<[^>]*>/g, ' ');

/** The `searchText` of a stored row (per-language fields as JSON text). */
export function searchTextOf(fields: FieldDef[], row: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const f of fields) {
    const value = row[f.name];
    if (value === null || value === undefined) continue;
    const texts = f.perLanguage ? Object.values(parseTranslations(value)) : [String(value)];
    for (const t of texts) parts.push(f.type === 'richText' ? stripTags(t) : t);
  }
  return foldedText(parts);
}

