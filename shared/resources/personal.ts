// Personal data (issue 40): which fields of which definitions hold a person's data, read from the definitions' own
// `personal` marks (shared/resources/define.ts). One place the logger's redaction, the history's sealing, the privacy
// requests and docs/api.md's register all ask.
import type { FieldDef, PersonalKind, ResourceDef } from './define';
import { resources } from './index';

export type { PersonalKind };

/** The kinds in the order docs and screens list them. */
export const PERSONAL_KINDS: readonly PersonalKind[] = ['identity', 'contact', 'health', 'financial', 'file'];

const cache = new WeakMap<ResourceDef, FieldDef[]>();

/** The definition's personal fields (an empty list for a definition holding none). */
export function personalFields(def: ResourceDef | undefined): FieldDef[] {
  if (!def) return [];
  let fields = cache.get(def);
  if (!fields) cache.set(def, (fields = def.fields.filter((f) => f.personal)));
  return fields;
}

/** Whether `field` of `def` holds personal data. */
export const isPersonal = (def: ResourceDef | undefined, field: string): boolean => personalFields(def).some((f) => f.name === field);

/** Every definition holding personal data, with its personal fields. */
export function personalRegister(): { def: ResourceDef; fields: FieldDef[] }[] {
  return Object.values(resources as Record<string, ResourceDef>)
    .map((def) => ({ def, fields: personalFields(def) }))
    .filter((r) => r.fields.length > 0);
}

/** Every personal field name in any definition (what the request logger redacts wherever it appears in a body). */
export function personalFieldNames(): string[] {
  return [...new Set(personalRegister().flatMap((r) => r.fields.map((f) => f.name)))].sort();
}

/**
 * What an erased personal field holds from then on (a text field; a date or a number field is emptied instead). The
 * console shows it as "Đã xoá / Erased"; the history shows it where the sealed values were once their key is gone.
 */
export const ERASED = '[erased]';
