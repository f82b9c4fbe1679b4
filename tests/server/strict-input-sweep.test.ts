// Issue 38: each wrong type sent to each field of each definition the engine serves (create and update), on both
// databases: a 4xx naming the field, nothing written (the table's rows unchanged), never a 5xx. The wrong values are
// those the attacker's test sent: objects and lists to text, hex, exponent, padded and fractional numbers, strings to
// booleans, impossible dates, links with other schemes.
/* eslint-disable @typescript-eslint/no-explicit-any -- the engine's tables are read without a static schema */
import type { Kysely } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { FieldDef, ResourceDef } from '../../shared/resources/define';
import { resources } from '../../shared/resources/index';
import { writableFields } from '../../shared/resources/validate';
import { demoWebsites, describeEachDatabase } from './harness';

const TEXT_WRONG: unknown[] = [5, true, { 'vi-VN': '', 'en-US': '' }, ['a'], {}];
const LINK_WRONG: unknown[] = [...TEXT_WRONG, 'javascript:alert(1)', 'data:text/html,<b>x</b>', '//evil.example', 'vbscript:x'];
const NUMBER_WRONG: unknown[] = ['0x10', '1e3', ' 7', '07', 'Infinity', true, {}, [], 'abc'];
const BOOLEAN_WRONG: unknown[] = ['true', 'false', 1, 0, 'yes', {}, [], ''];
const DATE_WRONG: unknown[] = ['2024-02-30', 20240101, true, {}, 'Mar 7 2027', '1e3'];
const PER_LANGUAGE_WRONG: unknown[] = [5, true, ['a'], { 'vi-VN': 5 }, { 'vi-VN': { x: 'y' } }, '{"vi-VN":'];

/** The wrong values of a field's type. */
function wrongValues(f: FieldDef): unknown[] {
  if (f.perLanguage) return PER_LANGUAGE_WRONG;
  switch (f.type) {
    case 'number':
      return f.decimal ? NUMBER_WRONG.filter((v) => v !== '07') : [...NUMBER_WRONG, '1.5', 1.5];
    case 'boolean':
      return BOOLEAN_WRONG;
    case 'enum':
      return [{}, [], true, 'not-an-option', 98765, '0x0', '1e0'];
    case 'date':
    case 'datetime':
      return DATE_WRONG;
    case 'reference':
      return f.reference?.valueType === 'string' ? [5, true, {}, []] : ['0x10', '1e0', '1.5', 1.5, -1, true, {}, [], ' 1'];
    case 'tags':
      return f.ids ? ['x', 5, {}, ['0x1'], ['1e0'], [true]] : ['x', 5, {}, [5], [{}]];
    case 'url':
    case 'image':
    case 'file':
    case 'media':
      return LINK_WRONG;
    default:
      return TEXT_WRONG;
  }
}

/** A definition's parameters other than the website, by the table its key belongs to. */
const PARAM_TABLES: Record<string, string> = {
  menuId: 'menus',
  branchContactId: 'branch_contacts',
  hardContentId: 'hard_contents',
  serviceId: 'services',
  titleId: 'service_titles',
  bannerId: 'banners',
  albumId: 'albums',
};

