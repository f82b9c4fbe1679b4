// Issue 38 "Every write through the engine": the websites, their languages and staff are engine resources (history,
// trash, restore); the public intake and the integration API write through the engine's create/update (one history
// entry, a stamp, the listeners told once); the kinds of events a user mutes leave a history entry.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WriteEvent } from '../../server/resources/index';
import { demoWebsites, describeEachDatabase, tr, type ServerTestContext } from './harness';

let seq = 0;
const phone = () => `09${String(Date.now() % 1e6).padStart(6, '0')}${String(++seq).padStart(2, '0')}`;

interface Entry {
  id: number;
  websiteId: number | null;
  operation: string;
  actorKind: string;
  actorName: string | null;
  changes: string;
  state: string | null;
}

const entriesOf = (ctx: ServerTestContext, resource: string, recordId: number | string) =>
  ctx.db.selectFrom('history_entries').select(['id', 'websiteId', 'operation', 'actorKind', 'actorName', 'changes', 'state']).where('resource', '=', resource).where('recordId', '=', String(recordId)).orderBy('id').execute() as Promise<Entry[]>;

const trashOf = (ctx: ServerTestContext, resource: string, recordId: number | string) =>
  ctx.db.selectFrom('trash').select(['entryId', 'websiteId']).where('resource', '=', resource).where('recordId', '=', String(recordId)).executeTakeFirst();

