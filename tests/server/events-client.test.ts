// The console's event stream client (renderer/src/platform/eventStream.ts) against the real server, on SQLite and
// PostgreSQL: it receives what arrives, and when the server goes away (a restart ends every stream) it comes back by
// itself with Last-Event-ID, so what was posted while it was away arrives once, nothing lost, nothing twice.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LiveEvent } from '../../shared/events';
import { EventConnection } from '../../renderer/src/platform/eventStream';
import { demoWebsites, describeEachDatabase } from './harness';

describeEachDatabase('the console’s event stream client', (ctx) => {
  let clinic: number;
  let connection: EventConnection;
  const received: LiveEvent[] = [];
  const feedback = async (title: string) => {
    const res = await ctx.request('POST', `/public/${clinic}/feedback`, { json: { title, fullName: 'Khách', email: 'k@example.com', phoneNumber: '0901234567' } });
    expect(res.status, res.text).toBe(201);
  };
  const until = async (test: () => boolean, ms = 10_000) => {
    const deadline = Date.now() + ms;
    while (!test()) {
      if (Date.now() > deadline) throw new Error(`timed out; received ${JSON.stringify(received.map((e) => e.title))}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const titles = () => received.map((e) => e.title);

  beforeAll(async () => {
    ({ clinic } = await demoWebsites(ctx));
    let refreshes = 0;
    connection = new EventConnection(
      {
        url: () => `${ctx.baseUrl}/api/events`,
        // A fresh sign-in stands for the data layer's token (the app's restart keeps sessions: they are in the database).
        accessToken: async () => (await ctx.signIn('lan.nguyen', 'Staff@123')).access_token,
        refresh: async () => {
          refreshes += 1;
          return null;
        },
        minBackoff: 50,
        maxBackoff: 400,
      },
      (e) => received.push(e),
    );
    expect(refreshes).toBe(0);
  });
  afterAll(() => connection?.stop());

  it('receives events, comes back after the server restarts with Last-Event-ID, and loses nothing', async () => {
    connection.start();
    await until(() => connection.connections === 1);
    await feedback('Trước khi khởi động lại');
    await until(() => titles().includes('Trước khi khởi động lại'));

    // The server goes away: every stream ends; the client tries again (backing off) until it is back.
    await ctx.restart();
    // Posted before the client is back (most likely): replayed after Last-Event-ID; or live if it already is.
    await feedback('Trong lúc khởi động lại');
    await until(() => titles().includes('Trong lúc khởi động lại'));
    await until(() => connection.connections >= 2);
    await feedback('Sau khi nối lại');
    await until(() => titles().includes('Sau khi nối lại'));
    expect(titles()).toEqual(['Trước khi khởi động lại', 'Trong lúc khởi động lại', 'Sau khi nối lại']);
    expect(connection.lastEventId).toBe(received[2].id);
  });

  it('stops when told (signed out): nothing more arrives, and a later start begins from now', async () => {
    connection.stop(true);
    expect(connection.lastEventId).toBeUndefined();
    const before = received.length;
    await feedback('Sau khi đăng xuất');
    await new Promise((r) => setTimeout(r, 300));
    expect(received.length).toBe(before);
    connection.start();
    await until(() => connection.connections >= 3);
    await feedback('Đăng nhập lại');
    await until(() => titles().includes('Đăng nhập lại'));
    expect(titles().slice(before)).toEqual(['Đăng nhập lại']);
  });
});
