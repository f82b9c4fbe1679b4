// The delivery API's generic area (server/delivery): what a definition's `delivery` declaration
// (shared/resources/delivery.ts) makes public, read straight from the definition's table.
//
//   - published records only: the declaration's `active` field true (default `isActive` when the definition has it);
//     definitions with a review machine are refused here (their approved version is kept elsewhere: news, services);
//   - the declared fields, `id` always; per-language fields as plain text in the asked language (publicText), a
//     record whose title has no text in it left out (hasText);
//   - the declared order (else the definition's list order), `tree` (children under each record, roots at the top,
//     nothing under an unpublished parent), child resources inside each record, `filters` from the query, `by` for
//     one record;
//   - its JSON Schema from the field types, for /content/openapi.json.
import type { FieldDef, ResourceDef } from '../../shared/resources/define';
import { hasText, publicText, type DeliveryChild, type DeliveryDecl } from '../../shared/resources/delivery';
import { resources as registry } from '../../shared/resources/index';
import { imageUrl, type ContentArea, type ContentContext, type JsonSchema, type QueryParam } from './area';
import type { DynamicDb } from './dynamic';

// The engine's view: the tables are named by the definitions' delivery declarations, at run time.
type AnyDb = DynamicDb;
type Row = Record<string, unknown>;

/** What one table is read with: its fields, published rule, title and order (an area's or a child's). */
interface Reading {
  def: ResourceDef;
  fields: FieldDef[];
  active: string | undefined;
  title: string | undefined;
  orderBy: readonly { field: string; direction: 'asc' | 'desc' }[];
}

function fieldOf(def: ResourceDef, name: string): FieldDef {
  const field = def.fields.find((f) => f.name === name);
  if (!field || field.hidden || field.computed) throw new Error(`delivery of ${def.name}: no stored field ${name}`);
  return field;
}

function reading(def: ResourceDef, decl: Partial<Pick<DeliveryDecl, 'fields' | 'active' | 'title' | 'orderBy'>>): Reading {
  if (def.machines?.length) throw new Error(`delivery of ${def.name}: a reviewed resource is served by its module, not the generic reader`);
  const fields = (decl.fields ?? []).filter((n) => n !== 'id').map((n) => fieldOf(def, n));
  const active = decl.active === false ? undefined : (decl.active ?? (def.fields.some((f) => f.name === 'isActive') ? 'isActive' : undefined));
  if (active) fieldOf(def, active);
  const title = decl.title ?? fields.find((f) => f.perLanguage)?.name;
  if (title && !fieldOf(def, title).perLanguage) throw new Error(`delivery of ${def.name}: the title ${title} is not per language`);
  const orderBy = decl.orderBy ?? def.list?.orderBy ?? [];
  for (const o of orderBy) if (o.field !== 'id') fieldOf(def, o.field);
  return { def, fields, active, title, orderBy };
}

/** The field saying a definition's record is published (its delivery's `active`, else `isActive`), if any. */
function activeFieldOf(def: ResourceDef): string | undefined {
  if (def.delivery?.active === false) return undefined;
  return def.delivery?.active ?? (def.fields.some((f) => f.name === 'isActive') ? 'isActive' : undefined);
}

/** The definition a reference field's lookup reads (`api:FAQGroups/get-all/{website}` → the FAQ group), if one of ours. */
function referencedDef(field: FieldDef): ResourceDef | undefined {
  const lookup = field.reference?.lookup;
  if (!lookup?.startsWith('api:')) return undefined;
  const path = lookup.slice(4).toLowerCase();
  return Object.values(registry as Record<string, ResourceDef>).find((d) =>
    Object.values(d.api ?? {}).some((p) => (typeof p === 'string' ? p : typeof p === 'object' && p && 'path' in p ? (p as { path: string }).path : '').toLowerCase() === path),
  );
}

/**
 * The references of `def` to another definition's records that can be switched off (a FAQ's group): a record whose
 * referenced record is inactive is not public either (docs/api.md "Delivery API"). A reference to the same table is
 * a tree, whose parents the tree walk already checks.
 */
export function activeReferences(def: ResourceDef): { field: string; table: string; active: string }[] {
  const out: { field: string; table: string; active: string }[] = [];
  for (const f of def.fields) {
    if (f.type !== 'reference' || f.computed || f.hidden) continue;
    const target = referencedDef(f);
    const active = target && activeFieldOf(target);
    if (target && active && target.table !== def.table) out.push({ field: f.name, table: target.table, active });
  }
  return out;
}

/**
 * The references of `def` to its own records that are not the declared `tree` (a job's parent job): a record under a
 * switched-off one is not public, and no tree walk checks it.
 */