describeEachDatabase('every write through the engine', (ctx) => {
  let clinic = 0;
  /** What the write listeners heard (the history, the live events and the webhooks hear the same). */
  let heard: WriteEvent[] = [];
  let stop = () => {};
  const listen = () => {
    heard = [];
    stop = ctx.app.writes.listen(async (_db, event) => void heard.push(event));
  };
  afterEach(() => stop());

  beforeAll(async () => {
    ({ clinic } = await demoWebsites(ctx));
  });

  describe('websites, their languages and staff', () => {
    async function newSite(name: string) {
      const res = await ctx.authed('POST', '/api/Websites', { name: tr(name, name), phoneNumber: '0901', isActive: true });
      expect(res.status, res.text).toBe(200);
      return res.body.data as { id: number; concurrencyStamp: string };
    }

    it('a language and a staff member removed go to the trash and come back', async () => {
      const site = await newSite('Trang thùng rác');
      const languages = `/api/Websites/${site.id}/languages`;
      expect((await ctx.authed('POST', languages, { languageId: 'vi-VN' })).status).toBe(200);
      expect((await ctx.authed('POST', languages, { languageId: 'en-US' })).status).toBe(200);
      const lan = (await ctx.db.selectFrom('users').select('id').where('userName', '=', 'lan.nguyen').executeTakeFirstOrThrow()).id;
      expect((await ctx.authed('POST', `/api/Websites/user/${site.id}/${lan}`)).status).toBe(200);

      // The language: one entry per write, the delete in the trash, restored under its key.
      expect((await ctx.authed('PUT', `${languages}/en-US`, { isActive: false })).status).toBe(200);
      expect((await ctx.authed('DELETE', `${languages}/en-US`)).status).toBe(200);
      const en = (await entriesOf(ctx, 'websiteLanguage', 'en-US')).filter((e) => e.websiteId === site.id);
      expect(en.map((e) => e.operation)).toEqual(['create', 'update', 'delete']);
      const trashed = await trashOf(ctx, 'websiteLanguage', 'en-US');
      expect(trashed).toMatchObject({ entryId: en[2].id, websiteId: site.id });
      const listed = await ctx.authed('GET', `/api/Trash/${site.id}?resource=websiteLanguage`);
      expect(listed.body.data.map((r: { id: number; title: string }) => [r.id, r.title])).toEqual([[en[2].id, 'English']]);
      const back = await ctx.authed('POST', `/api/Trash/restore/${site.id}/${en[2].id}`, {});
      expect(back.status, back.text).toBe(200);
      expect(back.body.data).toEqual({ languageId: 'en-US', name: 'English', isActive: false, isDefault: false });
      expect((await ctx.authed('GET', languages)).body.map((l: { languageId: string }) => l.languageId)).toEqual(['vi-VN', 'en-US']);
      expect((await entriesOf(ctx, 'websiteLanguage', 'en-US')).filter((e) => e.websiteId === site.id).at(-1)!.operation).toBe('restore');

      // The staff member.
      expect((await ctx.authed('DELETE', `/api/Websites/user/${site.id}/${lan}`)).status).toBe(200);
      const staffEntries = (await entriesOf(ctx, 'websiteUser', lan)).filter((e) => e.websiteId === site.id);
      expect(staffEntries.map((e) => e.operation)).toEqual(['create', 'delete']);
      const again = await ctx.authed('POST', `/api/Trash/restore/${site.id}/${staffEntries[1].id}`, {});
      expect(again.status, again.text).toBe(200);
      // With the role they had (issue 39).
      expect(again.body.data).toEqual({ userId: lan, fullName: 'Nguyễn Thị Lan', userName: 'lan.nguyen', roleId: 1, roleName: { 'vi-VN': 'Nhân viên', 'en-US': 'Staff' } });
      expect((await ctx.authed('GET', `/api/Websites/user/get-all/${site.id}`)).body.map((s: { userName: string }) => s.userName)).toContain('lan.nguyen');
      expect((await ctx.authed('DELETE', `/api/Websites/${site.id}`)).status).toBe(200);
    });

    it('a deleted website is in every website\'s trash and comes back with its languages and staff; its versions are restorable', async () => {
      const site = await newSite('Trang khôi phục');
      expect((await ctx.authed('POST', `/api/Websites/${site.id}/languages`, { languageId: 'vi-VN' })).status).toBe(200);
      const changed = await ctx.authed('PUT', `/api/Websites/${site.id}`, { phoneNumber: '0999', concurrencyStamp: site.concurrencyStamp });
      expect(changed.status, changed.text).toBe(200);
      const entries = await entriesOf(ctx, 'website', site.id);
      expect(entries.map((e) => [e.operation, e.websiteId])).toEqual([
        ['create', site.id],
        ['update', site.id],
      ]);
      // A version of a website: restored like any record (its PUT's save, under its current stamp).
      const restored = await ctx.authed('POST', `/api/History/restore/${site.id}/${entries[0].id}`, { concurrencyStamp: changed.body.data.concurrencyStamp });
      expect(restored.status, restored.text).toBe(200);
      expect(restored.body.data.phoneNumber).toBe('0901');

      expect((await ctx.authed('DELETE', `/api/Websites/${site.id}`)).status).toBe(200);
      const deleted = (await entriesOf(ctx, 'website', site.id)).at(-1)!;
      expect(deleted.operation).toBe('delete');
      expect(await trashOf(ctx, 'website', site.id)).toMatchObject({ entryId: deleted.id, websiteId: null });
      const listed = await ctx.authed('GET', `/api/Trash/${clinic}?resource=website`);
      expect(listed.body.data.map((r: { id: number }) => r.id)).toContain(deleted.id);

      const back = await ctx.authed('POST', `/api/Trash/restore/${clinic}/${deleted.id}`, {});
      expect(back.status, back.text).toBe(200);
      expect(back.body.data).toMatchObject({ id: site.id, phoneNumber: '0901', isDefault: false });
      const one = await ctx.authed('GET', `/api/Websites/${site.id}`);
      expect(one.status).toBe(200);
      expect(one.body.data.websiteLanguages.map((l: { languageId: string }) => l.languageId)).toEqual(['vi-VN']);
      expect((await ctx.authed('GET', `/api/Websites/user/get-all/${site.id}`)).body.map((s: { userName: string }) => s.userName)).toEqual(['admin']);
      expect((await ctx.authed('DELETE', `/api/Websites/${site.id}`)).status).toBe(200);
    });
  });

  describe('the public intake and the integration API', () => {
    it('a booking: one create entry, a stamp, one live event, the listeners told once', async () => {
      const before = Number((await ctx.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      listen();
      const res = await ctx.request('POST', `/public/${clinic}/bookings`, { json: { customerName: 'Khách một lần', customerPhone: '0901234567', appointmentDate: '2026-12-20', startTime: '08:00', endTime: '09:00' } });
      expect(res.status, res.text).toBe(201);
      const row = (await ctx.db.selectFrom('bookings' as 'websites').selectAll().where('customerName' as 'name', '=', 'Khách một lần').executeTakeFirstOrThrow()) as unknown as { id: number; concurrencyStamp: string };
      expect(row.concurrencyStamp).toEqual(expect.any(String));
      expect((await entriesOf(ctx, 'booking', row.id)).map((e) => [e.operation, e.actorKind])).toEqual([['create', 'public']]);
      expect(heard.filter((e) => e.resource === 'booking').map((e) => e.operation)).toEqual(['create']);
      const events = await ctx.db.selectFrom('events').select(['kind', 'recordId']).where('id', '>', before).execute();
      expect(events.filter((e) => e.recordId === String(row.id))).toEqual([{ kind: 'booking', recordId: String(row.id) }]);
    });

    it('a collaborator, a referral and the visit the clinic records: one entry each, a stamp, told once', async () => {
      listen();
      const reg = await ctx.request('POST', `/public/${clinic}/collaborators`, { json: { fullName: 'Cộng tác một lần', phoneNumber: phone() } });
      expect(reg.status, reg.text).toBe(201);
      expect(reg.body.data).toEqual({ referralCode: expect.stringMatching(/^[A-Z2-9]{8}$/) });
      const member = await ctx.db.selectFrom('collaborators').select(['id', 'concurrencyStamp', 'websiteId']).where('referralCode', '=', reg.body.data.referralCode).executeTakeFirstOrThrow();
      expect(member.concurrencyStamp).toEqual(expect.any(String));
      expect(member.websiteId).toBe(clinic);
      expect((await entriesOf(ctx, 'collaborator', member.id)).map((e) => [e.operation, e.actorKind, e.websiteId])).toEqual([['create', 'public', null]]);
      expect(heard.filter((e) => e.resource === 'collaborator').map((e) => [e.operation, e.after?.referralCode])).toEqual([['create', reg.body.data.referralCode]]);
      expect(await ctx.db.selectFrom('events').select('kind').where('resource', '=', 'collaborator').where('recordId', '=', String(member.id)).execute()).toEqual([{ kind: 'collaborator' }]);

      expect((await ctx.authed('PUT', `/api/DoiNhom/status/${member.id}`, { status: 2 })).status).toBe(200);
      heard = [];
      const referred = await ctx.request('POST', `/public/${clinic}/referrals`, { json: { referralCode: reg.body.data.referralCode, fullName: 'Bệnh nhân một lần', phoneNumber: phone() } });
      expect(referred.status, referred.text).toBe(201);
      const patient = await ctx.db.selectFrom('referrals').select(['id', 'concurrencyStamp']).where('collaboratorId', '=', member.id).executeTakeFirstOrThrow();
      expect((await entriesOf(ctx, 'referral', patient.id)).map((e) => [e.operation, e.actorKind])).toEqual([['create', 'public']]);
      expect(heard.map((e) => [e.resource, e.operation])).toEqual([['referral', 'create']]);
      expect(await ctx.db.selectFrom('events').select('kind').where('resource', '=', 'referral').where('recordId', '=', String(patient.id)).execute()).toEqual([{ kind: 'referral' }]);

      const key = (await ctx.authed('POST', '/api/IntegrationKeys', { name: 'HIS một lần' })).body.data.key as string;
      heard = [];
      const visit = await ctx.request('POST', '/integration/visits', { json: { referralId: patient.id, visitDate: '2026-03-01', amount: 150000 }, headers: { 'x-api-key': key } });
      expect(visit.status, visit.text).toBe(200);
      expect(visit.body.data).toEqual({ id: patient.id, status: 1, visitDate: '2026-03-01', amount: 150000 });
      const after = await ctx.db.selectFrom('referrals').select('concurrencyStamp').where('id', '=', patient.id).executeTakeFirstOrThrow();
      expect(after.concurrencyStamp).not.toBe(patient.concurrencyStamp);
      const entries = await entriesOf(ctx, 'referral', patient.id);
      expect(entries.slice(1).map((e) => [e.operation, e.actorKind, e.actorName])).toEqual([['update', 'integration', 'HIS một lần']]);
      expect(JSON.parse(entries[1].changes).map((c: { field: string }) => c.field).sort()).toEqual(['amount', 'status', 'visitDate']);
      expect(heard.map((e) => [e.resource, e.operation])).toEqual([['referral', 'update']]);
      // The engine's event: the record before and after (the entry keeps the version, a restore can take it back).
      expect(heard[0].before).toMatchObject({ id: patient.id, status: 0, fullName: 'Bệnh nhân một lần' });
      expect(heard[0].after).toMatchObject({ id: patient.id, status: 1, visitDate: '2026-03-01', amount: 150000, concurrencyStamp: after.concurrencyStamp });
      expect(JSON.parse(entries[1].state!).record).toMatchObject({ status: 1, amount: 150000 });
    });
  });

  it('the kinds of events a user mutes leave a history entry (none when nothing changed)', async () => {
    const me = (await ctx.db.selectFrom('users').select('id').where('userName', '=', 'admin').executeTakeFirstOrThrow()).id;
    const was = (await entriesOf(ctx, 'eventSettings', me)).length;
    expect((await ctx.authed('PUT', '/api/events/settings', { muted: ['booking'] })).status).toBe(200);
    expect((await ctx.authed('PUT', '/api/events/settings', { muted: ['booking'] })).status).toBe(200);
    expect((await ctx.authed('PUT', '/api/events/settings', { muted: ['feedback', 'booking'] })).status).toBe(200);
    const entries = (await entriesOf(ctx, 'eventSettings', me)).slice(was);
    expect(entries.map((e) => [e.operation, e.actorKind, JSON.parse(e.changes)])).toEqual([
      [was ? 'update' : 'create', 'user', [{ field: 'muted', language: null, before: was ? expect.anything() : null, after: expect.anything() }]],
      ['update', 'user', [{ field: 'muted', language: null, before: expect.anything(), after: expect.anything() }]],
    ]);
    expect((await ctx.authed('PUT', '/api/events/settings', { muted: [] })).status).toBe(200);
  });
});
