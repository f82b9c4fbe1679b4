// The History of a record of no website (issue 29): a team member (a collaborator, organisation scope) has entries of
// no website; the console asks `GET /api/History/{website}/DoiNhom/{id}` from whatever website the user works in.
import { beforeAll, expect, it } from 'vitest';
import { demoWebsites, describeEachDatabase } from './harness';

describeEachDatabase('history of organisation records', (ctx) => {
  let clinic = 0;
  beforeAll(async () => {
    ({ clinic } = await demoWebsites(ctx));
  });

  it("answers a team member's versions through the History route, newest first", async () => {
    const phone = `08${String(Date.now() % 1e8).padStart(8, '0')}`;
    const reg = await ctx.request('POST', `/public/${clinic}/collaborators`, { json: { fullName: 'Trần Đội Nhóm', phoneNumber: phone } });
    expect(reg.status, reg.text).toBe(201);
    const [created] = await ctx.db.selectFrom('history_entries').select(['recordId']).where('resource', '=', 'collaborator').where('operation', '=', 'create').orderBy('id', 'desc').limit(1).execute();
    const id = Number(created.recordId);
    expect((await ctx.authed('PUT', `/api/DoiNhom/status/${id}`, { status: 2 })).status).toBe(200);

    const res = await ctx.authed('GET', `/api/History/${clinic}/DoiNhom/${id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.totalRows).toBe(2);
    expect(res.body.data.map((e: { operation: string }) => e.operation)).toEqual(['approve', 'create']);
    expect(res.body.data[0].changes[0]).toMatchObject({ field: 'approvedStatus', before: 1, after: 2 });
    expect(res.body.data[1].actor).toMatchObject({ kind: 'public', id: null });
    // By the definition's name too; a website's record of the same id is not mixed in.
    expect((await ctx.authed('GET', `/api/History/${clinic}/collaborator/${id}`)).body.totalRows).toBe(2);
  });
});
