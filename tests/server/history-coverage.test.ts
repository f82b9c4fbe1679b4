// Every committed write leaves one entry (issue 29, "what is recorded"): the writes outside the engine's CRUD — a menu's
// reorder, the default website and language moved, the editor's uploads folder, push tokens, webhook replays and
// delivery attempts, sign-outs and revoked sessions, throttled sign-ins — and the seed's own writes (the demo's
// records have a history from the start). On both databases.
import { beforeAll, describe, expect, it } from 'vitest';
import { demoWebsites, describeEachDatabase, tr } from './harness';
import { pngBytes } from '../../server/files/testing';

type Entry = {
  id: number;
  websiteId: number | null;
  operation: string;
  actorKind: string;
  actorId: number | null;
  actorName: string | null;
  clientAddress: string | null;
  changes: { field: string; language: string | null; before: unknown; after: unknown }[];
  state: { record: Record<string, unknown> } | null;
};

describeEachDatabase('history coverage', (ctx) => {
  let clinic = 0;
  beforeAll(async () => {
    ({ clinic } = await demoWebsites(ctx));
  });

  const entriesOf = async (resource: string, id: number | string): Promise<Entry[]> =>
    (await ctx.db.selectFrom('history_entries').selectAll().where('resource', '=', resource).where('recordId', '=', String(id)).orderBy('id').execute()).map((e) => ({
      ...e,
      changes: JSON.parse(e.changes),
      state: e.state === null ? null : JSON.parse(e.state),
    }));

  describe('hand-written writers', () => {
    it("records a menu's reorder per moved item with its parent and order before and after, nothing for an item left in place", async () => {
      const menu = (await ctx.authed('POST', `/api/Menus/${clinic}`, { name: tr('Menu lịch sử', 'History menu'), position: 0, order: 0, isActive: true })).body.data;
      const item = async (extra: Record<string, unknown> = {}) => {
        const res = await ctx.authed('POST', `/api/Menus/item/${clinic}/${menu.id}`, { name: tr('Mục', 'Item'), objectType: 0, url: '/x', ...extra });
        expect(res.status, res.text).toBe(200);
        return res.body.data as { id: number };
      };
      const a = await item();
      const b = await item({ order: 1 });
      const c = await item({ order: 2 });
      const res = await ctx.authed('PUT', `/api/Menus/item/order/${clinic}/${menu.id}`, [
        { id: b.id, parentId: a.id, order: 0 },
        { id: c.id, parentId: null, order: 2 }, // where it was: no entry
        { id: a.id, parentId: null, order: 5 },
      ]);
      expect(res.status, res.text).toBe(200);
      const [bMoved] = (await entriesOf('menuItem', b.id)).slice(1);
      expect(bMoved).toMatchObject({ operation: 'update', actorKind: 'user', websiteId: clinic });
      expect(bMoved.changes).toEqual(
        expect.arrayContaining([
          { field: 'parentId', language: null, before: null, after: a.id },
          { field: 'order', language: null, before: 1, after: 0 },
        ]),
      );
      expect(bMoved.changes).toHaveLength(2);
      expect(bMoved.state!.record).toMatchObject({ id: b.id, parentId: a.id, order: 0 });
      const aMoved = (await entriesOf('menuItem', a.id)).slice(1);
      expect(aMoved.map((e) => e.changes)).toEqual([[{ field: 'order', language: null, before: 0, after: 5 }]]);
      expect((await entriesOf('menuItem', c.id)).map((e) => e.operation)).toEqual(['create']);
    });

    it('records the website and the language a new default took the flag from, each as an update', async () => {
      const site = await ctx.authed('POST', '/api/Websites', { name: tr('Trang mặc định', 'Default site'), isActive: true, isDefault: true });
      expect(site.status, site.text).toBe(200);
      const w = site.body.data.id as number;
      const clinicEntries = await entriesOf('website', clinic);
      expect(clinicEntries.at(-1)).toMatchObject({ operation: 'update', actorKind: 'user', websiteId: clinic, changes: [{ field: 'isDefault', language: null, before: true, after: false }] });
      // The clinic the default again (its own save), the new site loses the flag: its entry says so.
      const current = (await ctx.authed('GET', `/api/Websites/${clinic}`)).body.data;
      expect((await ctx.authed('PUT', `/api/Websites/${clinic}`, { ...current, isDefault: true })).status).toBe(200);
      expect((await entriesOf('website', w)).map((e) => [e.operation, e.changes.map((c) => [c.field, c.before, c.after])])).toEqual([
        ['create', expect.anything()],
        ['update', [['isDefault', true, false]]],
      ]);

      const languages = `/api/Websites/${w}/languages`;
      expect((await ctx.authed('POST', languages, { languageId: 'vi-VN' })).status).toBe(200); // the first: the default
      expect((await ctx.authed('POST', languages, { languageId: 'en-US', isDefault: true })).status).toBe(200);
      const vi = (await entriesOf('websiteLanguage', 'vi-VN')).filter((e) => e.websiteId === w);
      expect(vi.map((e) => [e.operation, e.changes.filter((c) => c.field === 'isDefault').map((c) => [c.before, c.after])])).toEqual([
        ['create', [[null, true]]],
        ['update', [[true, false]]],
      ]);
      expect((await ctx.authed('DELETE', `/api/Websites/${w}`)).status).toBe(200);
    });

    it("records the editor's uploads folder when an upload makes it, once", async () => {
      const token = (await ctx.signIn()).access_token;
      const upload = async () => {
        const form = new FormData();
        form.append('files', new Blob([pngBytes(300)]), 'anh.png');
        const res = await ctx.request('POST', '/api/Files/uploads', { body: form, token });
        expect(res.status, res.text).toBe(200);
        return res.body.data[0] as { id: number; folderId: number };
      };
      const first = await upload();
      await upload();
      const entries = await entriesOf('folder', first.folderId);
      expect(entries.map((e) => [e.operation, e.actorKind, e.state!.record.name])).toEqual([['create', 'user', 'Editor']]);
      expect(entries[0].actorName).toBeTruthy();
    });

    it('records push tokens registered, moved to another user, and removed; never the token, nothing for the same again', async () => {
      const admin = await ctx.signIn();
      const lan = await ctx.signIn('lan.nguyen', 'Staff@123');
      const ids = Object.fromEntries(
        (await ctx.db.selectFrom('users').select(['id', 'userName']).where('userName', 'in', ['admin', 'lan.nguyen']).execute()).map((u) => [u.userName, u.id]),
      );
      const token = `device-${Date.now()}-secret`;
      const register = async (as: string, userId: number, isActive = true) => {
        const res = await ctx.request('POST', '/push/UserTokens', { json: { userId, token, isActive }, token: as });
        expect(res.status, res.text).toBe(200);
      };
      await register(admin.access_token, ids.admin);
      await register(admin.access_token, ids.admin); // the same again: no entry
      await register(lan.access_token, ids['lan.nguyen']); // the device changed hands
      const row = await ctx.db.selectFrom('push_tokens').select('id').where('token', '=', token).executeTakeFirstOrThrow();
      expect((await ctx.request('DELETE', `/push/UserTokens/user/${ids['lan.nguyen']}`, { token: lan.access_token })).status).toBe(200);
      const entries = await entriesOf('pushToken', row.id);
      expect(entries.map((e) => [e.operation, e.actorId])).toEqual([
        ['create', ids.admin],
        ['update', ids['lan.nguyen']],
        ['delete', ids['lan.nguyen']],
      ]);
      expect(entries[1].changes).toEqual([{ field: 'userId', language: null, before: ids.admin, after: ids['lan.nguyen'] }]);
      expect(JSON.stringify(entries)).not.toContain(token);
    });
  });
});