function selfReferences(def: ResourceDef, tree: string | undefined): string[] {
  return def.fields.filter((f) => f.type === 'reference' && !f.computed && !f.hidden && f.name !== tree && referencedDef(f)?.table === def.table).map((f) => f.name);
}

/**
 * The ids of `rows` with a switched-off (or missing) record among their ancestors by `parentField`, in `table` of the
 * website (`active`: its published flag). The website's whole table is read (id, parent, flag: a few hundred rows at
 * most) and walked up from each row; without `rows`, from each row of the table (what a read that joins the table in
 * SQL leaves out: one query, not one per row).
 */
export async function underInactive(db: AnyDb, table: string, websiteId: number, parentField: string, active: string, rows?: Row[]): Promise<Set<unknown>> {
  const out = new Set<unknown>();
  if (rows && !rows.some((r) => r[parentField])) return out;
  const all = (await db.selectFrom(table).select(['id', parentField, active]).where('websiteId', '=', websiteId).execute()) as Row[];
  const byId = new Map(all.map((r) => [r.id, r]));
  for (const r of rows ?? all) {
    const seen = new Set<unknown>();
    for (let up = r[parentField]; up; up = byId.get(up)?.[parentField]) {
      const parent = byId.get(up);
      if (!parent || !parent[active] || seen.has(up)) {
        out.add(r.id);
        break;
      }
      seen.add(up);
    }
  }
  return out;
}

/** The rows of `r` in the website, published, in order (`where` narrows them further). */
async function readRows(db: AnyDb, r: Reading, websiteId: number, columns: string[], where?: (q: any) => any): Promise<Row[]> { // eslint-disable-line @typescript-eslint/no-explicit-any
  let q = db.selectFrom(r.def.table).select([...new Set(['id', ...columns])]).where('websiteId', '=', websiteId);
  if (r.active) q = q.where(r.active, '=', true);
  // A child of an inactive parent is never public: nor is what references a switched-off record (a FAQ of an inactive group).
  for (const ref of r.active ? activeReferences(r.def) : []) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    q = q.where((eb: any) => eb.or([eb(ref.field, 'is', null), eb(ref.field, '=', 0), eb(ref.field, 'in', eb.selectFrom(ref.table).select('id').where(ref.active, '=', true))]));
  }
  if (where) q = where(q);
  for (const o of r.orderBy) q = q.orderBy(o.field, o.direction);
  return (await q.orderBy('id', 'asc').execute()) as Row[];
}

/** A stored value as the public sites read it. */
function publicValue(field: FieldDef, value: unknown, ctx: ContentContext): unknown {
  if (field.perLanguage) return publicText(value, ctx.lang, ctx.defaultLang);
  if (field.type === 'tags') {
    let names: unknown = [];
    try {
      names = typeof value === 'string' && value ? JSON.parse(value) : [];
    } catch {
      names = [];
    }
    const list = Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [];
    return field.tagObjects ? list.map((name) => ({ name })) : list;
  }
  if (field.type === 'number' && typeof value === 'string') return Number(value);
  return value ?? null;
}

const listed = (r: Reading, row: Row, ctx: ContentContext) => !r.title || hasText(row[r.title], ctx.lang);

function toPublic(r: Reading, row: Row, ctx: ContentContext): Row {
  const out: Row = { id: row.id };
  for (const f of r.fields) out[f.name] = publicValue(f, row[f.name], ctx);
  return out;
}

/** A query value for a filter of `field`: its stored type, or undefined when it cannot match anything. */
function filterValue(field: FieldDef, raw: string): unknown {
  if (field.type === 'boolean') return raw === 'true' || raw === '1' ? true : raw === 'false' || raw === '0' ? false : undefined;
  const numeric = field.type === 'number' || (field.type === 'reference' && field.reference?.valueType !== 'string') ||
    (field.type === 'enum' && typeof field.options?.[0]?.value === 'number');
  if (numeric) return /^-?\d{1,9}$/.test(raw) ? Number(raw) : undefined;
  return raw;
}

interface ChildReading extends Reading {
  as: string;
  /** child field → record field */
  on: [string, string][];
}

function childReading(parent: ResourceDef, child: DeliveryChild, defs: Record<string, ResourceDef>): ChildReading {
  const def = defs[child.resource];
  if (!def) throw new Error(`delivery of ${parent.name}: unknown child ${child.resource}`);
  const own = def.delivery;
  const r = reading(def, {
    fields: child.fields ?? own?.fields,
    active: child.active ?? own?.active,
    title: child.title ?? own?.title,
    orderBy: child.orderBy ?? own?.orderBy,
  });
  const on = child.on ? Object.entries(child.on) : def.parent ? [[def.parent.keyField, 'id'] as [string, string]] : [];
  if (!on.length) throw new Error(`delivery of ${parent.name}: how does ${child.resource} belong to it? (on)`);
  for (const [c] of on) fieldOrKey(def, c);
  return { ...r, as: child.as, on };
}

