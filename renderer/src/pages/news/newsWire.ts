import { mapsToRows, NEWS_TRANSLATION_FIELDS, newsDef, rowsToMaps, type TranslationRow } from '../../../../shared/editorial';
import { parseTranslations } from '../../../../shared/resources/translations';
import type { Row } from '../../resources/dataProvider';
import type { WireAdapter } from '../../resources/useResourceForm';

/**
 * News travels with its per-language texts in `newsTranslations: [{ languageId, title, … }]`, its tags as
 * `[{ name }]`, its diseases as `sickNews: [{ sickId, isDefault }]`. The form works in the engine's shape
 * (`title` as language-keyed JSON text, flattened to `title-vi-VN` by the form model), with tags as names and
 * the diseases as a list of ids, the default one first (spec: the first linked disease is the default).
 */

/** Form-only fields beside the definition's: free-entry tags, category ids, disease ids (default first). */
export const NEWS_EXTRA = { tags: 'subjectTags', categories: 'categorys', sicks: 'sickIds' } as const;

const names = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((t) => (t && typeof t === 'object' ? String((t as Row).name ?? '') : String(t))).filter(Boolean) : [];

const ids = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number).filter((n) => Number.isInteger(n)) : []);

/** A news record as the server answers it → the definition's shape plus the form-only fields. */
export function newsFromWire(record: Row): Row {
  const rows = Array.isArray(record.newsTranslations) ? (record.newsTranslations as TranslationRow[]) : [];
  const maps = rowsToMaps(rows, NEWS_TRANSLATION_FIELDS);
  const texts = Object.fromEntries(NEWS_TRANSLATION_FIELDS.map((f) => [f, JSON.stringify(maps[f])]));
  const sicks = Array.isArray(record.sickNews) ? (record.sickNews as { sickId: number; isDefault?: boolean }[]) : [];
  const ordered = [...sicks.filter((s) => s.isDefault), ...sicks.filter((s) => !s.isDefault)];
  const categories = Array.isArray(record.categorys)
    ? ids(record.categorys)
    : Array.isArray(record.categoriesNews)
      ? ids((record.categoriesNews as Row[]).map((c) => c.categoryId))
      : [];
  return {
    ...record,
    ...texts,
    [NEWS_EXTRA.tags]: names(record.subjectTags),
    [NEWS_EXTRA.categories]: categories,
    [NEWS_EXTRA.sicks]: ordered.map((s) => s.sickId),
  };
}

/**
 * The body built from the definition's fields (per-language ones as JSON text) and the form values → the news
 * body; `approveRequest` picks the button: save as draft or save as approve (the review request).
 */
export function newsBody(body: Row, formValues: Row, approveRequest: boolean): Row {
  const maps: Record<string, Record<string, string>> = {};
  const languages = new Set<string>();
  for (const f of NEWS_TRANSLATION_FIELDS) {
    const map = parseTranslations(body[f]);
    delete map['*'];
    maps[f] = map;
    Object.keys(map).forEach((l) => languages.add(l));
  }
  const out: Row = {};
  const perLanguage = new Set(newsDef.fields.filter((f) => 'perLanguage' in f && f.perLanguage).map((f) => f.name));
  for (const [key, value] of Object.entries(body)) if (!perLanguage.has(key)) out[key] = value;
  out.newsTranslations = mapsToRows(maps, NEWS_TRANSLATION_FIELDS, [...languages]);
  out.subjectTags = names(formValues[NEWS_EXTRA.tags]).map((name) => ({ name }));
  out.categorys = ids(formValues[NEWS_EXTRA.categories]);
  out.sickNews = ids(formValues[NEWS_EXTRA.sicks]).map((sickId, i) => ({ sickId, isDefault: i === 0 }));
  // Path parameters of the two save calls: POST News/{website}/{isApproveFlag}, PUT News/{website}/{id}/{flag}.
  out.isApproveFlag = approveRequest;
  out.flag = String(approveRequest);
  return out;
}

export const newsAdapter = (approveRequest: () => boolean): WireAdapter => ({
  fromWire: newsFromWire,
  toBody: (body, values) => newsBody(body, values, approveRequest()),
});
