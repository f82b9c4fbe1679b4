/**
 * Validation from a resource definition, shared by the server (authoritative, answers 400) and the
 * console (form rules and the validation summary), so both say the same words. Spec part 2, section 5:
 * "Required-message pattern is the field name, language and the translated word for required."
 */
import type { FieldDef, ResourceDef } from './define';
import { isBlank, isTranslationValue, parseTranslations } from './translations';
import { ERASED } from './personal';
import { isId, isIsoDateTime, isIsoDay, isSafeLink, MAX_ID, PHONE, toNumber } from '../input';

export type UiLang = 'vi' | 'en';

/** Interface language from an Accept-Language header or a language id (`en…` → English, else Vietnamese). */
export const uiLangOf = (lang?: string | null): UiLang => (lang?.toLowerCase().startsWith('en') ? 'en' : 'vi');

export interface LanguageRef {
  languageId: string;
  /** Shown in messages, e.g. "Tiếng Việt". */
  name: string;
}

export interface FieldError {
  field: string;
  languageId?: string;
  message: string;
}

export function requiredMessage(field: FieldDef, ui: UiLang, languageName?: string): string {
  if (field.required && typeof field.required === 'object') return field.required[ui];
  const label = field.label[ui] + (languageName ? ` (${languageName})` : '');
  return ui === 'vi' ? `${label} là trường bắt buộc` : `${label} is required`;
}

export function minMessage(field: FieldDef, ui: UiLang): string {
  if (field.minMessage) return field.minMessage[ui];
  return ui === 'vi' ? `${field.label[ui]} phải lớn hơn hoặc bằng ${field.min}` : `${field.label[ui]} must be at least ${field.min}`;
}

export function maxMessage(field: FieldDef, ui: UiLang): string {
  return ui === 'vi' ? `${field.label[ui]} phải nhỏ hơn hoặc bằng ${field.max}` : `${field.label[ui]} must be at most ${field.max}`;
}

export function maxLengthMessage(field: FieldDef, ui: UiLang, languageName?: string): string {
  const label = field.label[ui] + (languageName ? ` (${languageName})` : '');
  return ui === 'vi' ? `${label} không được dài quá ${field.maxLength} ký tự` : `${label} must be at most ${field.maxLength} characters`;
}

/** A link field holding something the public sites must not put in `href` (the link rule, shared/input.ts). */
export function linkMessage(field: FieldDef, ui: UiLang): string {
  return ui === 'vi'
    ? `${field.label[ui]} phải là đường dẫn http(s)://…, đường dẫn trong trang (/…), mailto: hoặc tel:`
    : `${field.label[ui]} must be an http(s)://… address, a site path (/…), mailto: or tel:`;
}

export function typeMessage(field: FieldDef, ui: UiLang): string {
  return ui === 'vi' ? `${field.label[ui]} không đúng định dạng` : `${field.label[ui]} has the wrong format`;
}

/** The fields a client may write (not computed, not hidden). */
export const writableFields = (def: Pick<ResourceDef, 'fields'>) => def.fields.filter((f) => !f.computed && !f.hidden && !f.serverSet);

/**
 * Check a record in wire form (per-language fields as JSON text or maps). `languages` are the website's
 * languages, its default one included (required per-language fields must be filled in each, so never left empty in
 * the default language the public sites fall back to). `partial` skips required checks for
 * fields absent from the input (a PATCH-like update). Returns every error, in field order.
 */
export function validateRecord(
  def: Pick<ResourceDef, 'fields'>,
  input: Record<string, unknown>,
  languages: readonly LanguageRef[],
  ui: UiLang,
  options: { partial?: boolean } = {},
): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of writableFields(def)) {
    const present = field.name in input;
    if (options.partial && !present) continue;
    const value = input[field.name];
    if (field.perLanguage) {
      if (!isTranslationValue(value)) {
        errors.push({ field: field.name, message: typeMessage(field, ui) });
        continue;
      }
      const map = parseTranslations(value);
      // No language given (a caller without a website): a required text must still be written in one.
      if (!languages.length && field.required && Object.values(map).every((text) => isBlank(text, field))) {
        errors.push({ field: field.name, message: requiredMessage(field, ui) });
        continue;
      }
      for (const lang of languages) {
        const text = map[lang.languageId] ?? map['*'];
        if (field.required && isBlank(text, field)) {
          errors.push({ field: field.name, languageId: lang.languageId, message: requiredMessage(field, ui, lang.name) });
        } else if (field.maxLength && text && text.length > field.maxLength) {
          errors.push({ field: field.name, languageId: lang.languageId, message: maxLengthMessage(field, ui, lang.name) });
        }
      }
      continue;
    }
    if (isEmptyValue(value, field)) {
      if (field.required) errors.push({ field: field.name, message: requiredMessage(field, ui) });
      continue;
    }
    const error = checkValue(field, value, ui);
    if (error) errors.push({ field: field.name, message: error });
  }
  return errors;
}

