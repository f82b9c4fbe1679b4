import type { FieldDef, ResourceDef } from '../../../shared/resources/define';
import { flatName, flattenRecord, parseTranslations, unflattenValues } from '../../../shared/resources/translations';
import { writableFields } from '../../../shared/resources/validate';
import type { Row } from './dataProvider';

/**
 * The form's view of a record: per-language fields flattened to `name-{languageId}` (one tab per language),
 * the rest as they are. Pure functions, shared by the form, the popups and the conflict comparison.
 */
export interface FormKey {
  /** Form field name: `name` or `name-{languageId}`. */
  key: string;
  field: FieldDef;
  languageId?: string;
}

/** Fields the form edits (writable, shown in forms). */
export const formFields = (def: Pick<ResourceDef, 'fields'>) => writableFields(def).filter((f) => f.form !== false);

/**
 * The language in which a `sameInEveryLanguage` field is edited (the first tab: the website's default
 * language); on save its value is applied to every language.
 */
export const editedLanguageOf = (languages: readonly string[]) => languages[0];

/** Every form field key, in definition order (per-language fields once per language, shared ones once). */
export function formKeys(def: Pick<ResourceDef, 'fields'>, languages: readonly string[]): FormKey[] {
  const edited = editedLanguageOf(languages);
  return formFields(def).flatMap((field): FormKey[] => {
    if (!field.perLanguage) return [{ key: field.name, field }];
    const langs = field.sameInEveryLanguage ? [edited] : languages;
    return langs.map((languageId) => ({ key: flatName(field.name, languageId), field, languageId }));
  });
}

const tagNames = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map((t) => (typeof t === 'object' && t !== null ? String((t as { name?: unknown }).name ?? '') : String(t))).filter(Boolean)
    : [];

/** Record (wire form) → form values; fields absent from the record take their definition default. */
export function toFormValues(def: Pick<ResourceDef, 'fields'>, record: Row | null, languages: readonly string[]): Row {
  const values = flattenRecord(def, record ?? {}, languages);
  for (const field of formFields(def)) {
    if (field.perLanguage) continue;
    if (field.type === 'tags') values[field.name] = tagNames(values[field.name]);
    else if ((values[field.name] === undefined || values[field.name] === null) && field.default !== undefined && !record) {
      values[field.name] = field.default;
    }
  }
  return values;
}

/**
 * Form values → the body to send: writable form fields only, per-language ones as JSON text. Text of
 * languages without a tab (e.g. a language the website no longer has) is kept from `base`, the record as
 * loaded, so saving never drops a translation the user could not see.
 */
export function toWire(def: Pick<ResourceDef, 'fields'>, values: Row, languages: readonly string[], base?: Row | null): Row {
  const record = unflattenValues(def, values, languages, editedLanguageOf(languages));
  for (const field of def.fields) {
    if (!field.perLanguage || !base) continue;
    const kept = parseTranslations(base[field.name]);
    delete kept['*'];
    for (const lang of languages) delete kept[lang];
    if (Object.keys(kept).length) record[field.name] = JSON.stringify({ ...kept, ...parseTranslations(record[field.name]) });
  }
  const body: Row = {};
  for (const field of formFields(def)) {
    let value = record[field.name];
    if (field.type === 'tags') {
      const names = tagNames(value);
      value = field.tagObjects ? names.map((name) => ({ name })) : names;
    } else if (field.type === 'boolean') {
      value = Boolean(value);
    } else if (value === undefined) {
      value = null;
    }
    body[field.name] = value;
  }
  return body;
}
