// The referral team on the resource engine (issue 27, item 3): its definitions (shared/resources/team.ts) have
// organisation scope — no website in their paths, every signed-in user reads them — and declare who decides; the
// machines' action answers as the spec's client has always been answered (a lock of a locked account is a 200).
import { describe, expect, it } from 'vitest';
import { demoWebsites, describeEachDatabase } from './harness';
import { collaborator, referral } from '../../shared/resources/team';
import { COLLABORATOR_ACTIVITY } from '../../shared/team';
import { moveTo } from '../../shared/resources/machine';

const EN = { headers: { 'accept-language': 'en-US' } };
let seq = 0;
const phone = () => `07${String(Date.now() % 1e6).padStart(6, '0')}${String(++seq).padStart(2, '0')}`;

describe('the team definitions', () => {
  it('are organisation-scoped, declare their decisions admin-only and keep the spec paths', () => {
    expect([collaborator.scope, referral.scope]).toEqual(['organisation', 'organisation']);
    expect(collaborator.api.list?.path).toBe('DoiNhom');
    expect(referral.api.list?.path).toBe('DoiNhom/ttbn-search');
    for (const action of ['status', 'isActive', 'pay', 'reverse', 'integrationKeys'] as const) expect(collaborator.access.actions[action], action).toContain('admin');
    // Locking a locked account is the lock again (idempotent), only for an approved member.
    expect(moveTo(COLLABORATOR_ACTIVITY, { approvedStatus: 2, isActive: false }, false)?.name).toBe('lock');
    expect(moveTo(COLLABORATOR_ACTIVITY, { approvedStatus: 3, isActive: true }, true)).toBeUndefined();
  });
});

describeEachDatabase(
  'team on the engine',
  (ctx) => {
    it('staff read the team with no website; decisions are refused with the rule’s reason; a lock twice is 200', async () => {
      const { clinic } = await demoWebsites(ctx);
      const name = `Ngô Phạm Vi ${seq}`;
      expect((await ctx.request('POST', `/public/${clinic}/collaborators`, { json: { fullName: name, phoneNumber: phone() } })).status).toBe(201);
      const list = await ctx.reviewer('GET', `/api/DoiNhom?keyword=${encodeURIComponent(name)}`);
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({ code: 1, totalRows: 1, data: [{ fullName: name, approvedStatus: 1, totalPatient: 0, totalPoint: 0 }] });
      const id = list.body.data[0].id as number;
      const refused = await ctx.reviewer('PUT', `/api/DoiNhom/status/${id}`, { status: 2 }, EN);
      expect(refused.status).toBe(403);
      expect(refused.body.Message).toBe('Only an administrator can do this');
      expect((await ctx.reviewer('PUT', `/api/DoiNhom/isActive/${id}/false`)).body.Message).toBe('Chỉ quản trị viên được thực hiện thao tác này');
      expect((await ctx.reviewer('GET', '/api/IntegrationKeys')).status).toBe(403);
      // Access comes before anything about the record, its id included: staff get 403 for a bad id too; an administrator 400.
      expect((await ctx.reviewer('PUT', '/api/DoiNhom/status/abc', { status: 2 })).status).toBe(403);
      expect((await ctx.authed('PUT', '/api/DoiNhom/status/abc', { status: 2 })).status).toBe(400);
      expect((await ctx.reviewer('POST', '/api/DoiNhom/payment-reverse/1', { reason: 'x' })).status).toBe(403);

      expect((await ctx.authed('PUT', `/api/DoiNhom/isActive/${id}/false`, undefined, EN)).body.Message).toBe('Only an active collaborator can be locked or unlocked');
      await ctx.authed('PUT', `/api/DoiNhom/status/${id}`, { status: 2 });
      for (let i = 0; i < 2; i++) {
        const locked = await ctx.authed('PUT', `/api/DoiNhom/isActive/${id}/false`);
        expect(locked.status).toBe(200);
        expect(locked.body.data).toMatchObject({ id, approvedStatus: 2, isActive: false });
      }
      // Two approvals at once of one pending member: one wins, the other is told it was decided.
      const other = `Đinh Đồng Loạt ${seq}`;
      await ctx.request('POST', `/public/${clinic}/collaborators`, { json: { fullName: other, phoneNumber: phone() } });
      const otherId = (await ctx.authed('GET', `/api/DoiNhom?keyword=${encodeURIComponent(other)}`)).body.data[0].id;
      const token = (await ctx.signIn()).access_token;
      const both = await Promise.all([2, 3].map((status) => ctx.request('PUT', `/api/DoiNhom/status/${otherId}`, { json: { status, declineReason: 'Trùng' }, token })));
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(both.find((r) => r.status === 409)!.body.Message).toBe('Cộng tác viên đã được duyệt hoặc từ chối trước đó');
    });

    it('404s in the team’s words; userId=0 is every collaborator; a date range reads the days of the times sent', async () => {
      expect((await ctx.authed('GET', '/api/DoiNhom/detail/999999', undefined, EN)).body.Message).toBe('Collaborator not found');
      expect((await ctx.authed('GET', '/api/DoiNhom/ttbn-detail/999999', undefined, EN)).body.Message).toBe('Patient not found');
      const { clinic } = await demoWebsites(ctx);
      const name = `Vũ Giới Thiệu ${seq}`;
      const code = (await ctx.request('POST', `/public/${clinic}/collaborators`, { json: { fullName: name, phoneNumber: phone() } })).body.data.referralCode;
      const id = (await ctx.authed('GET', `/api/DoiNhom?keyword=${encodeURIComponent(name)}`)).body.data[0].id;
      await ctx.authed('PUT', `/api/DoiNhom/status/${id}`, { status: 2 });
      expect((await ctx.request('POST', `/public/${clinic}/referrals`, { json: { referralCode: code, fullName: 'Khách Hôm Nay', phoneNumber: phone() } })).status).toBe(201);
      const all = (await ctx.authed('GET', '/api/DoiNhom/ttbn-search?pageSize=1')).body.totalRows;
      expect(all).toBeGreaterThan(0);
      expect((await ctx.authed('GET', '/api/DoiNhom/ttbn-search?userId=0&pageSize=1')).body.totalRows).toBe(all);
      const today = new Date().toISOString().slice(0, 10);
      // A time late on the first day and early on the last: still the whole of both days.
      const range = await ctx.authed('GET', `/api/DoiNhom/ttbn-search?userId=${id}&startDate=${today}T23:59:59.000Z&endDate=${today}T00:00:01.000Z`);
      expect(range.body.data.map((r: { fullName: string; userFullName: string }) => [r.fullName, r.userFullName])).toEqual([['Khách Hôm Nay', name]]);
    });
  },
  { app: { intake: { max: 10_000, timeWindow: 60_000 } } },
);
