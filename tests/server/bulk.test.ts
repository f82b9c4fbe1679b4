// Acting on many records (issue 42 "Act on many", docs/api.md "Bulk actions"): POST /api/Bulk/{website}/{resource}
// runs each record through the engine in its own transaction, with its own history entry, its access and its status
// machine; what one record refuses is that record's answer.
import { beforeAll, describe, expect, it } from 'vitest';
import { demoWebsites, describeEachDatabase, EN, tr, type ServerTestContext } from './harness';
import { createNews } from './news-helpers';

type Answer = { done: number[]; refused: { id: number; status: number; message: string }[] };

const historyOf = (ctx: ServerTestContext, resource: string, id: number) =>
  ctx.db.selectFrom('history_entries').select(['operation']).where('resource', '=', resource).where('recordId', '=', String(id)).orderBy('id').execute();

describeEachDatabase('bulk actions', (ctx) => {
  let clinic = 0;
  let spa = 0;
  beforeAll(async () => {
    ({ clinic, spa } = await demoWebsites(ctx));
  });
  const bulk = (resource: string, body: unknown, website = clinic) => ctx.authed<Answer>('POST', `/api/Bulk/${website}/${resource}`, body, EN);
  const groupIn = async (website: number, name: string) => (await ctx.authed('POST', `/api/FAQGroups/${website}`, { name: tr(name), code: name, order: 1 })).body.data.id as number;
  const faqIn = async (website: number, question: string) => {
    const group = (await ctx.authed<{ id: number }[]>('GET', `/api/FAQGroups/get-all/${website}`)).body[0]?.id ?? (await groupIn(website, 'Chung'));
    const res = await ctx.authed('POST', `/api/FAQs/${website}`, { faqGroupId: group, question: tr(question), answer: tr('<p>Trả lời</p>'), order: 1, isActive: true });
    expect(res.status, res.text).toBe(200);
    return res.body.data as { id: number; concurrencyStamp: string };
  };

  it('submits many news for review: a pending one is refused with its reason, each of the others gets its history entry', async () => {
    const drafts = [await createNews(ctx, clinic), await createNews(ctx, clinic), await createNews(ctx, clinic)];
    const pending = await createNews(ctx, clinic, 'true');
    const res = await bulk('news', { action: 'submit', ids: [...drafts.map((n) => n.id), pending.id] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.done.sort()).toEqual(drafts.map((n) => n.id).sort());
    expect(res.body.refused).toEqual([{ id: pending.id, status: 409, message: 'The news is pending review and cannot be edited' }]);
    for (const n of drafts) {
      expect((await ctx.authed('GET', `/api/News/detail/${clinic}/${n.id}`)).body.data.approvedStatus).toBe(1);
      expect((await historyOf(ctx, 'news', n.id)).map((e) => e.operation)).toEqual(['create', 'update']);
    }
    expect((await historyOf(ctx, 'news', pending.id)).map((e) => e.operation)).toEqual(['create']);
  });

  it('deactivates and activates; a record of another website is not found and stays as it was', async () => {
    const mine = [await faqIn(clinic, 'Một'), await faqIn(clinic, 'Hai')];
    const theirs = await faqIn(spa, 'Ba');
    const res = await bulk('faq', { action: 'deactivate', ids: [...mine.map((f) => f.id), theirs.id] });
    expect(res.body.done).toEqual(mine.map((f) => f.id));
    expect(res.body.refused).toEqual([{ id: theirs.id, status: 404, message: 'Record not found' }]);
    for (const f of mine) expect((await ctx.authed('GET', `/api/FAQs/${clinic}/${f.id}`)).body.data.isActive).toBe(false);
    expect((await ctx.authed('GET', `/api/FAQs/${spa}/${theirs.id}`)).body.data.isActive).toBe(true);
    expect((await bulk('faq', { action: 'activate', ids: [mine[0].id] })).body.done).toEqual([mine[0].id]);
    expect((await historyOf(ctx, 'faq', mine[0].id)).map((e) => e.operation)).toEqual(['create', 'update', 'update']);
  });

  it('moves FAQs to another group through the form\'s save: a group of another website is refused', async () => {
    const f = await faqIn(clinic, 'Bốn');
    const other = await groupIn(clinic, 'Khác');
    const moved = await bulk('faq', { action: 'set', field: 'faqGroupId', value: other, ids: [f.id] });
    expect(moved.body.done).toEqual([f.id]);
    expect((await ctx.authed('GET', `/api/FAQs/${clinic}/${f.id}`)).body.data.faqGroupId).toBe(other);
    const spaGroup = await groupIn(spa, 'Spa');
    const wrong = await bulk('faq', { action: 'set', field: 'faqGroupId', value: spaGroup, ids: [f.id] });
    expect(wrong.body.done).toEqual([]);
    expect(wrong.body.refused[0]).toMatchObject({ id: f.id });
    expect(wrong.body.refused[0].status).toBeGreaterThanOrEqual(400);
    expect(wrong.body.refused[0].status).toBeLessThan(500);
  });

  it('deletes many into the trash, from where each comes back', async () => {
    const gone = [await faqIn(clinic, 'Năm'), await faqIn(clinic, 'Sáu')];
    const res = await bulk('faq', { action: 'delete', ids: gone.map((f) => f.id) });
    expect(res.body).toEqual({ done: gone.map((f) => f.id), refused: [] });
    const trash = (await ctx.authed('GET', `/api/Trash/${clinic}?resource=faq&pageSize=100`)).body.data as { id: number; recordId: string }[];
    for (const f of gone) {
      const entry = trash.find((t) => t.recordId === String(f.id))!;
      expect((await ctx.authed('POST', `/api/Trash/restore/${clinic}/${entry.id}`, {})).status).toBe(200);
      expect((await ctx.authed('GET', `/api/FAQs/${clinic}/${f.id}`)).status).toBe(200);
    }
  });

  it('refuses a staff member what the role refuses, record by record', async () => {
    const lan = (await ctx.signIn('lan.nguyen', 'Staff@123')).access_token;
    const n = await createNews(ctx, clinic, 'true');
    // Not a reviewer, and the news is pending: a submit is refused; nothing changed.
    const res = await ctx.request<Answer>('POST', `/api/Bulk/${clinic}/news`, { token: lan, json: { action: 'submit', ids: [n.id] }, ...EN });
    expect(res.status).toBe(200);
    expect(res.body.done).toEqual([]);
    expect(res.body.refused[0].status).toBeGreaterThanOrEqual(400);
  });

  it('answers a bad request as a whole with a 4xx and its message', async () => {
    expect((await bulk('faq', { action: 'delete', ids: [] })).status).toBe(400);
    const many = await bulk('faq', { action: 'delete', ids: Array.from({ length: 501 }, (_, i) => i + 1) });
    expect(many.status).toBe(400);
    expect((many.body as unknown as { Message: string }).Message).toBe('ids must hold 1 to 500 ids');
    expect((await bulk('faq', { action: 'submit', ids: [1] })).status).toBe(400);
    expect((await bulk('faq', { action: 'delete', ids: ['x'] })).status).toBe(400);
    expect((await bulk('nothing', { action: 'delete', ids: [1] })).status).toBe(404);
    expect((await bulk('faq', { action: 'delete', ids: [1] }, 99999)).status).toBe(404);
  });

  describe('two bulk submits at once', () => {
    it('each record is submitted once: the other request finds it locked', async () => {
      const news = [await createNews(ctx, clinic), await createNews(ctx, clinic), await createNews(ctx, clinic), await createNews(ctx, clinic)];
      const ids = news.map((n) => n.id);
      const [a, b] = await Promise.all([bulk('news', { action: 'submit', ids }), bulk('news', { action: 'submit', ids: [...ids].reverse() })]);
      expect([...a.body.done, ...b.body.done].sort()).toEqual([...ids].sort());
      for (const r of [...a.body.refused, ...b.body.refused]) expect(r.status).toBe(409);
      for (const id of ids) expect((await historyOf(ctx, 'news', id)).map((e) => e.operation)).toEqual(['create', 'update']);
    });
  });
}, { seedDemo: true });
