import { mapsToRows, rowsToMaps, type TranslationRow } from '../../../../shared/editorial';
import { l, type FieldDef, type ResourceDef } from '../../../../shared/resources/define';
import { sick, sickTranslationFields } from '../../../../shared/resources/sick';
import { parseTranslations } from '../../../../shared/resources/translations';
import type { Row } from '../../resources/dataProvider';
import type { WireAdapter } from '../../resources/useResourceForm';

/**
 * The sick category form as the engine sees it: the per-language texts (letter, name, description, SEO link,
 * content) as per-language fields, then image, URL, active, prioritised and the linked news. On the wire the
 * texts travel as `sickTranslations: [{ languageId, … }]` and the news as `sickNews: [{ newsId, isDefault }]`
 * (the first one chosen is the default); `sickAdapter` converts both ways.
 */
export const T_FIELDS = sickTranslationFields.map((f) => f.name);

export const sickNewsField: FieldDef = {
  name: 'sickNews',
  type: 'reference',
  label: l('Tin tức liên quan', 'Linked news'),
  reference: { lookup: 'api:News/{website}/{lang}', valueField: 'id', labelField: 'title' },
};

export const sickFormDef: ResourceDef = {
  ...sick,
  fields: [
    ...sickTranslationFields.map((f) => ({ ...f, list: false })),
    // The top-level seoLink follows the first language's (the form edits one per language).
    ...sick.fields.filter((f) => f.name !== 'seoLink'),
    sickNewsField,
  ],
};

export interface LinkedNews {
  newsId: number;
  title?: unknown;
}

export const sickAdapter = (onNews?: (news: LinkedNews[]) => void): WireAdapter => ({
  fromWire(record: Row): Row {
    const rows = Array.isArray(record.sickTranslations) ? (record.sickTranslations as TranslationRow[]) : [];
    const maps = rowsToMaps(rows, T_FIELDS);
    const news = Array.isArray(record.sickNews) ? (record.sickNews as LinkedNews[]) : [];
    onNews?.(news);
    const flat: Row = { ...record, sickNews: news.map((n) => n.newsId) };
    for (const f of T_FIELDS) flat[f] = JSON.stringify(maps[f]);
    return flat;
  },
  toBody(body: Row): Row {
    const maps: Record<string, Record<string, string>> = {};
    const out: Row = { ...body };
    for (const f of T_FIELDS) {
      const map = parseTranslations(body[f]);
      delete map['*'];
      maps[f] = map;
      delete out[f];
    }
    const sickTranslations = mapsToRows(maps, T_FIELDS).filter((t) => T_FIELDS.some((f) => t[f]));
    const ids = Array.isArray(body.sickNews) ? (body.sickNews as number[]) : [];
    return {
      ...out,
      sickTranslations,
      seoLink: sickTranslations.find((t) => t.seoLink)?.seoLink ?? null,
      sickNews: ids.map((newsId, i) => ({ newsId, isDefault: i === 0 })),
    };
  },
});
