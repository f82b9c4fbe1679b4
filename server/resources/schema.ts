// How a definition becomes a table (the rule, also in docs/api.md "Resources"):
//
//   table `def.table`, columns camelCase:
//     id            integer primary key from the database (addIdColumn), unless the definition has a natural id
//     websiteId     integer not null → websites.id ON DELETE CASCADE            (scope 'website', or a website child)
//     <parentKey>   integer not null → <parent table>.id ON DELETE CASCADE      (child resources)
//     <field>       per field that is not computed: see `storageType`
//     concurrencyStamp, createdAt, updatedAt   text
//     searchText    text (folded keyword text, see search.ts) when the definition has searchable fields
//
// `syncResourceTables` runs at every start, after the migrations: it creates a missing table and adds missing
// columns (nullable, or with their default), never drops or changes one. So a new simple resource needs no
// migration; renaming or retyping a field does (write a migration for it).
import { createHash } from 'node:crypto';
import { sql, type ColumnDataType } from 'kysely';
import type { FieldDef, ResourceDef } from '../../shared/resources/define';
import { addIdColumn, dialectOf, iso, type DialectName } from '../db/dialect';
import type { DynamicDb } from './dynamic';
import { searchFields, searchTextOf } from './search';
import { searchIndexOf } from '../http/query';

export type ColumnType = 'text' | 'integer' | 'double precision' | 'boolean';

export interface ColumnSpec {
  name: string;
  type: ColumnType;
  notNull?: boolean;
  defaultTo?: string | number | boolean;
  /** `table.column` referenced, deleted with it */
  references?: string;
}

/** Storage of a field: per-language text and tags as JSON text; numbers integer unless `decimal`. */
export function storageType(field: FieldDef): ColumnType {
  if (field.perLanguage) return 'text';
  switch (field.type) {
    case 'boolean':
      return 'boolean';
    case 'number':
      return field.decimal ? 'double precision' : 'integer';
    case 'enum':
      return field.options?.length && field.options.every((o) => typeof o.value === 'number') ? 'integer' : 'text';
    case 'reference':
      return field.reference?.valueType === 'string' ? 'text' : 'integer';
    default:
      return 'text';
  }
}

export const hasIdColumn = (def: ResourceDef) => (def.idField ?? 'id') === 'id';
/** Tables that record who created each row (`createdBy`, a role's `own`): every engine table with an id. */
export const hasCreator = (def: ResourceDef) => hasIdColumn(def);
export const hasStamp = (def: ResourceDef) => def.concurrency !== false;

/**
 * A record's key from its text (a path parameter, a history entry's `recordId`): its id, or its natural key (a
 * website's language: `vi-VN`; its staff member: a user's id). Undefined when it cannot be one.
 */
