// The tables of definition-driven resources, as Kysely table types derived from their definitions, so that the one
// database handle (`Db`, ./schema.ts) is typed for them too: `db.selectFrom('social_networks')` knows its columns.
//
// A table follows the rule of server/resources/schema.ts (`tableColumns`), which creates it:
//   id                 Generated<number>, unless the definition has a natural id (its field is the key)
//   websiteId          number, for a website's resource or a child of websites
//   <parentKey>        number, for a child resource
//   <field>            per stored field (not `computed`; `hidden` ones included) by `storageType`: per-language text and
//                      tags are JSON text, numbers, booleans, an enum's option values, a reference's id; else text.
//                      Required fields are never null; booleans (not null, default) and defaulted fields may be left
//                      out of an insert; any other field is nullable.
//   concurrencyStamp   string, unless `concurrency: false`
//   createdAt, updatedAt  string
//   searchText         string | null, when the definition has searchable fields (server/resources/search.ts)
// A field or parent key whose name is not a literal type (built by a helper as a plain `FieldDef`) is not in the type:
// its table is typed for the columns known, and code reading the others casts its rows, as before.
//
// Tables a migration declares by hand (their module's interface, merged into `Database`) are left out here: see
// HandDeclared below.
import type { Generated } from 'kysely';
import type { FieldDef, ResourceDef } from '../../shared/resources/define';
import type { FieldValueOf } from '../../shared/resources/record';
import type { resources } from '../../shared/resources/index';
// The webhooks' definitions are in the registry of shared/resources/index.ts now, like every other: naming them again
// below is redundant and harmless (the same definition twice). Definitions served with tables of their own are in
// HandDeclared.
import type { webhook, webhookDelivery } from '../../shared/resources/webhook';

type Definitions = typeof resources & { webhook: typeof webhook; webhookDelivery: typeof webhookDelivery };

/**
 * Definition tables whose table type a module declares by hand next to its migration (richer than the definition:
 * columns it keeps beside the fields; served `tableFromMigration`). Each must be a key of `Database` (checked in
 * ./schema.ts). News, Q&A and sick categories (shared/resources/news.ts, qa.ts, sick.ts) are in the registry: their
 * hand-declared tables win over the derived ones.
 */
export type HandDeclared = 'websites' | 'website_languages' | 'website_users' | 'collaborators' | 'referrals' | 'news' | 'qa_questions' | 'sicks' | 'roles';

type TEXT_TYPE = 'text' | 'textarea' | 'richText' | 'url';

/**
 * The column value of a stored field (server/resources/schema.ts `storageType`): the value as answered
 * (shared/resources/record.ts), but tags, which are stored as JSON text.
 */
type ColumnOf<F extends FieldDef> = F['type'] extends 'tags' ? string : FieldValueOf<F>;

type IsRequired<F extends FieldDef> = F['required'] extends true | { vi: string } ? true : false;
type Defaulted<F extends FieldDef> = 'default' extends keyof F ? true : F['type'] extends 'boolean' ? true : false;

type FieldColumn<F extends FieldDef> = IsRequired<F> extends true ? ColumnOf<F> : Defaulted<F> extends true ? Generated<ColumnOf<F>> : ColumnOf<F> | null;

type FieldsOf<D extends ResourceDef> = D['fields'][number];

/** Fields of literal names only: one built at run time (a `FieldDef` from a helper) is left out of the type. */
type FieldColumns<D extends ResourceDef> = {
  [F in FieldsOf<D> as F['computed'] extends true ? never : string extends F['name'] ? never : F['name']]: FieldColumn<F>;
};

type Searchable<F extends FieldDef> = F['computed'] extends true ? false : F['search'] extends true ? true : F['list'] extends true ? (F['type'] extends TEXT_TYPE ? true : false) : false;
type AnySearchable<D extends ResourceDef> = true extends (FieldsOf<D> extends infer F ? (F extends FieldDef ? Searchable<F> : never) : never) ? true : false;

type NaturalId<D extends ResourceDef> = D['idField'] extends string ? (D['idField'] extends 'id' ? false : true) : false;

type IdColumn<D extends ResourceDef> = NaturalId<D> extends true ? unknown : { id: Generated<number> };
type WebsiteColumn<D extends ResourceDef> = [D['scope']] extends ['website'] ? { websiteId: number } : D['parent'] extends { resource: 'website' } ? { websiteId: number } : unknown;
type ParentColumn<D extends ResourceDef> = D['parent'] extends { keyField: infer K extends string } ? (string extends K ? unknown : { [P in K]: number }) : unknown;
type StampColumn<D extends ResourceDef> = D['concurrency'] extends false ? unknown : { concurrencyStamp: string };
type SearchColumn<D extends ResourceDef> = NaturalId<D> extends true ? unknown : AnySearchable<D> extends true ? { searchText: string | null } : unknown;

/** The stored row of definition `D`, as a Kysely table type. */
export type TableOf<D extends ResourceDef> = FieldColumns<D> & IdColumn<D> & WebsiteColumn<D> & ParentColumn<D> & StampColumn<D> & SearchColumn<D> & { createdAt: string; updatedAt: string };

type Flat<T> = { [K in keyof T]: T[K] };

/** The table of a definition, unless declared by hand or not literal (a definition widened to `ResourceDef`). */
type TableName<D extends ResourceDef> = string extends D['table'] ? never : D['table'] extends HandDeclared ? never : D['table'];

/** Table name → table type, for every definition whose table is not declared by hand. */
export type DefinitionTables = {
  [K in keyof Definitions as TableName<Definitions[K]>]: Flat<TableOf<Definitions[K]>>;
};
