// Every committed write leaves one entry (issue 29, "what is recorded"): the writes outside the engine's CRUD — a menu's
// reorder, the default website and language moved, the editor's uploads folder, push tokens, webhook replays and
// delivery attempts, sign-outs and revoked sessions, throttled sign-ins — and the seed's own writes (the demo's
// records have a history from the start). On both databases.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { dynamic } from '../../server/resources/index';
import { BUILT_IN_IDS } from '../../shared/permissions';
import { webhookDispatcher } from '../../server/webhooks/state';
import { demoWebsites, describeEachDatabase, tr } from './harness';
import { pngBytes } from './file-bytes';
import { uploadFile } from './files-helpers';

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
  let spa = 0;
  beforeAll(async () => {
    ({ clinic, spa } = await demoWebsites(ctx));
  });

  const entriesOf = async (resource: string, id: number | string): Promise<Entry[]> =>
    (await ctx.db.selectFrom('history_entries').selectAll().where('resource', '=', resource).where('recordId', '=', String(id)).orderBy('id').execute()).map((e) => ({
      ...e,
      changes: JSON.parse(e.changes),
      state: e.state === null ? null : JSON.parse(e.state),
    }));

  describe('the seed and start-up', () => {
    /** Every record of every definition with an id (and the accounts): its ids with no entry at all. */
    async function withoutHistory(app: FastifyInstance): Promise<Record<string, number[]>> {
      const db = dynamic(app.db);
      const out: Record<string, number[]> = {};
      const tables: [string, string][] = [['user', 'users'], ...Object.values(app.resources.defs).filter((d) => (d.idField ?? 'id') === 'id').map((d): [string, string] => [d.name, d.table])];
      for (const [resource, table] of tables) {
        const ids = ((await db.selectFrom(table).select('id').execute()) as { id: number }[]).map((r) => r.id);
        if (!ids.length) continue;
        const seen = new Set((await db.selectFrom('history_entries').select('recordId').where('resource', '=', resource).execute()).map((r) => String(r.recordId)));
        const missing = ids.filter((id) => !seen.has(String(id)));
        if (missing.length) out[resource] = missing;
      }
      return out;
    }

    it("gives the demo's accounts, websites with their languages and staff, and questions a create entry each, by the system", async () => {
      const system = await ctx.db.selectFrom('history_entries').select(['resource', 'recordId', 'websiteId', 'operation', 'changes']).where('actorKind', '=', 'system').orderBy('id').execute();
      const counted = (resource: string) => system.filter((e) => e.resource === resource && e.operation === 'create').length;
      expect([counted('user'), counted('website'), counted('websiteLanguage'), counted('websiteUser'), counted('qaExpert')]).toEqual([3, 2, 4, 6, 6]);
      const site = (await entriesOf('website', clinic))[0];
      expect(site).toMatchObject({ operation: 'create', actorKind: 'system', actorId: null, websiteId: clinic });
      expect(site.state!.record).toMatchObject({ id: clinic, isDefault: true });
      expect(site.changes).toContainEqual(expect.objectContaining({ field: 'name', language: 'vi-VN', before: null }));
      const admin = system.find((e) => e.resource === 'user')!;
      expect(JSON.stringify(admin)).not.toMatch(/passwordHash|argon2/);
      // Created by the engine (server/bootstrap.ts, as the system): each account's entry is the record its create
      // answered, stamp included, and the stamp is still the stored one (nothing wrote the account after).
      const accounts = await ctx.db.selectFrom('users').select(['id', 'userName', 'concurrencyStamp']).where('userName', 'in', ['admin', 'lan.nguyen', 'minh.tran']).orderBy('id').execute();
      for (const a of accounts) {
        const [created] = await entriesOf('user', a.id);
        expect(created).toMatchObject({ operation: 'create', actorKind: 'system' });
        expect(created.state!.record).toMatchObject({ userName: a.userName, concurrencyStamp: a.concurrencyStamp });
      }
      // The demo's staff of each website, each with its role (shared/permissions.ts): Reviewer who reviews (the
      // administrator too, though every operation is an administrator's anyway), Staff the others.
      for (const website of [clinic, spa]) {
        const staff = await ctx.db.selectFrom('website_users as wu').innerJoin('users as u', 'u.id', 'wu.userId').select(['u.userName', 'wu.roleId']).where('wu.websiteId', '=', website).where('u.userName', 'in', ['admin', 'lan.nguyen', 'minh.tran']).orderBy('u.id').execute();
        expect(staff).toEqual([
          { userName: 'admin', roleId: BUILT_IN_IDS.reviewer },
          { userName: 'lan.nguyen', roleId: BUILT_IN_IDS.staff },
          { userName: 'minh.tran', roleId: BUILT_IN_IDS.reviewer },
        ]);
      }
      // The console's History panel has something for a demo question.
      const question = system.find((e) => e.resource === 'qaExpert')!;
      const history = await ctx.authed('GET', `/api/History/${question.websiteId}/QAExperts/${question.recordId}`);
      expect(history.status, history.text).toBe(200);
      expect(history.body.data).toEqual([expect.objectContaining({ operation: 'create', actor: expect.objectContaining({ kind: 'system' }) })]);
    });

    it('leaves no demo record (content included) without history, the first administrator too, and writes nothing again at the next start', { timeout: 180_000 }, async () => {
      const demo = await ctx.freshDatabase();
      let app = await buildApp({ ...demo, rendererDir: null, seed: { demo: true, content: true } });
      try {
        expect(await withoutHistory(app)).toEqual({});
      } finally {
        await app.close();
      }
      const fresh = await ctx.freshDatabase();
      const seed = { admin: { userName: 'first.admin', password: 'First@123', fullName: 'Người quản trị đầu tiên' } };
      app = await buildApp({ ...fresh, rendererDir: null, seed });
      const entries = async () => (await app.db.selectFrom('history_entries').select(['resource', 'recordId', 'operation', 'actorKind']).execute()).map((e) => ({ ...e }));
      try {
        const id = (await app.db.selectFrom('users').select('id').where('userName', '=', 'first.admin').executeTakeFirstOrThrow()).id;
        // The five built-in roles the migration made (issue 39), then the account (created once the routes, and the
        // write listeners they register, are there).
        expect(await entries()).toEqual([
          ...[1, 2, 3, 4, 5].map((role) => ({ resource: 'role', recordId: String(role), operation: 'create', actorKind: 'system' })),
          { resource: 'user', recordId: String(id), operation: 'create', actorKind: 'system' },
        ]);
      } finally {
        await app.close();
      }
      app = await buildApp({ ...fresh, rendererDir: null, seed });
      try {
        expect(await entries()).toHaveLength(6);
      } finally {
        await app.close();
      }
    });
  });

  it("gives a built-in role the area a later version added, as the system's update of the role, once", { timeout: 120_000 }, async () => {
    const fresh = await ctx.freshDatabase();
    const seed = { admin: { userName: 'roles.admin', password: 'Roles@123', fullName: 'Roles' } };
    await (await buildApp({ ...fresh, rendererDir: null, seed })).close();
    // As if the role were made before the area existed: its grants lack one.
    let app = await buildApp({ ...fresh, rendererDir: null, seed });
    const grants = async () => JSON.parse((await app.db.selectFrom('roles').select('grants').where('id', '=', BUILT_IN_IDS.staff).executeTakeFirstOrThrow()).grants) as Record<string, unknown>;
    const full = await grants();
    const area = Object.keys(full)[0];
    const { [area]: _, ...older } = full;
    await app.db.updateTable('roles').set({ grants: JSON.stringify(older) }).where('id', '=', BUILT_IN_IDS.staff).execute();
    await app.close();
    const entries = async () => (await app.db.selectFrom('history_entries').select(['operation', 'actorKind', 'changes']).where('resource', '=', 'role').where('recordId', '=', String(BUILT_IN_IDS.staff)).orderBy('id').execute()).map((e) => ({ operation: e.operation, actorKind: e.actorKind, fields: (JSON.parse(e.changes) as { field: string }[]).map((c) => c.field) }));
    for (const start of [1, 2]) {
      app = await buildApp({ ...fresh, rendererDir: null, seed });
      try {
        expect(await grants(), `start ${start}`).toEqual(full);
        expect(await entries(), `start ${start}`).toEqual([
          { operation: 'create', actorKind: 'system', fields: expect.any(Array) },
          { operation: 'update', actorKind: 'system', fields: ['grants'] },
        ]);
      } finally {
        await app.close();
      }
    }
  });

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

    it('records a copied folder, each folder and file in it, as a create entry of its own', async () => {
      const top = (await ctx.authed('POST', '/api/Folders', { name: 'Bản gốc', parentId: 0 })).body.data;
      const inner = (await ctx.authed('POST', '/api/Folders', { name: 'Bên trong', parentId: top.id })).body.data;
      await uploadFile(ctx, (await ctx.signIn()).access_token, 'anh.png', pngBytes(400), inner.id);
      const copied = await ctx.authed('POST', `/api/Folders/copy/${top.id}`, { parentId: 0 });
      expect(copied.status, copied.text).toBe(200);
      const copyInner = await ctx.db.selectFrom('folders').select('id').where('parentId', '=', copied.body.data.id).executeTakeFirstOrThrow();
      const copyFile = await ctx.db.selectFrom('files').select('id').where('folderId', '=', copyInner.id).executeTakeFirstOrThrow();
      for (const [resource, id] of [['folder', copied.body.data.id], ['folder', copyInner.id], ['file', copyFile.id]] as const) {
        const entries = await entriesOf(resource, id);
        expect(entries.map((e) => [e.operation, e.actorKind]), `${resource} ${id}`).toEqual([['create', 'user']]);
        expect(entries[0].state!.record).toMatchObject({ id });
      }
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

    it("records each delivery attempt's outcome as the system's (send), and a replay as the person's", async () => {
      let status = 500;
      const received: string[] = [];
      const server = http.createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          received.push(String(req.headers['x-sitedesk-delivery']));
          res.writeHead(status).end('ok');
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
        const hook = await ctx.authed('POST', `/api/Webhooks/${clinic}`, { url, isActive: true });
        expect(hook.status, hook.text).toBe(200);
        expect((await ctx.authed('POST', `/api/SocialNetworks/${clinic}`, { name: tr('Zalo'), url: 'https://zalo.me', order: 0 })).status).toBe(200);
        const delivery = async () => (await dynamic(ctx.db).selectFrom('webhook_deliveries').selectAll().where('webhookId', '=', hook.body.data.id).orderBy('id').execute()) as { id: number; attempts: number; status: string }[];
        const wait = async (check: (rows: { id: number; attempts: number; status: string }[]) => boolean) => {
          for (let i = 0; i < 200 && !check(await delivery()); i++) await new Promise((r) => setTimeout(r, 25));
        };
        await wait((rows) => rows[0]?.attempts === 1 && rows[0].status === 'pending' && received.length === 1);
        const [first] = await delivery();
        // The dispatcher writes its outcome a moment after the receiver answered.
        for (let i = 0; i < 200 && (await entriesOf('webhookDelivery', first.id)).length === 0; i++) await new Promise((r) => setTimeout(r, 25));
        status = 204;
        ctx.clock.advance(31_000);
        expect(await webhookDispatcher(ctx.app).sweep()).toBe(1);
        const sent = await entriesOf('webhookDelivery', first.id);
        expect(sent.map((e) => [e.operation, e.actorKind, e.websiteId])).toEqual([
          ['send', 'system', clinic],
          ['send', 'system', clinic],
        ]);
        expect(sent[0].changes).toEqual(
          expect.arrayContaining([
            { field: 'statusCode', language: null, before: null, after: 500 },
            { field: 'attempts', language: null, before: 0, after: 1 },
            { field: 'error', language: null, before: null, after: 'HTTP 500 Internal Server Error' },
          ]),
        );
        expect(sent[1].changes).toEqual(
          expect.arrayContaining([
            { field: 'status', language: null, before: 'pending', after: 'delivered' },
            { field: 'statusCode', language: null, before: 500, after: 204 },
            { field: 'attempts', language: null, before: 1, after: 2 },
          ]),
        );
        expect(sent[1].state!.record).toMatchObject({ id: first.id, status: 'delivered' });

        const replayed = await ctx.authed('POST', `/api/WebhookDeliveries/replay/${clinic}/${first.id}`);
        expect(replayed.status, replayed.text).toBe(200);
        const copy = replayed.body.data.id as number;
        await wait((rows) => rows.find((r) => r.id === copy)?.status === 'delivered');
        for (let i = 0; i < 200 && (await entriesOf('webhookDelivery', copy)).length < 2; i++) await new Promise((r) => setTimeout(r, 25));
        const copied = await entriesOf('webhookDelivery', copy);
        expect(copied.map((e) => [e.operation, e.actorKind])).toEqual([
          ['replay', 'user'],
          ['send', 'system'],
        ]);
        expect(copied[0].changes).toEqual([{ field: 'replayOf', language: null, before: null, after: first.id }]);
        expect((await ctx.authed('DELETE', `/api/Webhooks/${clinic}/${hook.body.data.id}`)).status).toBe(200);
      } finally {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });
  });

  describe('sign-in and sessions', () => {
    const client = { client_id: 'sitedesk', client_secret: 'sitedesk-secret' };
    const userEntries = async (id: number | string) => (await entriesOf('user', id)).filter((e) => e.operation !== 'signIn');

    it('records a sign-out (revocation) once as the user, a reused refresh token as the system, and no silent refresh', async () => {
      const lan = (await ctx.db.selectFrom('users').select('id').where('userName', '=', 'lan.nguyen').executeTakeFirstOrThrow()).id;
      const before = (await userEntries(lan)).length;
      const session = await ctx.signIn('lan.nguyen', 'Staff@123');
      // A refresh (rotation) is the session going on: no entry.
      const refreshed = await ctx.request('POST', '/auth/token', { form: { grantType: 'refresh_token', refreshToken: session.refresh_token } });
      expect(refreshed.status, refreshed.text).toBe(200);
      expect(await userEntries(lan)).toHaveLength(before);
      // The old token again: it leaked, the session ends (the system's act, with the reason).
      const reused = await ctx.request('POST', '/auth/token', { form: { grantType: 'refresh_token', refreshToken: session.refresh_token } });
      expect(reused.status).toBe(400);
      let entries = (await userEntries(lan)).slice(before);
      expect(entries.map((e) => [e.operation, e.actorKind])).toEqual([['sessionRevoked', 'system']]);
      expect(entries[0].changes).toEqual([{ field: 'reason', language: null, before: null, after: 'refresh token reused' }]);
      expect(entries[0].clientAddress).toBeTruthy();

      const other = await ctx.signIn('lan.nguyen', 'Staff@123');
      for (let i = 0; i < 2; i++) {
        const res = await ctx.request('POST', '/auth/connect/revocation', { form: { token: other.refresh_token, ...client } });
        expect(res.status).toBe(200);
      }
      entries = (await userEntries(lan)).slice(before);
      expect(entries.map((e) => [e.operation, e.actorKind, e.actorId])).toEqual([
        ['sessionRevoked', 'system', null],
        ['signOut', 'user', lan],
      ]);
      expect(entries[1].actorName).toBe('Nguyễn Thị Lan');
    });

    it('records a throttled sign-in (429) as a failed one, with why, among the sign-in records (not the history)', async () => {
      const account = `ghost.${Date.now()}`;
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await ctx.request('POST', '/auth/connect/token', { form: { grant_type: 'password', username: account, password: 'wrong', ...client } })).status);
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
      expect(await entriesOf('user', account)).toEqual([]);
      const records = await ctx.db.selectFrom('sign_ins').select('outcome').where('userName', '=', account).orderBy('id').execute();
      expect(records.map((r) => r.outcome)).toEqual([...Array.from({ length: 5 }, () => 'wrongPassword'), 'throttled']);
    });
  });
});
