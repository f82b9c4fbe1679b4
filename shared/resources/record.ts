/**
 * The record type of a resource, inferred from its definition (as Payload generates its collection types): what the
 * server answers for one record and what the console's list and form hold. Definitions are declared with
 * `defineResource<const T>`, so each field keeps its literal name, type and options and this type follows them;
 * a definition widened to `ResourceDef` gives the loose `Record<string, unknown>`-like shape it always had.
 *
 *   type Social = RecordOf<typeof socialNetwork>;   // { id: number; websiteId: number; name: string; url: string | null; … }
 *
 * Per field (docs/api.md "Resources"): per-language text is JSON text keyed by language id (a string, `'{}'` when
 * empty); number → number; boolean → boolean; enum → the union of its option values; tags → strings, `{ name }`
 * objects (`tagObjects`) or ids (`ids`); reference → the referenced id (a string for `valueType: 'string'`);
 * date/datetime/text/url/files → string. A field neither required nor defaulted may be null. Hidden fields are never
 * answered. Beside the fields: the id, `websiteId` for a website's records, the parent key of a child,
 * `concurrencyStamp` (unless `concurrency: false`), `createdAt` and `updatedAt`.
 */
import type { FieldDef, ResourceDef } from './define';

type TagValue<F extends FieldDef> = F['tagObjects'] extends true ? { name: string }[] : F['ids'] extends true ? number[] : string[];

type OptionValue<F extends FieldDef> = F['options'] extends readonly { value: infer V }[] ? V : number | string;

type ReferenceValue<F extends FieldDef> = F['reference'] extends { valueType: 'string' } ? string : number;

/** The value of one field as answered. */
export type FieldValueOf<F extends FieldDef> = F['perLanguage'] extends true
  ? string
  : F['type'] extends 'number'
    ? number
    : F['type'] extends 'boolean'
      ? boolean
      : F['type'] extends 'enum'
        ? OptionValue<F>
        : F['type'] extends 'tags'
          ? TagValue<F>
          : F['type'] extends 'reference'
            ? ReferenceValue<F>
            : string;

/** Always there: required, defaulted, per-language (`'{}'` when empty) or a list. */
type Present<F extends FieldDef> = F['required'] extends true | { vi: string } ? true : 'default' extends keyof F ? true : F['perLanguage'] extends true ? true : F['type'] extends 'tags' | 'boolean' ? true : false;

type FieldsOf<D extends ResourceDef> = D['fields'][number];

type FieldValues<D extends ResourceDef> = {
  [F in FieldsOf<D> as F['hidden'] extends true ? never : F['name']]: Present<F> extends true ? FieldValueOf<F> : FieldValueOf<F> | null;
};

type IdOf<D extends ResourceDef> = D['idField'] extends string ? (D['idField'] extends 'id' ? { id: number } : { [K in D['idField']]: string | number }) : { id: number };

type WebsiteOf<D extends ResourceDef> = [D['scope']] extends ['website'] ? { websiteId: number } : { websiteId?: number };

type ParentOf<D extends ResourceDef> = D['parent'] extends { keyField: infer K extends string } ? { [P in K]: number } : unknown;

type StampOf<D extends ResourceDef> = D['concurrency'] extends false ? unknown : { concurrencyStamp: string };

/** A definition whose literal types were kept (declared with `defineResource`): fields with literal names. */
type Literal<D extends ResourceDef> = string extends FieldsOf<D>['name'] ? false : true;

/** One record of resource `D` as the server answers it. */
export type RecordOf<D extends ResourceDef> =
  Literal<D> extends true
    ? FieldValues<D> & IdOf<D> & WebsiteOf<D> & ParentOf<D> & StampOf<D> & { createdAt: string; updatedAt: string }
    : Record<string, unknown>;

/** What a form sends for `D`: its fields, each optional (the server fills defaults and refuses what is missing). */
export type InputOf<D extends ResourceDef> = Partial<FieldValues<D>> & Partial<StampOf<D>>;
