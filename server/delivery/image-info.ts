// `<field>Info` beside every image field of the delivery API (issue 41; docs/api.md "Images"): the field keeps its URL
// as staff picked it, and its sibling tells a website what it needs to lay the picture out without loading it —
// `{ width, height, alt, placeholder, srcset }` — or null when the URL is not one of our stored images.
//
// Which fields are images is said once, in the area's schema: a field's schema made with `imageUrl(...)` carries the
// marker `x-image` (definitions: every field of type `image`, or `file` accepting images; hand-written areas mark
// theirs). `withImageInfo` adds the `<field>Info` property beside each marked one, so the OpenAPI document, the
// schema tests and the answers cannot disagree; `addImageInfo` walks an answer along the same schema, collects the
// stored names of every marked field's URL and reads them in ONE query for the whole answer (never one per field).
// Answers are kept by the delivery core per change number; the files table is counted, so an alt text or a focal
// point saved moves the ETag like any other write.
import { srcsetOf } from '../../shared/images';
import { imageFacts, storedNameOf } from '../files/image-facts';
import { IMAGE_ALT_MARK, IMAGE_MARK, type ContentArea, type ContentContext, type JsonSchema } from '../resources/area';

/** The schema of `<field>Info` (inline, not a reference: an area's schema compiles on its own too). */
export const imageInfoSchema = (field: string): JsonSchema => ({
  type: ['object', 'null'],
  description:
    `What a page needs to show \`${field}\`: its size in pixels (orientation applied), its alt text in the asked language ` +
    '(else the website\'s default language), a ThumbHash placeholder (base64) and a srcset over the allowed widths up to ' +
    'its own (`/files/…?w=…&format=auto`). null when the URL is not one of the stored images (another site\'s, a PDF, a video, an SVG).',
  additionalProperties: false,
  required: ['width', 'height', 'alt', 'placeholder', 'srcset'],
  properties: {
    width: { type: 'integer', minimum: 1 },
    height: { type: 'integer', minimum: 1 },
    alt: { type: ['string', 'null'] },
    placeholder: { type: ['string', 'null'], description: 'ThumbHash, base64 (https://evanw.github.io/thumbhash/)' },
    srcset: { type: 'string', description: 'For <img srcset>: "<url> 320w, <url> 640w, …, <url> <width>w"' },
  },
});

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `schema` with `<field>Info` beside every marked field, at every depth (required when the field is). */
export function schemaWithImageInfo(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (Array.isArray(value)) out[key] = value.map((v) => (isObject(v) ? schemaWithImageInfo(v) : v));
    else if (isObject(value)) out[key] = schemaWithImageInfo(value);
    else out[key] = value;
  }
  if (isObject(out.properties)) {
    const properties: Record<string, unknown> = {};
    const required = Array.isArray(out.required) ? [...(out.required as string[])] : undefined;
    for (const [name, property] of Object.entries(out.properties)) {
      properties[name] = property;
      if (isObject(property) && property[IMAGE_MARK] === true) {
        properties[`${name}Info`] = imageInfoSchema(name);
        if (required?.includes(name)) required.push(`${name}Info`);
      }
    }
    out.properties = properties;
    if (required) out.required = required;
  }
  return out;
}

/** The area with its schemas carrying the Info fields. */
export function withImageInfo(area: ContentArea): ContentArea {
  const { item, detail } = area.schema;
  return { ...area, schema: { ...area.schema, item: schemaWithImageInfo(item), ...(detail ? { detail: schemaWithImageInfo(detail) } : {}) } };
}

/**
 * How `$ref`s found in the areas' schemas resolve: `#/components/schemas/<path>` (a tree's children are its own
 * item, as in the OpenAPI document) and `#<anchor>` (a recursive schema's `$anchor`, as the menus' items).
 */
export function schemaRefs(areas: ContentArea[]): Map<string, JsonSchema> {
  const refs = new Map<string, JsonSchema>();
  const anchors = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(anchors);
    if (!isObject(node)) return;
    if (typeof node.$anchor === 'string') refs.set(`#${node.$anchor}`, node);
    Object.values(node).forEach(anchors);
  };
  for (const area of areas) {
    refs.set(`#/components/schemas/${area.path}`, area.schema.item);
    if (area.schema.detail) refs.set(`#/components/schemas/${area.path}.detail`, area.schema.detail);
    anchors(area.schema.item);
    anchors(area.schema.detail);
  }
  return refs;
}

interface Slot {
  holder: Record<string, unknown>;
  field: string;
  url: string;
  storedName: string | undefined;
  /** The record's own alt text for this image (the schema's `x-image-alt` sibling), when it has one. */
  ownAlt: string | null;
}

/** Every marked field of `value` (read along `schema`), with the object that holds it. */
function collect(value: unknown, schema: JsonSchema | undefined, refs: Map<string, JsonSchema>, slots: Slot[]): void {
  while (schema && typeof schema.$ref === 'string') schema = refs.get(schema.$ref);
  if (!schema || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    if (isObject(schema.items)) for (const v of value) collect(v, schema.items, refs, slots);
    return;
  }
  if (!isObject(schema.properties)) return;
  const holder = value as Record<string, unknown>;
  for (const [name, property] of Object.entries(schema.properties)) {
    if (!isObject(property)) continue;
    if (property[IMAGE_MARK] === true) {
      const url = holder[name];
      const altField = property[IMAGE_ALT_MARK];
      const own = typeof altField === 'string' ? holder[altField] : undefined;
      const ownAlt = typeof own === 'string' && own.trim() ? own : null;
      if (typeof url === 'string' && url) slots.push({ holder, field: name, url, storedName: storedNameOf(url), ownAlt });
      else if (name in holder) holder[`${name}Info`] = null;
    } else {
      collect(holder[name], property, refs, slots);
    }
  }
}

/**
 * The alt text of an image: the file's (`alt`, { "<lang>": "…" }) in `lang`, else the record's own (`ownAlt`: what
 * staff wrote beside the picture in its form, one text), else the file's in `defaultLang` (language ids
 * case-insensitive). A picture described anywhere is never answered with an empty alt.
 */
function altIn(alt: Record<string, string>, lang: string, defaultLang: string, ownAlt: string | null): string | null {
  const find = (l: string) => Object.entries(alt).find(([k, v]) => k.toLowerCase() === l.toLowerCase() && v.trim())?.[1];
  return find(lang) ?? ownAlt ?? find(defaultLang) ?? null;
}

/**
 * Sets `<field>Info` beside every image field of `data` (an area's `data`, read along `schema`), in place: one read
 * of the files table for the whole answer. Files not measured yet (width unknown: the upload backfill has not come to
 * them) and what is not transformable (PDF, video, SVG) get null, like a URL that is not ours.
 */
export async function addImageInfo(ctx: ContentContext, data: unknown, schema: JsonSchema, refs: Map<string, JsonSchema>): Promise<void> {
  const slots: Slot[] = [];
  collect(data, schema, refs, slots);
  if (slots.length === 0) return;
  const files = await imageFacts(ctx.db, [...new Set(slots.map((s) => s.storedName).filter((n): n is string => !!n))]);
  for (const slot of slots) {
    const file = slot.storedName ? files.get(slot.storedName) : undefined;
    slot.holder[`${slot.field}Info`] = file
      ? { width: file.width, height: file.height, alt: altIn(file.alt, ctx.lang, ctx.defaultLang, slot.ownAlt), placeholder: file.placeholder, srcset: srcsetOf(slot.url, file.width) }
      : null;
  }
}