describeEachDatabase('strict input sweep', (ctx) => {
  let clinic = 0;
  const dyn = () => ctx.db as unknown as Kysely<any>;
  const count = async (table: string) => Number((await dyn().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  beforeAll(async () => {
    ({ clinic } = await demoWebsites(ctx));
  });

  /** The path with its parameters filled from the clinic's records; undefined when one has no record to use. */
  async function fill(template: string): Promise<string | undefined> {
    let path = template.replace(/\{(website|websiteId)\}/g, String(clinic));
    for (const [, name] of template.matchAll(/\{(\w+)\}/g)) {
      if (name === 'website' || name === 'websiteId') continue;
      const table = PARAM_TABLES[name];
      if (!table) return undefined;
      let q = dyn().selectFrom(table).select(['id']).orderBy('id').limit(1);
      if (name !== 'titleId') q = q.where('websiteId', '=', clinic);
      // A title item's path names its service too: the title's own.
      if (name === 'titleId') q = dyn().selectFrom(table).select(['id', 'serviceId']).where('websiteId', '=', clinic).orderBy('id').limit(1);
      const row = (await q.executeTakeFirst()) as { id: number; serviceId?: number } | undefined;
      if (!row) return undefined;
      path = path.replace(`{${name}}`, String(row.id));
      if (row.serviceId !== undefined) path = path.replace(/(Services\/item\/\d+\/)\d+/, `$1${row.serviceId}`);
    }
    return path;
  }

  const targets = (Object.values(resources) as ResourceDef[]).filter((d) => typeof d.api?.create === 'string' && d.name !== 'website' && d.name !== 'websiteUser' && d.name !== 'websiteLanguage');

  it('sends each wrong type to each field of each definition: a 400 naming the field, nothing written, no 5xx', async () => {
    const failures: string[] = [];
    const swept: string[] = [];
    for (const def of targets) {
      const path = await fill(def.api.create as string);
      if (!path) continue;
      const url = `/api/${path}`;
      const before = await count(def.table);
      let reached = false;
      for (const field of writableFields(def)) {
        for (const value of wrongValues(field)) {
          const res = await ctx.authed('POST', url, { [field.name]: value });
          if (res.status === 404 && !reached) break; // not an /api route of the engine (a lookup module's)
          reached = true;
          const named = [res.body?.field, ...(res.body?.errors ?? []).map((e: { field: string }) => e.field)];
          if (res.status >= 500) failures.push(`${def.name}.${field.name} = ${JSON.stringify(value)} → ${res.status} ${res.text.slice(0, 160)}`);
          else if (res.status !== 400 || !named.includes(field.name)) failures.push(`${def.name}.${field.name} = ${JSON.stringify(value)} → ${res.status} ${res.text.slice(0, 160)}`);
        }
      }
      if (reached) swept.push(def.name);
      if ((await count(def.table)) !== before) failures.push(`${def.name}: rows were written`);
    }
    expect(failures).toEqual([]);
    // The sweep reached the definitions the console edits (not only a few).
    expect(swept.length).toBeGreaterThan(30);
    for (const name of ['feedback', 'partner', 'menuItem', 'bannerItem', 'serviceTitleItem', 'faq', 'job', 'booking', 'recruitment', 'customerFeedback']) expect(swept).toContain(name);
  }, 300_000);

  it('sends each wrong type to each field of an existing record of each definition: a 400 naming the field, the record unchanged', async () => {
    const failures: string[] = [];
    let swept = 0;
    for (const def of targets) {
      const update = typeof def.api.update === 'string' ? def.api.update : undefined;
      const get = typeof def.api.get === 'string' ? def.api.get : undefined;
      if (!update || !get || !update.includes('{id}')) continue;
      const key = def.parent && def.parent.keyField !== 'websiteId' ? def.parent.keyField : undefined;
      let rows = dyn().selectFrom(def.table).select(['id', ...(key ? [key] : [])]).orderBy('id').limit(1);
      if (def.scope === 'website') rows = rows.where('websiteId', '=', clinic);
      const row = (await rows.executeTakeFirst()) as Record<string, number> | undefined;
      if (!row) continue;
      // The record's own parent in its path (and, for a title's item, the title's service).
      let own = (template: string) => template.replace('{id}', String(row.id));
      if (key) {
        const parentKey = key;
        const serviceId = key === 'titleId' ? ((await dyn().selectFrom('service_titles').select('serviceId').where('id', '=', row[key]).executeTakeFirstOrThrow()) as { serviceId: number }).serviceId : undefined;
        const base = own;
        own = (template) => base(template).replace(`{${parentKey}}`, String(row[parentKey])).replace('{serviceId}', String(serviceId ?? '{serviceId}'));
      }
      const updatePath = await fill(own(update));
      const getPath = await fill(own(get));
      if (!updatePath || !getPath) continue;
      const current = await ctx.authed('GET', `/api/${getPath}`);
      if (current.status !== 200) continue;
      const record = current.body.data;
      swept++;
      for (const field of writableFields(def)) {
        if (field.readOnlyOnUpdate) continue;
        for (const value of wrongValues(field)) {
          const res = await ctx.authed('PUT', `/api/${updatePath}`, { ...record, [field.name]: value });
          const named = [res.body?.field, ...(res.body?.errors ?? []).map((e: { field: string }) => e.field)];
          if (res.status !== 400 || !named.includes(field.name)) failures.push(`PUT ${def.name}.${field.name} = ${JSON.stringify(value)} → ${res.status} ${res.text.slice(0, 160)}`);
        }
      }
      const after = await ctx.authed('GET', `/api/${getPath}`);
      if (after.body?.data?.concurrencyStamp !== record.concurrencyStamp) failures.push(`${def.name}: the record was changed`);
    }
    expect(failures).toEqual([]);
    expect(swept).toBeGreaterThan(30);
  }, 300_000);
  // The demo's content: a record of every kind to send the wrong values to (and the parents of the children).
}, { app: { seed: { demo: true, content: true } } });