export function recordKey(def: ResourceDef, text: string): number | string | undefined {
  const field = hasIdColumn(def) ? undefined : def.fields.find((f) => f.name === def.idField);
  if (field?.type === 'reference' && field.reference?.valueType === 'string') return text.trim() && text.length <= 100 ? text : undefined;
  const id = Number(text);
  return /^\d{1,15}$/.test(text) && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
/** Rows carry `websiteId` when the resource is website-scoped or a child of websites. */
export const hasWebsiteId = (def: ResourceDef) => def.scope === 'website' || def.parent?.resource === 'website';
export const storedFields = (def: ResourceDef) => def.fields.filter((f) => !f.computed);

export type ListOrder = { field: string; direction: 'asc' | 'desc' }[];

/**
 * The order of a definition's list: its `list.orderBy`, else `order` ascending when it has that field; then the id
 * (unless the order names it), so rows that tie keep one order and pages never overlap. Empty without an id.
 */
export function listOrder(def: ResourceDef): ListOrder {
  const own: ListOrder = def.list?.orderBy ?? (def.fields.some((f) => f.name === 'order') ? [{ field: 'order', direction: 'asc' }] : []);
  if (!hasIdColumn(def) || own.some((o) => o.field === 'id')) return own;
  return [...own, { field: 'id', direction: 'asc' }];
}

export function tableColumns(def: ResourceDef, parentTable?: string): ColumnSpec[] {
  const cols: ColumnSpec[] = [];
  if (hasWebsiteId(def)) cols.push({ name: 'websiteId', type: 'integer', notNull: true, references: 'websites.id' });
  if (def.parent && def.parent.keyField !== 'websiteId') {
    cols.push({ name: def.parent.keyField, type: 'integer', notNull: true, references: parentTable ? `${parentTable}.id` : undefined });
  }
  for (const f of storedFields(def)) {
    const type = storageType(f);
    if (type === 'boolean') cols.push({ name: f.name, type, notNull: true, defaultTo: f.default === true });
    else cols.push({ name: f.name, type });
  }
  if (hasStamp(def)) cols.push({ name: 'concurrencyStamp', type: 'text' });
  if (hasCreator(def)) cols.push({ name: 'createdBy', type: 'integer' });
  cols.push({ name: 'createdAt', type: 'text' }, { name: 'updatedAt', type: 'text' });
  if (hasIdColumn(def) && searchFields(def).length) cols.push({ name: 'searchText', type: 'text' });
  return cols;
}

/** Parents before children, so foreign keys find their table. */
function parentsFirst(defs: ResourceDef[]): ResourceDef[] {
  const byName = new Map(defs.map((d) => [d.name, d]));
  const depth = (d: ResourceDef): number => (d.parent && byName.has(d.parent.resource) ? 1 + depth(byName.get(d.parent.resource)!) : 0);
  return [...defs].sort((a, b) => depth(a) - depth(b));
}

export async function syncResourceTables(db: DynamicDb, dialect: DialectName, defs: ResourceDef[], tableOf: (name: string) => string | undefined) {
  const existing = new Map((await db.introspection.getTables()).map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
  for (const def of parentsFirst(defs)) {
    const columns = tableColumns(def, def.parent ? tableOf(def.parent.resource) : undefined);
    const have = existing.get(def.table);
    if (!have) {
      let create = db.schema.createTable(def.table).ifNotExists();
      if (hasIdColumn(def)) create = addIdColumn(create, dialect);
      for (const c of columns) {
        create = create.addColumn(c.name, c.type as ColumnDataType, (b) => {
          let col = c.notNull ? b.notNull() : b;
          if (c.defaultTo !== undefined) col = col.defaultTo(c.defaultTo);
          if (c.references) col = col.references(c.references).onDelete('cascade');
          return col;
        });
      }
      await create.execute();
    } else {
      for (const c of columns.filter((col) => !have.has(col.name))) {
        try {
          await db.schema
            .alterTable(def.table)
            .addColumn(c.name, c.type as ColumnDataType, (b) => (c.defaultTo !== undefined ? b.notNull().defaultTo(c.defaultTo) : b))
            .execute();
        } catch (err) {
          // Another process starting at the same moment may have added it.
          const now = (await db.introspection.getTables()).find((t) => t.name === def.table);
          if (!now?.columns.some((col) => col.name === c.name)) throw err;
        }
      }
    }
    await ensureIndexes(db, def);
  }
}

/**
 * `createdBy` on a table a migration owns (news, questions, the team…): the sync leaves such tables alone but for this
 * column, which every engine write fills (rows before it: null, nobody's own).
 */
export async function ensureCreatorColumn(db: DynamicDb, def: ResourceDef): Promise<void> {
  if (!hasCreator(def)) return;
  const table = (await db.introspection.getTables()).find((t) => t.name === def.table);
  if (!table || table.columns.some((c) => c.name === 'createdBy')) return;
  try {
    await db.schema.alterTable(def.table).addColumn('createdBy', 'integer').execute();
  } catch (err) {
    // Another process starting at the same moment may have added it.
    const now = (await db.introspection.getTables()).find((t) => t.name === def.table);
    if (!now?.columns.some((c) => c.name === 'createdBy')) throw err;
  }
}

/**
 * `searchText` on a table a migration owns whose definition has searchable fields but whose migration made no such
 * column (the roles): without it a keyword would name a column that is not there. Answers whether it was added.
 */
export async function ensureSearchColumn(db: DynamicDb, def: ResourceDef): Promise<boolean> {
  if (!hasIdColumn(def) || !searchFields(def).length) return false;
  const table = (await db.introspection.getTables()).find((t) => t.name === def.table);
  if (!table || table.columns.some((c) => c.name === 'searchText')) return false;
  try {
    await db.schema.alterTable(def.table).addColumn('searchText', 'text').execute();
  } catch (err) {
    // Another process starting at the same moment may have added it.
    const now = (await db.introspection.getTables()).find((t) => t.name === def.table);
    if (!now?.columns.some((c) => c.name === 'searchText')) throw err;
  }
  return true;
}

async function ensureIndexes(db: DynamicDb, def: ResourceDef) {
  if (!hasIdColumn(def)) return; // natural-key link tables have their own primary key
  const scope = [...(hasWebsiteId(def) ? ['websiteId'] : []), ...(def.parent && def.parent.keyField !== 'websiteId' ? [def.parent.keyField] : [])];
  if (def.singleton) {
    await db.schema.createIndex(`${def.table}_website_unique`).ifNotExists().unique().on(def.table).column('websiteId').execute();
  } else if (scope.length) {
    await db.schema.createIndex(`${def.table}_scope`).ifNotExists().on(def.table).columns(scope).execute();
    await ensureOrderIndex(db, def, scope);
  }
  for (const f of def.fields.filter((x) => x.unique && !x.perLanguage && !x.computed)) {
    const name = `${def.table}_${f.name}_unique`;
    if (await indexExists(db, def.table, name)) continue;
    // Values taken twice before the rule existed: the later rows get "-<id>" so the index can hold from now on.
    const column = sql.ref(f.name);
    const scopeMatch = scope.map((c) => sql`o.${sql.ref(c)} = ${sql.table(def.table)}.${sql.ref(c)}`);
    await sql`update ${sql.table(def.table)} set ${column} = ${column} || '-' || id
      where ${column} is not null and ${column} <> '' and exists (
        select 1 from ${sql.table(def.table)} o where o.${column} = ${sql.table(def.table)}.${column} and o.id < ${sql.table(def.table)}.id
        ${scopeMatch.length ? sql`and ${sql.join(scopeMatch, sql` and `)}` : sql``})`.execute(db);
    await sql`create unique index if not exists ${sql.id(name)} on ${sql.table(def.table)} (${sql.join([...scope, f.name].map((c) => sql.ref(c)))})
      where ${column} is not null and ${column} <> ''`.execute(db);
  }
}

/**
 * The indexes a list's pages are read from: the scope, then the list's order (directions included), so the first
 * page of 100,000 bookings reads its 50 rows in order instead of sorting the website's 50,000 (53 ms a page on SQLite
 * without it), and a common keyword walks it (totals.ts pagePlan); one more per `list.indexedFilters` field,
 * between the scope and the order, for a filter that keeps few rows. Named after their columns: a definition whose
 * order or filters change gets the new ones at the next start, and the old ones are dropped.
 */
async function ensureOrderIndex(db: DynamicDb, def: ResourceDef, scope: string[]) {
  const order = listOrder(def);
  const wanted = new Map<string, ListOrder>();
  const want = (columns: ListOrder) => wanted.set(`${def.table}_order_${createHash('sha1').update(JSON.stringify(columns)).digest('hex').slice(0, 8)}`, columns);
  const scoped = scope.map((c) => ({ field: c, direction: 'asc' as const }));
  // By id alone, the scope index and the primary key serve the order.
  if (order.some((o) => o.field !== 'id')) want([...scoped, ...order]);
  for (const field of def.list?.indexedFilters ?? []) want([...scoped, { field, direction: 'asc' }, ...order]);
  for (const stale of (await indexNames(db, def.table)).filter((n) => n.startsWith(`${def.table}_order_`) && !wanted.has(n))) {
    await sql`drop index if exists ${sql.id(stale)}`.execute(db);
  }
  for (const [name, columns] of wanted) {
    const list = sql.join(columns.map((c) => sql`${sql.ref(c.field)} ${sql.raw(c.direction)}`));
    await sql`create index if not exists ${sql.id(name)} on ${sql.table(def.table)} (${list})`.execute(db);
  }
}

async function indexNames(db: DynamicDb, table: string): Promise<string[]> {
  const found =
    dialectOf(db) === 'postgres'
      ? await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = ${table}`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(db);
  return found.rows.map((r) => r.name);
}

const indexExists = async (db: DynamicDb, table: string, name: string) => (await indexNames(db, table)).includes(name);

/**
 * Keep `searchText` right: rows written before the column existed (or by code that does not fill it, e.g.
 * seeding) get it now, and every row is recomputed when the set of searchable fields changed
 * (remembered in `resource_tables`).
 */
export async function refreshSearchText(db: DynamicDb, def: ResourceDef, now: Date) {
  const fields = searchFields(def);
  if (!hasIdColumn(def) || !fields.length) return;
  const signature = fields.map((f) => f.name).join(',');
  const state = await db.selectFrom('resource_tables').select('searchFields').where('tableName', '=', def.table).executeTakeFirst();
  const all = state?.searchFields !== signature;
  let query = db.selectFrom(def.table).select(['id', ...fields.map((f) => f.name)]);
  if (!all) query = query.where('searchText', 'is', null);
  const rows = (await query.execute()) as Record<string, unknown>[];
  await db.transaction().execute(async (trx) => {
    for (const row of rows) {
      await trx.updateTable(def.table).set({ searchText: searchTextOf(fields, row) }).where('id', '=', row.id).execute();
    }
    await trx
      .insertInto('resource_tables')
      .values({ tableName: def.table, searchFields: signature, updatedAt: iso(now) })
      .onConflict((oc) => oc.column('tableName').doUpdateSet({ searchFields: signature, updatedAt: iso(now) }))
      .execute();
  });
}

/** Tables (other than resource tables) holding a `websiteId` column: emptied when their website is deleted. */
export async function tablesWithWebsiteId(db: DynamicDb): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables.filter((t) => t.columns.some((c) => c.name === 'websiteId')).map((t) => t.name);
}


/**
 * The search index over a table's `searchText`, so a keyword is looked up rather than matched against every row:
 * SQLite, an FTS5 table with the trigram tokenizer (`<table>_search`, external content kept in step by triggers,
 * built from the rows the first time); PostgreSQL, a pg_trgm GIN index that `LIKE '%…%'` uses. Without pg_trgm (a
 * server that does not let us create the extension) the search stays a scan: slower, same answers.
 */
export async function ensureSearchIndex(db: DynamicDb, table: string): Promise<void> {
  const index = searchIndexOf(table);
  if (dialectOf(db) === 'postgres') {
    try {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`create index if not exists ${sql.id(`${index}_trgm`)} on ${sql.table(table)} using gin (${sql.ref('searchText')} gin_trgm_ops)`.execute(db);
    } catch {
      // No extension here: LIKE scans.
    }
    return;
  }
  const exists = await sql<{ n: number }>`select 1 as n from sqlite_master where type = 'table' and name = ${index}`.execute(db);
  if (exists.rows.length) return;
  const t = sql.table(table);
  const i = sql.table(index);
  // `if not exists` throughout: two processes starting on one database file at once both get here.
  await sql`create virtual table if not exists ${i} using fts5(${sql.ref('searchText')}, content=${sql.lit(table)}, content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`create trigger if not exists ${sql.id(`${index}_ai`)} after insert on ${t} begin
    insert into ${i}(rowid, ${sql.ref('searchText')}) values (new.id, new.${sql.ref('searchText')}); end`.execute(db);
  await sql`create trigger if not exists ${sql.id(`${index}_ad`)} after delete on ${t} begin
    insert into ${i}(${i}, rowid, ${sql.ref('searchText')}) values ('delete', old.id, old.${sql.ref('searchText')}); end`.execute(db);
  await sql`create trigger if not exists ${sql.id(`${index}_au`)} after update of ${sql.ref('searchText')} on ${t} begin
    insert into ${i}(${i}, rowid, ${sql.ref('searchText')}) values ('delete', old.id, old.${sql.ref('searchText')});
    insert into ${i}(rowid, ${sql.ref('searchText')}) values (new.id, new.${sql.ref('searchText')}); end`.execute(db);
  await sql`insert into ${i}(${i}) values ('rebuild')`.execute(db);
}
