// Every status machine a served definition declares is served as declared (issue 27, item 2: "each resource by its
// declaration"): for each move, a record put in one of its `from` states reaches its `to` state through the machine's
// path; each `locked` state refuses a save with the machine's words. News, Q&A and services review, the booking's
// moves, and whatever definition declares a machine next, with no line added here.
import { beforeAll, expect, it } from 'vitest';
import type { ResourceDef } from '../../shared/resources/define';
import type { StatusMachine } from '../../shared/resources/machine';
import { parsePathTemplate } from '../../shared/resources/paths';
import { describeEachDatabase, EN } from './harness';

/** Path parameters other than the website, the id and the target: the save-as-draft form of a news save. */
const OTHER_PARAMS: Record<string, string> = { flag: 'false', lang: 'vi-VN' };

function fill(template: string, values: Record<string, string>): { method: string; path: string } {
  const parsed = parsePathTemplate(template, 'PUT');
  const path = parsed.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = values[name] ?? OTHER_PARAMS[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${template}`);
    return encodeURIComponent(value);
  });
  const prefix = { api: '/api', core: '/core', his: '/his' }[parsed.service as 'api' | 'core' | 'his'] ?? '/api';
  const query = parsed.queryParams.map((q) => `${q.query}=${encodeURIComponent(values[q.param] ?? OTHER_PARAMS[q.param] ?? '')}`).join('&');
  return { method: parsed.method, path: `${prefix}${path}${query ? `?${query}` : ''}` };
}

describeEachDatabase('declared status machines are served', (ctx) => {
  let machines: { def: ResourceDef; machine: StatusMachine }[] = [];
  beforeAll(() => {
    machines = Object.values(ctx.app.resources.defs).flatMap((def) => (def.machines ?? []).map((machine) => ({ def, machine })));
  });

  /** A record of `def` the admin may work on (the demo's, or a minimal one), put in `state` (and the machine's `when`). */
  async function recordIn(def: ResourceDef, machine: StatusMachine, state: unknown) {
    const db = ctx.db as never as import('kysely').Kysely<Record<string, Record<string, unknown>>>;
    let row = (await db.selectFrom(def.table).select(['id', 'websiteId']).orderBy('id').limit(1).executeTakeFirst()) as { id: number; websiteId?: number } | undefined;
    const table = (await ctx.db.introspection.getTables()).find((t) => t.name === def.table)!;
    const columns = table.columns.map((c) => c.name);
    if (!row) {
      // A minimal row: the website (when the resource has one) and a value for every column that must have one.
      const at = new Date().toISOString();
      const values: Record<string, unknown> = { concurrencyStamp: 'seed', createdAt: at, updatedAt: at };
      if (columns.includes('websiteId')) values.websiteId = (await ctx.authed('GET', '/api/Websites/get-all')).body[0].id as number;
      for (const c of table.columns) {
        if (c.name in values || c.isNullable || c.hasDefaultValue || c.isAutoIncrementing || c.name === 'id') continue;
        values[c.name] = /int|real|double|numeric/i.test(c.dataType) ? 0 : /bool/i.test(c.dataType) ? false : `${def.name}-${c.name}`;
      }
      row = (await db.insertInto(def.table).values(values).returning(['id', ...(columns.includes('websiteId') ? ['websiteId'] : [])]).executeTakeFirstOrThrow()) as { id: number; websiteId?: number };
    }
    const set: Record<string, unknown> = { [machine.field]: state };
    if (machine.when) set[machine.when.field] = machine.when.in[0];
    // Nobody submitted it, so the administrator (a reviewer) is a second pair of eyes.
    if (columns.includes('submittedBy')) set.submittedBy = null;
    await db.updateTable(def.table).set(set).where('id', '=', row.id).execute();
    const stamp = columns.includes('concurrencyStamp') ? ((await db.selectFrom(def.table).select('concurrencyStamp').where('id', '=', row.id).executeTakeFirstOrThrow()) as { concurrencyStamp: string }).concurrencyStamp : undefined;
    return { id: row.id, websiteId: row.websiteId, stamp };
  }

  it('finds the machines the definitions declare', () => {
    const names = machines.map(({ def, machine }) => `${def.name}:${machine.field}`);
    expect(names).toEqual(expect.arrayContaining(['news:approvedStatus', 'qaExpert:approvedStatus', 'service:approvedStatus', 'booking:approvedStatus']));
  });

  it('reaches every move of every machine through its path', async () => {
    for (const { def, machine } of machines) {
      for (const move of machine.moves) {
        for (const from of move.from) {
          const record = await recordIn(def, machine, from);
          const param = machine.target && 'param' in machine.target ? machine.target.param : undefined;
          const values: Record<string, string> = { id: String(record.id), website: String(record.websiteId), websiteId: String(record.websiteId) };
          if (param) values[param] = String(move.to);
          const { method, path } = fill(machine.path, values);
          const body: Record<string, unknown> = {};
          if (!param) body[machine.target && 'body' in machine.target ? machine.target.body : 'status'] = move.to;
          if (move.reason && machine.reason) body[machine.reason.body] = 'Kiểm tra';
          const res = await ctx.authed(method, path, body, EN);
          const what = `${def.name} ${move.name} ${String(from)} → ${String(move.to)}: ${res.text.slice(0, 300)}`;
          expect(res.status, what).toBe(200);
          expect(res.body.data[machine.field], what).toBe(move.to);
          if (move.reason && machine.reason) expect(res.body.data[machine.reason.field], what).toBe('Kiểm tra');
          if (machine.history) expect(res.body.data.statusHistory.at(-1), what).toMatchObject({ status: move.to });
        }
      }
    }
  });

  it('refuses a save in every locked state with the machine’s words', async () => {
    const locking = machines.filter(({ machine }) => machine.locked);
    expect(locking.length).toBeGreaterThan(0);
    for (const { def, machine } of locking) {
      for (const state of machine.locked!.states) {
        const record = await recordIn(def, machine, state);
        const { method, path } = fill(def.api.update!, { id: String(record.id), website: String(record.websiteId), websiteId: String(record.websiteId) });
        const res = await ctx.authed(method, path, { concurrencyStamp: record.stamp }, EN);
        expect(res.status, `${def.name} in ${String(state)}: ${res.text}`).toBe(409);
        expect(res.body.Message).toBe(machine.locked!.message.en);
      }
    }
  });
});
