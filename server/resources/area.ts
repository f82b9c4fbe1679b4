// What the delivery API (/content/{website}/{lang}/…) serves: areas. An area is a path segment a public website
// reads (`news`, `menus`, `banners`…) with a list answer and, where records have a link, one record by its key
// (`news/{seoLink}`). Most areas come from a definition's `delivery` declaration (shared/resources/delivery.ts),
// read by the engine; news, services, menus, the site and diseases, whose data is not one engine table, are written
// by hand in their modules with the same shape. The delivery module (server/delivery) resolves the website and the
// language, answers 404 for what is not published and does the caching (ETag, 304, Cache-Control): an area only reads.
import type { Db } from '../db/schema';

/** A JSON Schema (OpenAPI 3.1 uses JSON Schema 2020-12) describing an answer's item, for /content/openapi.json. */
export type JsonSchema = Record<string, unknown>;

/**
 * The marker on an image field's schema (an OpenAPI specification extension, kept in the published document): the
 * delivery API adds `<field>Info` beside every field so marked (server/delivery/image-info.ts).
 */
export const IMAGE_MARK = 'x-image';

/** Beside the mark: the sibling field holding the record's own alt text for this image (news: `altFeatureImage`). */
export const IMAGE_ALT_MARK = 'x-image-alt';

/**
 * An image field's schema: `base` (its string type, nullable or not) marked as an image URL; `altField` names the
 * sibling where staff wrote this record's alt text, which `<field>Info.alt` falls back to (server/delivery/image-info.ts).
 */
export const imageUrl = (base: JsonSchema = { type: 'string' }, altField?: string): JsonSchema => ({
  ...base,
  [IMAGE_MARK]: true,
  ...(altField ? { [IMAGE_ALT_MARK]: altField } : {}),
});

export interface ContentContext {
  /** Outside any transaction: the delivery API only reads. Typed: an area written by hand queries its tables as declared. */
  db: Db;
  websiteId: number;
  /** The asked language (a language id the website has, active). */
  lang: string;
  /** The website's default language: what a per-language field falls back to. */
  defaultLang: string;
  /** The request's clock (app.now()): what "started" means for scheduled content. */
  now: Date;
  /** The query string, values as sent (the first of a repeated one). */
  query: Record<string, string | undefined>;
}

/**
 * One record's current saved version as an area would show it, whatever its status (a preview: server/delivery/preview.ts).
 */
export interface PreviewVersion {
  /** Its key in the detail's path (`seoLink`, or the id). */
  key: string;
  /** As a list item. */
  item: Record<string, unknown>;
  /** As the detail answers it. */
  detail: Record<string, unknown>;
  /** Whether the list asked for (the context's query: its filters) would show it. */
  inList: boolean;
  /** In a tree area (its records under their parents' `children`): the record it is saved under, null at the top. */
  parent?: number | null;
}

/** How an area shows one record's saved version before it is published (a preview token names the record). */
export interface AreaPreview {
  /** The definition whose records are previewed (its access decides who may ask for a preview). */
  resource: string;
  /** A tree area: its list holds the top records, each with its `children` (the version's `parent` places it). */
  tree?: boolean;
  /** The record's saved version in the context's language; undefined when it has none there (no title). */
  version(ctx: ContentContext, id: number): Promise<PreviewVersion | undefined>;
  /** Whether list item `a` comes before `b` in the area's list (where the version goes when it is not listed yet). */
  before(a: Record<string, unknown>, b: Record<string, unknown>): boolean;
}

export interface QueryParam {
  name: string;
  description: string;
  type: 'string' | 'integer';
}

export interface ContentArea {
  /** The path segment under /content/{website}/{lang}/ (lower-case). */
  path: string;
  /** One line for the OpenAPI document. */
  summary: string;
  /**
   * The definitions (by name) whose writes change what the area answers: the publish webhooks (server/webhooks) tell
   * the websites about a write to one of them. A definition's area counts its own definition and its children.
   */
  sources?: readonly string[];
  /** `{ data: [...], totalRows }` when paged, else `{ data: [...] }` (or `{ data: {...} }` for the site). */
  list(ctx: ContentContext): Promise<{ data: unknown; totalRows?: number }>;
  /** One record by its key (`news/{seoLink}`): undefined → 404. */
  one?(ctx: ContentContext, key: string): Promise<unknown | undefined>;
  /**
   * What besides the database's change number can change the answer without a write: the latest scheduled start
   * that has passed (news). Part of the ETag, so a scheduled item shows up when its time comes.
   */
  epoch?(ctx: ContentContext): Promise<string | null>;
  /** Records of the area can be previewed before they are published (`?sitedesk-preview=`). */
  preview?: AreaPreview;
  /**
   * For /content/openapi.json. A schema may refer to another area's item as `#/components/schemas/{path}` (a tree's
   * children: its own item), and to its detail as `#/components/schemas/{path}.detail`.
   */
  schema: {
    /** A list item (or the site's object). */
    item: JsonSchema;
    /** One record read by its key, when it has more than a list item. */
    detail?: JsonSchema;
    /** The list is paged (`page`, `pageSize`, `totalRows`). */
    paged?: boolean;
    /** The answer's `data` is one object (`item`: the site's settings), not a list. */
    single?: boolean;
    /** Query parameters besides page and pageSize. */
    query?: QueryParam[];
    /** What `one`'s key is called in the path (`seoLink`). */
    key?: string;
  };
}
