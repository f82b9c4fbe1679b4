/**
 * The public delivery API (`/content/{website}/{lang}/…`, server/content): what of a resource the public websites
 * read, declared in its definition (`delivery`). The content module serves every definition that declares it — no
 * sign-in, GET only, published records only, per-language fields as plain text in the asked language — and describes
 * it in its OpenAPI document. "Public read" is this declaration: the console's `access` rules stay as they are.
 *
 * Published means: active (`active`), approved where the resource is reviewed (`approved`: the approved version,
 * kept apart from later edits, server/editorial/published.ts), and started (`startTime`). A record whose `title`
 * has no text in the asked language is not listed in it; every other per-language field falls back to the website's
 * default language.
 *
 * Never declared for a person's data (bookings, feedback, applications, collaborators, patients, payments, users).
 *
 * Runtime-free: read by the server and its tests.
 */
import { parseTranslations } from './translations';

export interface DeliveryDecl {
  /** The path segment under `/content/{website}/{lang}/` (lower-case, e.g. 'banners', 'waiting-screens'). */
  path: string;
  /** What the OpenAPI document says the area is. */
  summary: string;
  /** The fields a site reads (wire names; `id` is always sent). Per-language fields arrive as plain text. */
  fields: readonly string[];
  /** The per-language field without which a record is not listed in a language (default: the first per-language field). */
  title?: string;
  /** The boolean field a record must have true to be shown (default 'isActive' when the definition has it). */
  active?: string | false;
  /** Order of the list (default: the definition's list order). */
  orderBy?: readonly { field: string; direction: 'asc' | 'desc' }[];
  /** A tree by this parent field: `children: [...]` under each record, roots at the top. */
  tree?: string;
  /** Children sent inside each record: a child resource (its own `delivery` fields and order) under `as`. */
  children?: readonly DeliveryChild[];
  /** Query parameters that filter the list by a field's value (`?groupId=3`, `?floor=2&area=1`). */
  filters?: readonly string[];
  /** A record is also read alone at `{path}/{value of this field}` (a per-language SEO link, or the id). */
  by?: string;
}

/**
 * A child resource sent inside each record of an area (a banner's items, an album's photos): published children only
 * (`active`), in order, the ones without text in the language left out (`title`), like the area's own records.
 * `fields`, `orderBy`, `active` and `title` default to the child's own `delivery` declaration, then to its definition.
 */
export interface DeliveryChild {
  resource: string;
  /** The key the children are sent under in each record (`items`, `photos`). */
  as: string;
  fields?: readonly string[];
  orderBy?: DeliveryDecl['orderBy'];
  active?: string | false;
  title?: string;
  /**
   * How a child belongs to a record: child field → record field, all equal (a waiting screen's files share its
   * `floor` and `area`). Default: the child's parent key (`parent.keyField`) → the record's `id`.
   */
  on?: Readonly<Record<string, string>>;
}

/**
 * A per-language value as the public sites read it: the text in `lang`, else in the website's default language,
 * else empty (never another language's text picked at random, never the console's JSON).
 */
export function publicText(value: unknown, lang: string, defaultLang: string): string {
  const map = parseTranslations(value);
  return map[lang] || map['*'] || map[defaultLang] || '';
}

/** Whether a per-language value has text in `lang` itself (what decides if a record is listed in it). */
export function hasText(value: unknown, lang: string): boolean {
  const map = parseTranslations(value);
  return Boolean((map[lang] ?? map['*'] ?? '').trim());
}