function fieldOrKey(def: ResourceDef, name: string) {
  if (name === 'id' || def.parent?.keyField === name) return;
  fieldOf(def, name);
}

/** `records` with each child resource's published rows under its `as`. */
async function withChildren(db: AnyDb, ctx: ContentContext, records: { row: Row; out: Row }[], children: ChildReading[]) {
  for (const c of children) {
    const key = (values: unknown[]) => values.map((v) => String(v)).join('\u0000');
    const groups = new Map<string, Row[]>();
    for (const { row, out } of records) {
      const list: Row[] = [];
      out[c.as] = list;
      groups.set(key(c.on.map(([, p]) => row[p])), list);
    }
    if (!records.length) continue;
    // One key field: only the children of these records; a composite key (few rows, waiting screens): the website's.
    const byOne = c.on.length === 1 && records.length <= 500 ? c.on[0] : undefined;
    const rows = await readRows(db, c, ctx.websiteId, [...c.fields.map((f) => f.name), ...(c.title ? [c.title] : []), ...c.on.map(([f]) => f)], byOne
      ? (q) => q.where(byOne[0], 'in', [...new Set(records.map((r) => r.row[byOne[1]]))])
      : undefined);
    for (const row of rows) {
      if (!listed(c, row, ctx)) continue;
      groups.get(key(c.on.map(([f]) => row[f])))?.push(toPublic(c, row, ctx));
    }
  }
}

/** The JSON Schema of a field's public value. */
function fieldSchema(field: FieldDef): JsonSchema {
  const nullable = (schema: JsonSchema): JsonSchema => (field.required ? schema : { ...schema, type: [schema.type, 'null'] });
  const described = (schema: JsonSchema): JsonSchema => ({ ...schema, description: field.label.en });
  if (field.perLanguage) return described({ type: 'string' });
  switch (field.type) {
    case 'number':
      return described(nullable({ type: field.decimal ? 'number' : 'integer' }));
    case 'boolean':
      return described({ type: 'boolean' });
    case 'enum': {
      const values = (field.options ?? []).map((o) => o.value);
      const type = typeof values[0] === 'number' ? 'integer' : 'string';
      return described({ type: field.required ? type : [type, 'null'], enum: field.required ? values : [...values, null] });
    }
    case 'reference':
      return described(nullable({ type: field.reference?.valueType === 'string' ? 'string' : 'integer' }));
    case 'tags':
      return described({ type: 'array', items: field.tagObjects ? { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } : { type: 'string' } });
    case 'date':
      return described(nullable({ type: 'string', format: 'date' }));
    case 'datetime':
      return described(nullable({ type: 'string', format: 'date-time' }));
    case 'image':
      return described(imageUrl(nullable({ type: 'string' })));
    case 'file':
      // A file that may be an image (a waiting screen's picture or video): its Info says which.
      return described(field.accept?.includes('image') ? imageUrl(nullable({ type: 'string' })) : nullable({ type: 'string' }));
    default:
      return described(nullable({ type: 'string' }));
  }
}

function objectSchema(r: Reading, extra: Record<string, JsonSchema> = {}): JsonSchema {
  const properties: Record<string, JsonSchema> = { id: { type: 'integer' } };
  for (const f of r.fields) properties[f.name] = fieldSchema(f);
  Object.assign(properties, extra);
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}

/**
 * The area `def.delivery` declares (`defs`: where its children's definitions are found, the registry by default).
 * Throws at start when the declaration names what the definition does not have.
 */
