// Site content of part 2 (banners with items, FAQs, partners, feedback, customer feedback) and the public intake
// feedback arrives through: every call of the spec, its refusals, stale stamps, other websites' ids.
import { beforeAll, describe, expect, it } from 'vitest';
import { demoWebsites, describeEachDatabase, EN, tr } from './harness';

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describeEachDatabase('site content', (ctx) => {
  let clinic = 0;
  let spa = 0;
  beforeAll(async () => {
    ({ clinic, spa } = await demoWebsites(ctx));
  });

  describe('banners', () => {
    it('a banner with its items: validation, the type fixed once created, the public items, one-transaction delete', async () => {
      const bad = await ctx.authed('POST', `/api/Banners?websiteId=${clinic}`, { name: tr('Khuyến mãi', '') }, EN);
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([
        { field: 'name', languageId: 'en-US', message: 'Name (English) is required' },
        { field: 'type', message: 'Type is required' },
        { field: 'position', message: 'Position is required' },
      ]);
      const created = await ctx.authed('POST', `/api/Banners?websiteId=${clinic}`, { name: tr('Khuyến mãi', 'Offers'), type: 2, position: 1 });
      expect(created.status).toBe(200);
      const b = created.body.data;
      expect(b).toMatchObject({ type: 2, position: 1, order: 0, isActive: true });
      expect((await ctx.authed('GET', `/api/Banners/${clinic}/${b.id}`)).body.data.bannerItems).toEqual([]);

      // Items: image and mobile image required, order at least 0; new items start active.
      const item = (name: string, order: number, extra = {}) => ({ name: tr(name, name + ' EN'), images: `/files/${name}.png`, imagesMobile: `/files/${name}-m.png`, order, ...extra });
      const badItem = await ctx.authed('POST', `/api/Banners/item/${clinic}/${b.id}`, { name: tr('A', 'A'), order: -1 }, EN);
      expect(badItem.body.errors.map((e: { field: string }) => e.field)).toEqual(['images', 'imagesMobile', 'order']);
      const first = (await ctx.authed('POST', `/api/Banners/item/${clinic}/${b.id}`, item('first', 2))).body.data;
      const second = (await ctx.authed('POST', `/api/Banners/item/${clinic}/${b.id}`, item('second', 1))).body.data;
      await ctx.authed('POST', `/api/Banners/item/${clinic}/${b.id}`, item('hidden', 0, { isActive: false }));
      expect(first.isActive).toBe(true);

      // The banner embeds every item in order; the public call gives the active ones in order.
      const full = (await ctx.authed('GET', `/api/Banners/${clinic}/${b.id}`)).body.data;
      expect(full.bannerItems.map((i: { images: string }) => i.images)).toEqual(['/files/hidden.png', '/files/second.png', '/files/first.png']);
      const active = await ctx.authed('GET', `/api/Banners/item/get-all/${clinic}/${b.id}`);
      expect(ids(active.body)).toEqual([second.id, first.id]);

      // Reorder: the first item goes first.
      const moved = await ctx.authed('PUT', `/api/Banners/item/${clinic}/${b.id}/${first.id}`, { ...first, order: 0 });
      expect(moved.status).toBe(200);
      expect(ids((await ctx.authed('GET', `/api/Banners/item/get-all/${clinic}/${b.id}`)).body)).toEqual([first.id, second.id]);
      // The old stamp is stale now.
      expect((await ctx.authed('PUT', `/api/Banners/item/${clinic}/${b.id}/${first.id}`, { ...first, order: 5 })).status).toBe(409);

      // The type cannot change; the position can.
      const update = await ctx.authed('PUT', `/api/Banners/${clinic}/${b.id}`, { ...b, type: 1, position: 3 });
      expect(update.body.data).toMatchObject({ type: 2, position: 3 });

      // Another website reaches neither the banner nor its items.
      expect((await ctx.authed('GET', `/api/Banners/${spa}/${b.id}`)).status).toBe(404);
      expect((await ctx.authed('GET', `/api/Banners/item/${spa}/${b.id}/${first.id}`)).status).toBe(404);
      expect((await ctx.authed('POST', `/api/Banners/item/${spa}/${b.id}`, item('x', 0))).status).toBe(404);

      // The list pages and searches by type.
      const page = await ctx.authed('GET', `/api/Banners/${clinic}?page=1&pageSize=20&type=2`);
      expect(ids(page.body.data)).toContain(b.id);
      expect(page.body.data.every((r: { type: number }) => r.type === 2)).toBe(true);

      // Deleting the banner deletes its items with it.
      expect((await ctx.authed('DELETE', `/api/Banners/${clinic}/${b.id}`)).status).toBe(200);
      const left = await ctx.db.selectFrom('banner_items' as never).select('id' as never).where('bannerId' as never, '=', b.id as never).execute();
      expect(left).toEqual([]);
    });
  });

  describe('FAQs', () => {
    it('a FAQ in a group of its website, listed with the group name; a used group cannot go', async () => {
      const group = (await ctx.authed('POST', `/api/FAQGroups/${clinic}`, { name: tr('Bảo hiểm', 'Insurance') })).body.data;
      const foreign = (await ctx.authed('POST', `/api/FAQGroups/${spa}`, { name: tr('Spa', 'Spa') })).body.data;

      const bad = await ctx.authed('POST', `/api/FAQs/${clinic}`, { question: tr('', ''), answer: tr('<p>x</p>', '<p>x</p>'), order: -1 }, EN);
      expect(bad.body.errors).toEqual([
        { field: 'question', languageId: 'vi-VN', message: 'Question (Tiếng Việt) is required' },
        { field: 'question', languageId: 'en-US', message: 'Question (English) is required' },
        { field: 'faqGroupId', message: 'FAQ group is required' },
        { field: 'order', message: 'order must be in right format' },
      ]);
      // A group of another website is refused, and nothing is written.
      const before = (await ctx.authed('GET', `/api/Faqs/${clinic}?page=1&pageSize=20`)).body.totalRows;
      const cross = await ctx.authed('POST', `/api/FAQs/${clinic}`, { question: tr('Hỏi', 'Ask'), answer: tr('Đáp', 'Answer'), faqGroupId: foreign.id });
      expect(cross.status).toBe(400);
      expect((await ctx.authed('GET', `/api/Faqs/${clinic}?page=1&pageSize=20`)).body.totalRows).toBe(before);

      const created = await ctx.authed('POST', `/api/FAQs/${clinic}`, { question: tr('Có dùng bảo hiểm được không?', 'Is insurance accepted?'), answer: tr('<p>Có</p>', '<p>Yes</p>'), faqGroupId: group.id });
      expect(created.body.data).toMatchObject({ faqGroupId: group.id, faqGroupName: group.name, isActive: true });
      const list = await ctx.authed('GET', `/api/Faqs/${clinic}?page=1&pageSize=20&faqGroupId=${group.id}`);
      expect(list.body.data).toEqual([expect.objectContaining({ id: created.body.data.id, faqGroupName: group.name })]);
      const search = await ctx.authed('GET', `/api/Faqs/${clinic}?keyword=${encodeURIComponent('bao hiem')}`);
      expect(ids(search.body.data)).toContain(created.body.data.id);

      const used = await ctx.authed('DELETE', `/api/FaqGroups/${clinic}/${group.id}`, undefined, EN);
      expect(used.status).toBe(409);
      expect(used.body.Message).toMatch(/1/);
      expect((await ctx.authed('GET', `/api/FAQs/${spa}/${created.body.data.id}`)).status).toBe(404);
      expect((await ctx.authed('DELETE', `/api/Faqs/${clinic}/${created.body.data.id}`)).status).toBe(200);
      expect((await ctx.authed('DELETE', `/api/FaqGroups/${clinic}/${group.id}`)).status).toBe(200);
    });

    it('a FAQ saved while its group is deleted: one of the two wins, never a FAQ in a group that is gone', async () => {
      for (let round = 0; round < 8; round++) {
        const group = (await ctx.authed('POST', `/api/FAQGroups/${clinic}`, { name: tr(`Nhóm ${round}`, `Group ${round}`) })).body.data;
        const [saved, removed] = await Promise.all([
          ctx.authed('POST', `/api/FAQs/${clinic}`, { question: tr('Hỏi', 'Ask'), answer: tr('Đáp', 'Answer'), faqGroupId: group.id }),
          ctx.authed('DELETE', `/api/FaqGroups/${clinic}/${group.id}`),
        ]);
        const left = await ctx.db.selectFrom('faqs' as never).select('id' as never).where('faqGroupId' as never, '=', group.id as never).execute();
        if (removed.status === 200) {
          expect(saved.status).toBe(400);
          expect(left).toEqual([]);
        } else {
          expect([saved.status, removed.status]).toEqual([200, 409]);
          expect(left.length).toBe(1);
          await ctx.authed('DELETE', `/api/Faqs/${clinic}/${saved.body.data.id}`);
          await ctx.authed('DELETE', `/api/FaqGroups/${clinic}/${group.id}`);
        }
      }
    });
  });

  describe('partners', () => {
    it('a tree of partners: a parent of the same website, no cycles, no delete with children', async () => {
      const bad = await ctx.authed('POST', `/api/Partners/${clinic}`, { name: '', order: -1 });
      expect(bad.body.errors).toEqual([
        { field: 'name', languageId: 'vi-VN', message: 'Tên đối tác (Tiếng Việt) là trường bắt buộc' },
        { field: 'name', languageId: 'en-US', message: 'Tên đối tác (English) là trường bắt buộc' },
        { field: 'order', message: 'Thứ tự phải đúng định dạng' },
      ]);
      const parent = (await ctx.authed('POST', `/api/Partners/${clinic}`, { name: 'Bảo Việt' })).body.data;
      const child = (await ctx.authed('POST', `/api/Partners/${clinic}`, { name: 'Bảo Việt Nhân thọ', parentId: parent.id })).body.data;
      expect(child.parentId).toBe(parent.id);
      expect((await ctx.authed('POST', `/api/Partners/${spa}`, { name: 'X', parentId: parent.id })).status).toBe(400);
      // The parent cannot move below its own child.
      expect((await ctx.authed('PUT', `/api/Partners/${clinic}/${parent.id}`, { ...parent, parentId: child.id })).status).toBe(400);
      expect((await ctx.authed('DELETE', `/api/Partners/${clinic}/${parent.id}`)).status).toBe(400);
      const found = await ctx.authed('GET', `/api/Partners/${clinic}?keyword=nhan%20tho&page=1&pageSize=1000`);
      expect(ids(found.body.data)).toEqual([child.id]);
      expect((await ctx.authed('DELETE', `/api/Partners/${clinic}/${child.id}`)).status).toBe(200);
      expect((await ctx.authed('DELETE', `/api/Partners/${clinic}/${parent.id}`)).status).toBe(200);
    });
  });

  describe('partner names, per language', () => {
    it('a partner with empty names is refused with 400 naming the field, and nothing is written', async () => {
      const before = (await ctx.authed('GET', `/api/Partners/${clinic}?page=1&pageSize=1000`)).body.totalRows;
      for (const name of [tr('', ''), tr('', 'Bao Viet'), '{}', undefined]) {
        const res = await ctx.authed('POST', `/api/Partners/${clinic}`, { name, order: 0 });
        expect(res.status, String(name)).toBe(400);
        expect(res.body).toMatchObject({ code: expect.anything(), field: 'name' });
        expect(res.body.Message).toContain('Tên đối tác (Tiếng Việt) là trường bắt buộc');
      }
      expect((await ctx.authed('GET', `/api/Partners/${clinic}?page=1&pageSize=1000`)).body.totalRows).toBe(before);
    });

    it('each language keeps its own name: written, read back, changed in one language only', async () => {
      const created = await ctx.authed('POST', `/api/Partners/${clinic}`, { name: tr('Bệnh viện Việt Đức', 'Viet Duc Hospital'), order: 0 });
      expect(created.status).toBe(200);
      const id = created.body.data.id;
      const read = (await ctx.authed('GET', `/api/Partners/${clinic}/${id}`)).body.data;
      expect(JSON.parse(read.name)).toEqual({ 'vi-VN': 'Bệnh viện Việt Đức', 'en-US': 'Viet Duc Hospital' });
      const updated = await ctx.authed('PUT', `/api/Partners/${clinic}/${id}`, { ...read, name: tr('Bệnh viện Việt Đức', 'Viet Duc University Hospital') });
      expect(updated.status).toBe(200);
      const again = (await ctx.authed('GET', `/api/Partners/${clinic}/${id}`)).body.data;
      expect(JSON.parse(again.name)).toEqual({ 'vi-VN': 'Bệnh viện Việt Đức', 'en-US': 'Viet Duc University Hospital' });
      // Found by its name in either language.
      expect(ids((await ctx.authed('GET', `/api/Partners/${clinic}?keyword=university&page=1&pageSize=1000`)).body.data)).toEqual([id]);
      expect(ids((await ctx.authed('GET', `/api/Partners/${clinic}?keyword=viet%20duc&page=1&pageSize=1000`)).body.data)).toEqual([id]);
      expect((await ctx.authed('DELETE', `/api/Partners/${clinic}/${id}`)).status).toBe(200);
    });

    it('the default language is required even while it is switched off for the website (every resource)', async () => {
      const off = await ctx.authed('PUT', `/api/Websites/${clinic}/languages/vi-VN`, { isActive: false });
      expect(off.status).toBe(200);
      try {
        const partner = await ctx.authed('POST', `/api/Partners/${clinic}`, { name: tr('', 'Only English'), order: 0 });
        expect(partner.status).toBe(400);
        expect(partner.body.errors).toEqual([{ field: 'name', languageId: 'vi-VN', message: 'Tên đối tác (Tiếng Việt) là trường bắt buộc' }]);
        const group = await ctx.authed('POST', `/api/FAQGroups/${clinic}`, { name: tr('', 'Only English'), order: 0 });
        expect(group.status).toBe(400);
        expect(group.body.errors).toEqual([{ field: 'name', languageId: 'vi-VN', message: 'Tên nhóm (Tiếng Việt) là trường bắt buộc' }]);
      } finally {
        expect((await ctx.authed('PUT', `/api/Websites/${clinic}/languages/vi-VN`, { isActive: true })).status).toBe(200);
      }
    });

    it('migration 0013 turns a plain-text name into the website\'s default language', async () => {
      const { perLanguageNames } = await import('../../server/db/migrations/0013_partner_names');
      const id = (await ctx.authed('POST', `/api/Partners/${clinic}`, { name: tr('Tạm', 'Temp'), order: 0 })).body.data.id;
      await ctx.db.updateTable('partners' as never).set({ name: 'Nhà thuốc Long Châu' } as never).where('id' as never, '=', id as never).execute();
      const spaId = (await ctx.authed('POST', `/api/Partners/${spa}`, { name: tr('Tạm', 'Temp'), order: 0 })).body.data.id;
      await ctx.db.updateTable('partners' as never).set({ name: '' } as never).where('id' as never, '=', spaId as never).execute();
      await perLanguageNames(ctx.db, 'partners');
      const read = (await ctx.authed('GET', `/api/Partners/${clinic}/${id}`)).body.data;
      expect(JSON.parse(read.name)).toEqual({ 'vi-VN': 'Nhà thuốc Long Châu' });
      expect((await ctx.authed('GET', `/api/Partners/${spa}/${spaId}`)).body.data.name).toBe('{}');
      // Names already per language are left as they were.
      const kept = (await ctx.authed('POST', `/api/Partners/${clinic}`, { name: tr('Giữ', 'Kept'), order: 0 })).body.data.id;
      await perLanguageNames(ctx.db, 'partners');
      expect(JSON.parse((await ctx.authed('GET', `/api/Partners/${clinic}/${kept}`)).body.data.name)).toEqual({ 'vi-VN': 'Giữ', 'en-US': 'Kept' });
      await ctx.authed('DELETE', `/api/Partners/${clinic}/${kept}`);
      await ctx.authed('DELETE', `/api/Partners/${clinic}/${id}`);
      await ctx.authed('DELETE', `/api/Partners/${spa}/${spaId}`);
    });
  });

  describe('feedback and its public intake', () => {
    const post = (website: number | string, json: unknown, headers: Record<string, string> = {}) =>
      ctx.request('POST', `/public/${website}/feedback`, { json, headers });
    const sent = { title: 'Thời gian chờ', fullName: 'Lê Văn Khách', email: 'khach@example.com', phoneNumber: '0901 234 567', content: 'Chờ hơi lâu', serviceName: 'Khám tổng quát' };

    it('a visitor posts feedback without signing in; it arrives unread, is read by opening, counted until then', async () => {
      const unreadBefore = (await ctx.authed('GET', `/api/Feedbacks/unread-count/${clinic}`)).body.data as number;
      // Fields a visitor may not set are ignored.
      const answer = await post(clinic, { ...sent, isView: true, id: 99999, websiteId: spa, description: tr('x') });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({ code: 1, message: 'Cảm ơn bạn đã gửi góp ý, chúng tôi sẽ phản hồi sớm' });
      expect((await ctx.authed('GET', `/api/Feedbacks/unread-count/${clinic}`)).body.data).toBe(unreadBefore + 1);

      const list = await ctx.authed('GET', `/api/Feedbacks/${clinic}?page=1&pageSize=20&isView=false`);
      const row = list.body.data.find((r: { email: string }) => r.email === sent.email);
      // The phone number is stored as its digits (shared/input.ts `normalizePhone`).
      expect(row).toMatchObject({ ...sent, phoneNumber: '0901234567', isView: false, description: '{}' });
      expect(row.id).not.toBe(99999);
      expect((await ctx.authed('GET', `/api/Feedbacks/${spa}/${row.id}`)).status).toBe(404);

      // Opening it marks it read, without moving its stamp (a form opened before still saves).
      expect((await ctx.authed('PUT', `/api/Feedbacks/read/${spa}/${row.id}`)).status).toBe(404);
      expect((await ctx.authed('PUT', `/api/Feedbacks/read/${clinic}/${row.id}`)).status).toBe(200);
      const read = (await ctx.authed('GET', `/api/Feedbacks/${clinic}/${row.id}`)).body.data;
      expect(read).toMatchObject({ isView: true, concurrencyStamp: row.concurrencyStamp });
      expect((await ctx.authed('GET', `/api/Feedbacks/unread-count/${clinic}`)).body.data).toBe(unreadBefore);

      // Staff may correct it (with the spec's rules) and delete it.
      const badEdit = await ctx.authed('PUT', `/api/Feedbacks/${clinic}/${row.id}`, { ...read, email: 'not-an-email' }, EN);
      expect(badEdit.body.errors).toEqual([{ field: 'email', message: 'Email has the wrong format' }]);
      const edited = await ctx.authed('PUT', `/api/Feedbacks/${clinic}/${row.id}`, { ...read, description: tr('Đã gọi lại', 'Called back') });
      expect(edited.body.data).toMatchObject({ isView: true, description: tr('Đã gọi lại', 'Called back') });
      expect((await ctx.authed('DELETE', `/api/Feedbacks/${clinic}/${row.id}`)).status).toBe(200);
    });

    it('staff record feedback received by phone or letter (POST Feedbacks/{website}): the spec’s rules, in this website only', async () => {
      const count = async (site: number) => (await ctx.authed('GET', `/api/Feedbacks/${site}?page=1&pageSize=1`)).body.totalRows as number;
      const [clinicBefore, spaBefore] = [await count(clinic), await count(spa)];
      // Title, email, full name and phone number are required, each named with the spec's message, in the asked language.
      const empty = await ctx.authed('POST', `/api/Feedbacks/${clinic}`, {}, EN);
      expect(empty.status).toBe(400);
      expect(empty.body.errors).toEqual([
        { field: 'title', message: 'Title is required' },
        { field: 'fullName', message: 'Full name is required' },
        { field: 'email', message: 'Email is required' },
        { field: 'phoneNumber', message: 'Phone number is required' },
      ]);
      expect(empty.body).toMatchObject({ code: expect.anything(), Message: expect.any(String), message: expect.any(String) });
      const vi = await ctx.authed('POST', `/api/Feedbacks/${clinic}`, { ...sent, email: 'không phải email' });
      expect(vi.body.errors).toEqual([{ field: 'email', message: 'Email không đúng định dạng' }]);
      expect(await count(clinic)).toBe(clinicBefore);

      // The phone number as stored (digits), so the answer reads as sent.
      const letter = { ...sent, title: 'Thư góp ý', fullName: 'Bà Nguyễn Thị Thư', email: 'thu@example.com', phoneNumber: '0901234567', description: tr('Nhận qua thư', 'Received by letter') };
      const created = await ctx.authed('POST', `/api/Feedbacks/${clinic}`, { ...letter, websiteId: spa, id: 424242 });
      expect(created.status, created.text).toBe(200);
      expect(created.body.data).toMatchObject({ ...letter, isView: false });
      expect(created.body.data.concurrencyStamp).toEqual(expect.any(String));
      const id = created.body.data.id as number;
      expect(id).not.toBe(424242);
      // It belongs to the website of the path: listed there, not in another website, not reachable through it.
      expect(await count(clinic)).toBe(clinicBefore + 1);
      expect(await count(spa)).toBe(spaBefore);
      expect((await ctx.authed('GET', `/api/Feedbacks/${spa}/${id}`)).status).toBe(404);
      expect((await ctx.authed('GET', `/api/Feedbacks/${clinic}/${id}`)).body.data).toMatchObject(letter);
      expect((await ctx.authed('POST', `/api/Feedbacks/999999`, letter)).status).toBe(404);
      expect((await ctx.authed('DELETE', `/api/Feedbacks/${clinic}/${id}`)).status).toBe(200);
    });

    it('refuses what a visitor must not send, in their language, and writes nothing', async () => {
      const count = async () => (await ctx.authed('GET', `/api/Feedbacks/${clinic}?page=1&pageSize=1`)).body.totalRows as number;
      const before = await count();
      const missing = await post(clinic, { email: 'nope', phoneNumber: '12' }, { 'accept-language': 'en-US' });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual([
        { field: 'title', message: 'Title is required' },
        { field: 'fullName', message: 'Full name is required' },
        { field: 'email', message: 'Email has the wrong format' },
        { field: 'phoneNumber', message: 'Phone number has the wrong format' },
      ]);
      expect((await post(clinic, { ...sent, title: 'x'.repeat(251) })).status).toBe(400);
      expect((await post(clinic, { ...sent, content: 'x'.repeat(20_000) })).status).toBe(413);
      expect((await post(clinic, '[1,2]')).status).toBe(400);
      expect((await post(999999, sent)).status).toBe(404);
      expect((await post('abc', sent)).status).toBe(400);
      expect(await count()).toBe(before);
      // A browser on the public site may post from its own origin.
      const preflight = await ctx.request('OPTIONS', `/public/${clinic}/feedback`, {
        headers: { origin: 'https://phongkham.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBe('https://phongkham.example');
    });

    it('limits posts per client address, and the limit covers the intake only', async () => {
      await ctx.restart({ intake: { max: 3, timeWindow: 60_000 } });
      // On PostgreSQL the counts are the database's (shared by every instance) and outlive a restart: start from none.
      await ctx.db.deleteFrom('rate_limits').execute();
      try {
        const statuses = [];
        for (let i = 0; i < 5; i++) statuses.push((await post(clinic, { ...sent, title: `Lần ${i}` }, { 'accept-language': 'en-US' })).status);
        expect(statuses).toEqual([201, 201, 201, 429, 429]);
        const refused = await post(clinic, sent, { 'accept-language': 'en-US' });
        expect(refused.body.Message).toMatch(/^Too many submissions, please try again in \d+ seconds$/);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        // Signed-in calls are not counted.
        expect((await ctx.authed('GET', `/api/Feedbacks/${clinic}?page=1&pageSize=1`)).status).toBe(200);
      } finally {
        await ctx.restart();
      }
    });
  });

  describe('customer feedback', () => {
    it('a testimonial with a rating of 1 to 5 stars', async () => {
      const bad = await ctx.authed('POST', `/api/CustomerFeedbacks/${clinic}`, { name: tr('Chị Lan', 'Ms Lan'), position: tr('', ''), rate: 6 }, EN);
      expect(bad.body.errors).toEqual([
        { field: 'position', languageId: 'vi-VN', message: 'Position (Tiếng Việt) is required' },
        { field: 'position', languageId: 'en-US', message: 'Position (English) is required' },
        { field: 'seoLink', message: 'SEO link is required' },
        { field: 'rate', message: 'Rating must be at most 5' },
      ]);
      const created = await ctx.authed('POST', `/api/CustomerFeedbacks/${clinic}`, { name: tr('Chị Lan', 'Ms Lan'), position: tr('Giáo viên', 'Teacher'), seoLink: 'chi-lan', rate: 4, avata: '/files/lan.png' });
      expect(created.body.data).toMatchObject({ rate: 4, avata: '/files/lan.png', isActive: true });
      const rec = created.body.data;
      expect((await ctx.authed('PUT', `/api/CustomerFeedbacks/${clinic}/${rec.id}`, { ...rec, rate: 0 })).status).toBe(400);
      expect((await ctx.authed('PUT', `/api/CustomerFeedbacks/${clinic}/${rec.id}`, { ...rec, rate: 5 })).body.data.rate).toBe(5);
      expect((await ctx.authed('PUT', `/api/CustomerFeedbacks/${clinic}/${rec.id}`, { ...rec, rate: 3 })).status).toBe(409);
      expect((await ctx.authed('GET', `/api/CustomerFeedbacks/${spa}/${rec.id}`)).status).toBe(404);
      expect((await ctx.authed('DELETE', `/api/CustomerFeedbacks/${clinic}/${rec.id}`)).status).toBe(200);
    });
  });
}, { seedDemo: true });