/**
 * Whether a value leaves the field empty: nothing (null or absent), empty text where the field takes text or its
 * digits, an empty list for tags. A boolean is empty only when absent; `[]` or `{}` where no list or map is meant is
 * a wrong type, not nothing.
 */
function isEmptyValue(value: unknown, field: FieldDef): boolean {
  if (value === null || value === undefined) return true;
  if (field.type === 'boolean') return false;
  if (field.type === 'tags') return Array.isArray(value) && value.length === 0;
  return typeof value === 'string' && isBlank(value, field);
}

function checkValue(field: FieldDef, value: unknown, ui: UiLang): string | undefined {
  switch (field.type) {
    case 'number': {
      // The number rule (shared/input.ts): a JSON number or plain decimal digits, never "0x10", "1e3" or " 7".
      const n = toNumber(value, { decimal: field.decimal });
      if (n === undefined) return typeMessage(field, ui);
      if (!field.decimal && !isStorableInteger(n)) return typeMessage(field, ui);
      if (field.min !== undefined && n < field.min) return minMessage(field, ui);
      if (field.max !== undefined && n > field.max) return maxMessage(field, ui);
      return undefined;
    }
    case 'boolean':
      return typeof value === 'boolean' ? undefined : typeMessage(field, ui);
    case 'enum':
      // Exactly one of the options' values, of its type (a numeric option is a JSON number, never "1" or "0x1").
      return field.options?.some((o) => o.value === value) ? undefined : typeMessage(field, ui);
    case 'tags':
      if (!Array.isArray(value)) return typeMessage(field, ui);
      return value.every(field.ids ? isId : isTag) ? undefined : typeMessage(field, ui);
    // One date rule everywhere (shared/input.ts): a real calendar day in ISO form within sane years.
    case 'date':
      return isIsoDay(value) ? undefined : typeMessage(field, ui);
    case 'datetime':
      return isIsoDateTime(value) ? undefined : typeMessage(field, ui);
    case 'reference':
      if (field.reference?.valueType === 'string') return typeof value === 'string' ? undefined : typeMessage(field, ui);
      return isId(value) ? undefined : typeMessage(field, ui);
    default:
      if (typeof value !== 'string') return typeMessage(field, ui);
      if (field.maxLength && value.length > field.maxLength) return maxLengthMessage(field, ui);
      // An erased personal value (shared/resources/personal.ts ERASED) stays valid: an erased record can still be saved.
      if (field.format && !(field.personal && value === ERASED) && !FORMATS[field.format].test(value.trim())) return typeMessage(field, ui);
      if (LINK_TYPES.has(field.type) && !isSafeLink(value)) return linkMessage(field, ui);
      return undefined;
  }
}

/** The fields whose value the public sites put in `href` or `src`: they follow the link rule (shared/input.ts `isSafeLink`). */
export const LINK_TYPES: ReadonlySet<FieldDef['type']> = new Set(['url', 'image', 'file', 'media']);

/** One http(s) origin: `https://www.example.com`, `http://localhost:3000` (a trailing slash tolerated). */
const ORIGIN = 'https?://[a-z0-9-]+(\\.[a-z0-9-]+)*(:\\d{1,5})?/?';

/**
 * The shapes of `format` fields: an address with one @ and a dotted domain; a phone number of 8 to 15 digits,
 * written with spaces, dots, dashes, brackets or a leading + as people do; a time of day as HH:mm (00:00–23:59).
 */
export const FORMATS = {
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  phone: PHONE,
  time: /^([01]\d|2[0-3]):[0-5]\d$/,
  /** Web origins one a line (a website's content origins): scheme, host and port, as browsers send `Origin`. */
  origins: new RegExp(`^${ORIGIN}(\\s*\\n\\s*${ORIGIN})*$`, 'i'),
} as const;

/** Whole numbers within a 32-bit integer column (both databases store `number` fields as `integer`). */
const isStorableInteger = (n: unknown): boolean => typeof n === 'number' && Number.isInteger(n) && Math.abs(n) <= MAX_ID;

/** A tag is a string or, where the spec sends objects, `{ name }`. */
const isTag = (t: unknown): boolean =>
  typeof t === 'string' || (!!t && typeof t === 'object' && typeof (t as { name?: unknown }).name === 'string');