export function deliveryArea(def: ResourceDef, defs: Record<string, ResourceDef> = registry): ContentArea {
  const decl = def.delivery;
  if (!decl) throw new Error(`${def.name} declares no delivery`);
  if (def.scope !== 'website') throw new Error(`delivery of ${def.name}: only a website's records are read per website`);
  const r = reading(def, decl);
  const children = (decl.children ?? []).map((c) => childReading(def, c, defs));
  const filters = (decl.filters ?? []).map((n) => fieldOf(def, n));
  const tree = decl.tree ? fieldOf(def, decl.tree) : undefined;
  const by = decl.by && decl.by !== 'id' ? fieldOf(def, decl.by) : undefined;
  if (by?.perLanguage) throw new Error(`delivery of ${def.name}: a record is read alone by a plain field, not ${by.name}`);
  const parents = r.active ? selfReferences(def, tree?.name) : [];
  const columns = [...new Set([
    ...r.fields.map((f) => f.name),
    ...(r.title ? [r.title] : []),
    ...(tree ? [tree.name] : []),
    ...parents,
    ...children.flatMap((c) => c.on.map(([, p]) => p)),
  ])];

  /** Published records of the website (narrowed by `where`), listed in the language, with their children. */
  async function records(ctx: ContentContext, where?: (q: any) => any): Promise<{ row: Row; out: Row }[]> { // eslint-disable-line @typescript-eslint/no-explicit-any
    let rows = await readRows(ctx.db, r, ctx.websiteId, columns, where);
    // A child of an inactive parent is never public: a record under a switched-off one of its own kind (not a tree).
    for (const field of parents) {
      const hidden = await underInactive(ctx.db, def.table, ctx.websiteId, field, r.active!, rows);
      if (hidden.size) rows = rows.filter((row) => !hidden.has(row.id));
    }
    const found = rows.filter((row) => listed(r, row, ctx)).map((row) => ({ row, out: toPublic(r, row, ctx) }));
    await withChildren(ctx.db, ctx, found, children);
    return found;
  }

  const query: QueryParam[] = filters.map((f) => ({
    name: f.name,
    description: `Only the records whose ${f.label.en.toLowerCase()} (${f.name}) is this value${f.type === 'boolean' ? ' (true or false)' : ''}`,
    type: filterValue(f, '1') === 1 ? 'integer' : 'string',
  }));
  const itemRef = `#/components/schemas/${decl.path}`;
  const childSchemas = Object.fromEntries(children.map((c) => [c.as, { type: 'array', items: objectSchema(c) }]));
  const item = objectSchema(r, { ...childSchemas, ...(tree ? { children: { type: 'array', items: { $ref: itemRef } } } : {}) });

  const area: ContentArea = {
    path: decl.path,
    summary: decl.summary,
    async list(ctx) {
      const found = await records(ctx, (q) => {
        for (const f of filters) {
          const raw = ctx.query[f.name];
          if (raw === undefined) continue;
          const value = filterValue(f, raw);
          // A value the field cannot hold matches nothing.
          q = value === undefined ? q.where('id', '<', 0) : q.where(f.name, '=', value);
        }
        return q;
      });
      if (!tree) return { data: found.map((f) => f.out) };
      // Roots at the top (no parent), each record under its parent; under an unpublished parent, nothing shows.
      const byId = new Map(found.map((f) => [f.row.id, f.out]));
      const roots: Row[] = [];
      for (const f of found) f.out.children = [];
      for (const f of found) {
        const parent = f.row[tree.name];
        if (parent === null || parent === undefined || parent === 0) roots.push(f.out);
        else (byId.get(parent)?.children as Row[] | undefined)?.push(f.out);
      }
      return { data: roots };
    },
    schema: { item, query, ...(decl.by ? { key: decl.by } : {}) },
  };
  if (decl.by) {
    area.one = async (ctx, key) => {
      if (!by && !/^\d{1,9}$/.test(key)) return undefined;
      const found = await records(ctx, (q) => q.where(by ? by.name : 'id', '=', by ? key : Number(key)));
      if (!found.length) return undefined;
      // Read alone, a tree's record comes with its published children too.
      if (tree) {
        const all = (await area.list(ctx)).data as Row[];
        const walk = (list: Row[]): Row | undefined => {
          for (const rec of list) {
            if (rec.id === found[0].row.id) return rec;
            const inner = walk(rec.children as Row[]);
            if (inner) return inner;
          }
          return undefined;
        };
        return walk(all);
      }
      return found[0].out;
    };
  }
  // A preview shows the record whatever its published flag: read as the list reads it, without that rule. Its
  // children are the published ones, as on the site.
  const unpublished: Reading = { ...r, active: undefined };
  area.preview = {
    resource: def.name,
    ...(tree ? { tree: true } : {}),
    async version(ctx, id) {
      const rows = await readRows(ctx.db, unpublished, ctx.websiteId, columns, (q) => q.where('id', '=', id));
      if (!rows.length || !listed(r, rows[0], ctx)) return undefined;
      const found = [{ row: rows[0], out: toPublic(r, rows[0], ctx) }];
      await withChildren(ctx.db, ctx, found, children);
      if (tree) found[0].out.children = [];
      const inList = filters.every((f) => ctx.query[f.name] === undefined || filterValue(f, ctx.query[f.name]!) === rows[0][f.name]);
      const key = String(by ? rows[0][by.name] : rows[0].id);
      if (!tree) return { key, item: found[0].out, detail: found[0].out, inList };
      // In a tree: placed under its parent as saved (server/delivery/preview.ts `withVersion`).
      return { key, item: found[0].out, detail: found[0].out, inList, parent: (rows[0][tree.name] as number | null) || null };
    },
    before(a, b) {
      for (const o of r.orderBy) {
        const x = a[o.field] as string | number;
        const y = b[o.field] as string | number;
        if (x === y || x === undefined || y === undefined) continue;
        return o.direction === 'asc' ? x < y : x > y;
      }
      return Number(a.id) < Number(b.id);
    },
  };
  return area;
}
