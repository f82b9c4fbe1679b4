// Services and specializations (spec part 2: Services/{site}…?type, their FAQs, titles and title items, the
// lookups of the menu and Q&A pickers), on both databases: validation with the spec's words, the review decision
// shared with news and Q&A, stale stamps, website and parent scoping, the cascade, and service groups in use.
import { beforeAll, expect, it } from 'vitest';
import { demoWebsites, describeEachDatabase, EN, tr } from './harness';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

describeEachDatabase('services', (ctx) => {
  let clinic = 0;
  let spa = 0;
  beforeAll(async () => {
    ({ clinic, spa } = await demoWebsites(ctx));
  });

  const body = (extra: Record<string, unknown> = {}) => ({
    title: tr('Khám tim', 'Heart check'),
    description: tr('Mô tả', 'Description'),
    content: tr('<p>Nội dung</p>'),
    seoLink: `kham-tim-${unique()}`,
    image: '/files/tim.png',
    unitPrice: 450000,
    tags: [{ name: 'tim mạch' }],
    ...extra,
  });
  const create = async (site: number, type: 0 | 1, extra: Record<string, unknown> = {}) => {
    const res = await ctx.authed('POST', `/api/Services/${site}?type=${type}`, body(extra));
    expect(res.status, res.text).toBe(200);
    return res.body.data as Record<string, unknown> & { id: number; concurrencyStamp: string };
  };

  it('creates a service of the type in the call, lists it under that type only, reads, updates and deletes it', async () => {
    const made = await create(clinic, 1);
    expect(made).toMatchObject({ type: 1, approvedStatus: 0, unitPrice: 450000, isActive: true, tags: [{ name: 'tim mạch' }] });
    const specialization = await create(clinic, 0, { referenceId: 3 });
    const ids = async (type: number) =>
      ((await ctx.authed('GET', `/api/Services/${clinic}?page=1&pageSize=100&type=${type}`)).body.data as { id: number }[]).map((r) => r.id);
    expect(await ids(1)).toContain(made.id);
    expect(await ids(1)).not.toContain(specialization.id);
    expect(await ids(0)).toContain(specialization.id);

    // The type never changes; a stale stamp is refused with the record as it is.
    const updated = await ctx.authed('PUT', `/api/Services/${clinic}/${made.id}`, { ...made, type: 0, unitPrice: 500000 });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.data).toMatchObject({ type: 1, unitPrice: 500000 });
    const stale = await ctx.authed('PUT', `/api/Services/${clinic}/${made.id}`, { ...made, unitPrice: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.data.unitPrice).toBe(500000);

    // Another website's id does not exist here.
    expect((await ctx.authed('GET', `/api/Services/${spa}/${made.id}`)).status).toBe(404);
    expect((await ctx.authed('DELETE', `/api/Services/${spa}/${made.id}`)).status).toBe(404);

    // The pickers: the menu item's (id, seoLink, title) and the Q&A editor's specializations.
    const all = (await ctx.authed('GET', `/api/services/get-all/${clinic}`)).body as { id: number; seoLink: string; title: string }[];
    expect(all.find((s) => s.id === made.id)).toMatchObject({ seoLink: made.seoLink, title: made.title });
    const qa = (await ctx.authed('GET', `/api/Services/get-all-qa/${clinic}?type=0`)).body as { id: number; parentId: null }[];
    expect(qa.map((s) => s.id)).toContain(specialization.id);
    expect(qa.map((s) => s.id)).not.toContain(made.id);

    expect((await ctx.authed('DELETE', `/api/Services/${clinic}/${made.id}`)).status).toBe(200);
    expect((await ctx.authed('GET', `/api/Services/${clinic}/${made.id}`)).status).toBe(404);
  });

  it('refuses what section 5 requires, in the interface language, and writes nothing', async () => {
    const vi = await ctx.authed('POST', `/api/Services/${clinic}?type=1`, { title: tr('Có', ''), description: tr('', '') });
    expect(vi.status).toBe(400);
    expect(vi.body.errors.map((e: { message: string }) => e.message)).toEqual([
      'Tiêu đề (English) là trường bắt buộc',
      'Mô tả (Tiếng Việt) là trường bắt buộc',
      'Mô tả (English) là trường bắt buộc',
      'Đường dẫn SEO là trường bắt buộc',
      'Hình ảnh là trường bắt buộc',
    ]);
    const en = await ctx.authed('POST', `/api/Services/${clinic}?type=1`, body({ unitPrice: -5 }), EN);
    expect(en.status).toBe(400);
    expect(en.body.Message).toMatch(/Unit price/);
    const noType = await ctx.authed('POST', `/api/Services/${clinic}`, body(), EN);
    expect(noType.body.Message).toBe('Type is required');
    const badType = await ctx.authed('POST', `/api/Services/${clinic}?type=7`, body());
    expect(badType.status).toBe(400);
  });

  it('asks for review, locks the pending service, and takes the decision news and Q&A take', async () => {
    const made = await create(clinic, 1);
    const asked = await ctx.authed('PUT', `/api/Services/${clinic}/${made.id}`, { ...made, isApproveFlag: true });
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body.data.approvedStatus).toBe(1);
    const locked = await ctx.authed('PUT', `/api/Services/${clinic}/${made.id}`, { ...asked.body.data, unitPrice: 1 });
    expect(locked.status).toBe(409);
    expect(locked.body.Message).toBe('Dịch vụ đang ở trạng thái chờ, không thể chỉnh sửa');
    // Nobody decides on their own submission; a reason is required to decline.
    expect((await ctx.authed('PUT', `/api/Services/status/${clinic}/${made.id}`, { status: 2 })).status).toBe(403);
    const noReason = await ctx.reviewer('PUT', `/api/Services/status/${clinic}/${made.id}`, { status: 3, declineReason: ' ' });
    expect(noReason.body.Message).toBe('Lý do là trường bắt buộc');
    const declined = await ctx.reviewer('PUT', `/api/Services/status/${clinic}/${made.id}`, { status: 3, declineReason: 'Thiếu giá' });
    expect(declined.body.data).toMatchObject({ approvedStatus: 3, declineReason: 'Thiếu giá' });
    const again = await ctx.authed('PUT', `/api/Services/${clinic}/${made.id}`, { ...declined.body.data, isApproveFlag: true });
    const approved = await ctx.reviewer('PUT', `/api/Services/status/${clinic}/${made.id}`, { status: 2, concurrencyStamp: again.body.data.concurrencyStamp });
    expect(approved.body.data).toMatchObject({ approvedStatus: 2, declineReason: null });
    // Every status it went through, who moved it, and the reason of the decline: the history news and Q&A keep.
    const history = (await ctx.authed('GET', `/api/Services/${clinic}/${made.id}`)).body.data.statusHistory as { status: number; reason: string | null; userFullName: string }[];
    expect(history.map((h) => [h.status, h.reason])).toEqual([[0, null], [1, null], [3, 'Thiếu giá'], [1, null], [2, null]]);
    expect(history[2].userFullName).toBe('Trần Văn Minh');
  });

  it('keeps FAQs, titles and title items under their service and website, and deletes them with it', async () => {
    const made = await create(clinic, 1);
    const other = await create(clinic, 1);
    const base = (kind: string, ...ids: number[]) => `/api/Services/${kind}/${clinic}/${[made.id, ...ids].join('/')}`;
    const faqMissing = await ctx.authed('POST', base('faq'), { question: tr('Hỏi') });
    expect(faqMissing.body.errors.map((e: { message: string }) => e.message)).toEqual(['Câu trả lời (Tiếng Việt) là trường bắt buộc', 'Câu trả lời (English) là trường bắt buộc', 'Hình ảnh là trường bắt buộc']);
    const faq = await ctx.authed('POST', base('faq'), { question: tr('Hỏi'), answer: tr('<p>Đáp</p>'), image: '/files/a.png' });
    expect(faq.status, faq.text).toBe(200);
    expect(faq.body.data.isActive).toBe(true);
    const title = await ctx.authed('POST', base('title'), { title: tr('Gói cơ bản'), image: '/files/b.png', unitPrice: 1200000 });
    expect(title.status, title.text).toBe(200);
    const item = await ctx.authed('POST', base('item', title.body.data.id), { name: tr('Điện tim'), image: '/files/c.png', order: 1 });
    expect(item.status, item.text).toBe(200);

    expect((await ctx.authed('GET', `/api/Services/faq/get-all/${clinic}/${made.id}`)).body).toHaveLength(1);
    expect((await ctx.authed('GET', `/api/Services/item/get-all/${clinic}/${made.id}/${title.body.data.id}`)).body).toHaveLength(1);
    // Not through another service, nor another website.
    expect((await ctx.authed('GET', `/api/Services/item/get-all/${clinic}/${other.id}/${title.body.data.id}`)).status).toBe(404);
    expect((await ctx.authed('GET', `/api/Services/faq/${spa}/${made.id}/${faq.body.data.id}`)).status).toBe(404);
    expect((await ctx.authed('PUT', `/api/Services/title/${clinic}/${other.id}/${title.body.data.id}`, { ...title.body.data })).status).toBe(404);

    // The specialization's second title form: a title in one text and its image.
    const plain = await ctx.authed('POST', base('title-image'), { title: 'Phòng khám mắt' });
    expect(plain.body.errors.map((e: { message: string }) => e.message)).toEqual(['Hình ảnh là trường bắt buộc']);
    const titleImage = await ctx.authed('POST', base('title-image'), { title: 'Phòng khám mắt', image: '/files/d.png' });
    expect(titleImage.body.data).toMatchObject({ title: 'Phòng khám mắt', isActive: true, serviceId: made.id });

    expect((await ctx.authed('DELETE', `/api/Services/${clinic}/${made.id}`)).status).toBe(200);
    expect((await ctx.authed('GET', `/api/Services/title-image/get-all/${clinic}/${made.id}`)).status).toBe(404);
    for (const table of ['service_faqs', 'service_titles', 'service_title_items']) {
      const left = await ctx.db.selectFrom(table as never).select('id' as never).execute();
      const ids = (left as { id: number }[]).map((r) => r.id);
      expect(ids, table).not.toContain(table === 'service_faqs' ? faq.body.data.id : table === 'service_titles' ? title.body.data.id : item.body.data.id);
    }
  });

  it('refuses to delete a service group still used, naming how many services use it; never both at once', async () => {
    const group = (await ctx.authed('POST', `/api/listCategorys/${clinic}/0`, { name: tr('Nhóm'), seoLink: `nhom-${unique()}`, order: 0 })).body.data;
    const used = await create(clinic, 1, { serviceGroupId: group.id });
    await create(clinic, 0, { serviceGroupId: group.id });
    const refused = await ctx.authed('DELETE', `/api/listCategorys/${clinic}/0/${group.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toBe('Nhóm dịch vụ đang được dùng bởi 2 dịch vụ, không thể xoá');
    expect((await ctx.authed('DELETE', `/api/listCategorys/${clinic}/0/${group.id}`, undefined, EN)).body.Message).toBe('Service group is used by 2 services and cannot be deleted');
    // Another website's group cannot be chosen.
    const spaGroup = (await ctx.authed('POST', `/api/listCategorys/${spa}/0`, { name: tr('Spa'), seoLink: `spa-${unique()}`, order: 0 })).body.data;
    expect((await ctx.authed('PUT', `/api/Services/${clinic}/${used.id}`, { ...used, serviceGroupId: spaGroup.id })).status).toBe(400);

    // A save pointing to a group and the group's delete at once: one of them loses.
    for (let i = 0; i < 4; i++) {
      const g = (await ctx.authed('POST', `/api/listCategorys/${clinic}/0`, { name: tr(`Đua ${i}`), seoLink: `dua-${unique()}`, order: 0 })).body.data;
      const [removed, saved] = await Promise.all([
        ctx.authed('DELETE', `/api/listCategorys/${clinic}/0/${g.id}`),
        ctx.authed('POST', `/api/Services/${clinic}?type=1`, body({ serviceGroupId: g.id })),
      ]);
      expect(removed.status === 200 && saved.status === 200, `${removed.status} ${saved.status}`).toBe(false);
      expect(removed.status === 200 || saved.status === 200).toBe(true);
    }
  });
  it('links a menu item to a service of the website, its SEO link filled; another website\'s service is refused', async () => {
    const made = await create(clinic, 1);
    const other = await create(spa, 1);
    const menu = (await ctx.authed('POST', `/api/Menus/${clinic}`, { name: tr('Menu'), position: 0 })).body.data;
    const item = await ctx.authed('POST', `/api/Menus/item/${clinic}/${menu.id}`, { name: tr('Khám tim'), objectType: 5, objectId: made.id });
    expect(item.status, item.text).toBe(200);
    expect(item.body.data).toMatchObject({ objectType: 5, objectId: made.id, seoLink: made.seoLink });
    const foreign = await ctx.authed('POST', `/api/Menus/item/${clinic}/${menu.id}`, { name: tr('Spa'), objectType: 5, objectId: other.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.Message).toBe('Đối tượng được chọn không tồn tại trên website này');
  });
});

describeEachDatabase('services: bad input and races', (ctx) => {
  let clinic = 0;
  beforeAll(async () => {
    ({ clinic } = await demoWebsites(ctx));
  });
  const body = (extra: Record<string, unknown> = {}) => ({
    title: tr('Khám'),
    description: tr('Mô tả'),
    seoLink: `kham-${unique()}`,
    image: '/files/a.png',
    ...extra,
  });

  it('answers garbage with a 4xx and writes nothing', async () => {
    const menu = (await ctx.authed('POST', `/api/Menus/${clinic}`, { name: tr('Menu'), position: 0 })).body.data;
    const cases: [string, string, unknown][] = [
      ['POST', `/api/Services/${clinic}?type=1`, body({ serviceGroupId: 99_999_999_999 })],
      ['POST', `/api/Services/${clinic}?type=1`, body({ serviceGroupId: -3 })],
      ['POST', `/api/Services/${clinic}?type=1`, body({ unitPrice: 1.5 })],
      ['POST', `/api/Services/${clinic}?type=1`, body({ unitPrice: 1e12 })],
      ['POST', `/api/Services/${clinic}?type=1`, body({ tags: 'not a list' })],
      ['POST', `/api/Services/${clinic}?type=abc`, body()],
      ['POST', `/api/Services/${clinic}?type=1`, [1, 2]],
      ['GET', `/api/Services/${clinic}?type=9`, undefined],
      ['GET', `/api/Services/${clinic}/99999999999`, undefined],
      ['PUT', `/api/Services/status/${clinic}/99999999999`, { status: 2 }],
      ['POST', `/api/Services/faq/${clinic}/99999999999`, { question: tr('q'), answer: tr('a'), image: '/x.png' }],
      ['GET', `/api/Services/item/get-all/${clinic}/1/99999999999`, undefined],
      ['POST', `/api/Menus/item/${clinic}/${menu.id}`, { name: tr('x'), objectType: 5, objectId: 99_999_999_999 }],
    ];
    const before = (await ctx.authed('GET', `/api/Services/${clinic}?page=1&pageSize=1`)).body.totalRows;
    for (const [method, path, payload] of cases) {
      const res = await ctx.authed(method, path, payload);
      expect(res.status, `${method} ${path} ${JSON.stringify(payload)}: ${res.text}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(500);
    }
    expect((await ctx.authed('GET', `/api/Services/${clinic}?page=1&pageSize=1`)).body.totalRows).toBe(before);
  });

  it('a FAQ added while its service is deleted is refused (404), never a 500 or a FAQ without a service', async () => {
    for (let round = 0; round < 3; round++) {
      const made = (await ctx.authed('POST', `/api/Services/${clinic}?type=1`, body())).body.data;
      const answers = await Promise.all([
        ctx.authed('DELETE', `/api/Services/${clinic}/${made.id}`),
        ...Array.from({ length: 6 }, (_, i) => ctx.authed('POST', `/api/Services/faq/${clinic}/${made.id}`, { question: tr(`q${i}`), answer: tr('a'), image: '/x.png' })),
      ]);
      expect(answers[0].status).toBe(200);
      for (const a of answers.slice(1)) expect([200, 404], a.text).toContain(a.status);
      const orphans = await ctx.db.selectFrom('service_faqs' as never).select('id' as never).where('serviceId' as never, '=', made.id as never).execute();
      expect(orphans).toEqual([]);
    }
  });
  it('gives an SEO link to one service only, even when several saves ask for it at once', async () => {
    const seoLink = `dua-${unique()}`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => ctx.authed('POST', `/api/Services/${clinic}?type=1`, body({ seoLink }))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const list = await ctx.authed('GET', `/api/Services/${clinic}?type=1&page=1&pageSize=10&keyword=${seoLink}`);
    expect(list.body.totalRows).toBe(1);
  });
});
