// The referral team (spec part 2: Team, Payment popup, Customer): collaborators registered through the public intake,
// approved or rejected by an administrator, patients referred with their code, visits completed by the clinic's
// integration key, commissions paid once — also when twenty payments of the same referrals arrive at once.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { demoWebsites, describeEachDatabase, type ServerTestContext } from './harness';
import { uploadFile } from './files-helpers';

const EN = { headers: { 'accept-language': 'en-US' } };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
let seq = 0;
const phone = () => `09${String(Date.now() % 1e6).padStart(6, '0')}${String(++seq).padStart(2, '0')}`;

async function register(ctx: ServerTestContext, site: number, fullName: string) {
  const res = await ctx.request('POST', `/public/${site}/collaborators`, { json: { fullName, phoneNumber: phone(), bankName: 'Vietcombank', bankingNumber: '0123456789', bankAccountName: fullName.toUpperCase(), objectName: 'Điều dưỡng', approvedStatus: 2 } });
  expect(res.status, res.text).toBe(201);
  const list = await ctx.authed('GET', `/api/DoiNhom?keyword=${encodeURIComponent(fullName)}&pageSize=5`);
  return { code: res.body.data.referralCode as string, id: list.body.data[0].id as number, row: list.body.data[0] };
}

async function refer(ctx: ServerTestContext, site: number, code: string, fullName: string) {
  const res = await ctx.request('POST', `/public/${site}/referrals`, { json: { referralCode: code, fullName, phoneNumber: phone(), description: 'Đau lưng' } });
  expect(res.status, res.text).toBe(201);
  const found = await ctx.authed('GET', `/api/DoiNhom/ttbn-search?keyword=${encodeURIComponent(fullName)}&pageSize=5`);
  return found.body.data[0].id as number;
}

describeEachDatabase(
  'team',
  (ctx) => {
    let site = 0;
    let proof = '';
    let key = '';
    const visit = (referralId: number, visitDate: string, amount: number, apiKey = key) =>
      ctx.request('POST', '/integration/visits', { json: { referralId, visitDate, amount }, headers: { 'x-api-key': apiKey } });

    beforeAll(async () => {
      ({ clinic: site } = await demoWebsites(ctx));
      proof = (await uploadFile(ctx, (await ctx.signIn()).access_token, 'chung-tu.png', PNG)).url;
      key = (await ctx.authed('POST', '/api/IntegrationKeys', { name: 'HIS phòng khám' })).body.data.key;
    });

    describe('collaborators', () => {
      it('register as pending through the public intake; an administrator approves or rejects with a reason, once', async () => {
        const { id, row, code } = await register(ctx, site, 'Nguyễn Văn Duyệt');
        // The visitor cannot choose the status; the answer gives only their own code.
        expect(row).toMatchObject({ approvedStatus: 1, isActive: true, bankAccountName: 'NGUYỄN VĂN DUYỆT', totalPatient: 0 });
        expect(code).toMatch(/^[A-Z2-9]{8}$/);
        const bad = await ctx.request('POST', `/public/${site}/collaborators`, { json: { phoneNumber: 'abc' }, ...EN });
        expect(bad.status).toBe(400);
        expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(['fullName', 'phoneNumber']);
        // A referral with a pending collaborator's code is refused.
        expect((await ctx.request('POST', `/public/${site}/referrals`, { json: { referralCode: code, fullName: 'A', phoneNumber: phone() } })).status).toBe(400);

        // Staff may look, not decide.
        expect((await ctx.reviewer('PUT', `/api/DoiNhom/status/${id}`, { status: 2 })).status).toBe(403);
        const noReason = await ctx.authed('PUT', `/api/DoiNhom/status/${id}`, { status: 3, declineReason: ' ' });
        expect(noReason.status).toBe(400);
        expect(noReason.body.Message).toBe('Lý do là trường bắt buộc');
        const approved = await ctx.authed('PUT', `/api/DoiNhom/status/${id}`, { status: 2 });
        expect(approved.body.data).toMatchObject({ approvedStatus: 2, declineReason: null });
        expect((await ctx.authed('PUT', `/api/DoiNhom/status/${id}`, { status: 3, declineReason: 'Trùng' })).status).toBe(409);

        const other = await register(ctx, site, 'Trần Thị Từ Chối');
        const rejected = await ctx.authed('PUT', `/api/DoiNhom/status/${other.id}`, { status: 3, declineReason: 'Thiếu thông tin ngân hàng' });
        expect(rejected.body.data).toMatchObject({ approvedStatus: 3, declineReason: 'Thiếu thông tin ngân hàng' });
        expect((await ctx.authed('GET', '/api/DoiNhom?approvedStatus=3')).body.data.map((m: { id: number }) => m.id)).toContain(other.id);
        // Only an active member is locked or unlocked.
        expect((await ctx.authed('PUT', `/api/DoiNhom/isActive/${other.id}/false`)).status).toBe(409);
        expect((await ctx.authed('PUT', `/api/DoiNhom/isActive/${id}/false`)).body.data.isActive).toBe(false);
        expect((await ctx.authed('PUT', `/api/DoiNhom/isActive/${id}/true`)).body.data.isActive).toBe(true);
        expect((await ctx.authed('PUT', `/api/DoiNhom/isActive/${id}/maybe`)).status).toBe(400);
        expect((await ctx.authed('GET', '/api/DoiNhom/export?approvedStatus=2')).body.data.map((m: { id: number }) => m.id)).toContain(id);
      });
    });

    describe('visits and commissions', () => {
      it('the clinic records a visit with its key; a revoked or missing key is refused', async () => {
        const { id, code } = await register(ctx, site, 'Lê Khoá Tích Hợp');
        await ctx.authed('PUT', `/api/DoiNhom/status/${id}`, { status: 2 });
        const patient = await refer(ctx, site, code, 'Bệnh nhân Khoá');
        expect((await visit(patient, '2026-11-20', 150000, '')).status).toBe(401);
        expect((await visit(patient, '2026-11-20', 150000, 'sdk_not-a-key')).status).toBe(401);
        expect((await visit(patient, '2026-11-20', 150000.5)).status).toBe(400);
        const done = await visit(patient, '2026-11-20', 150000);
        expect(done.status, done.text).toBe(200);
        expect((await ctx.authed('GET', `/api/DoiNhom/ttbn-detail/${patient}`)).body.data).toMatchObject({ status: 1, visitDate: '2026-11-20', amount: 150000, paid: false });
        // The key is stored hashed; revoked, it no longer opens.
        const other = await ctx.authed('POST', '/api/IntegrationKeys', { name: 'Tạm' });
        const rows = await ctx.db.selectFrom('integration_keys').select(['keyHash']).execute();
        expect(rows.some((r) => r.keyHash === other.body.data.key)).toBe(false);
        expect((await ctx.authed('DELETE', `/api/IntegrationKeys/${other.body.data.id}`)).status).toBe(200);
        expect((await visit(patient, '2026-11-20', 150000, other.body.data.key)).status).toBe(401);
        expect((await ctx.reviewer('POST', '/api/IntegrationKeys', { name: 'x' })).status).toBe(403);
      });

      it('pays the day’s referrals once, with the proof, shows the history, and reverses by a new entry', async () => {
        const { id, code } = await register(ctx, site, 'Phạm Thanh Toán');
        await ctx.authed('PUT', `/api/DoiNhom/status/${id}`, { status: 2 });
        const a = await refer(ctx, site, code, 'Khách A');
        const b = await refer(ctx, site, code, 'Khách B');
        const c = await refer(ctx, site, code, 'Khách C');
        await visit(a, '2026-11-24', 200000);
        await visit(b, '2026-11-24', 150000);
        await visit(c, '2026-10-05', 100000);
        const unpaid = (await ctx.authed('GET', `/api/DoiNhom/get-unpaid/${id}`)).body.data;
        expect(unpaid).toEqual([
          { id: c, fullName: 'Khách C', ngayDenKham: '2026-10-05', point: 100000 },
          { id: a, fullName: 'Khách A', ngayDenKham: '2026-11-24', point: 200000 },
          { id: b, fullName: 'Khách B', ngayDenKham: '2026-11-24', point: 150000 },
        ]);
        const byDay = { paymentType: 0, paymentTime: '2026-11-24T00:00:00', url: proof, ids: [a, b] };
        const refused = await ctx.authed('POST', `/api/DoiNhom/payment-commission/${id}`, { paymentType: 0, paymentTime: '2026-11-24T00:00:00', ids: [] });
        expect(refused.body.errors.map((e: { field: string }) => e.field)).toEqual(['ids', 'url']);
        expect((await ctx.authed('POST', `/api/DoiNhom/payment-commission/${id}`, { ...byDay, ids: [a, c] })).status).toBe(400);
        expect((await ctx.authed('POST', `/api/DoiNhom/payment-commission/${id}`, { ...byDay, url: '/files/not/stored.png' })).status).toBe(400);
        expect((await ctx.reviewer('POST', `/api/DoiNhom/payment-commission/${id}`, byDay)).status).toBe(403);
        const paid = await ctx.authed('POST', `/api/DoiNhom/payment-commission/${id}`, byDay);
        expect(paid.status, paid.text).toBe(200);
        expect(paid.body.data.total).toBe(350000);
        const again = await ctx.authed('POST', `/api/DoiNhom/payment-commission/${id}`, byDay, EN);
        expect(again.status).toBe(409);
        expect(again.body.Message).toBe('Already paid: Khách A, Khách B');
        // A paid visit cannot be recorded differently.
        expect((await visit(a, '2026-11-24', 999000)).status).toBe(409);
        // Previous month: October's visit.
        const month = await ctx.authed('POST', `/api/DoiNhom/payment-commission/${id}`, { paymentType: 1, month: 10, year: 2026, url: proof, ids: [c] });
        expect(month.body.data.total).toBe(100000);
        expect((await ctx.authed('GET', `/api/DoiNhom/get-unpaid/${id}`)).body.data).toEqual([]);

        const detail = (await ctx.authed('GET', `/api/DoiNhom/detail/${id}`)).body.data;
        expect(detail).toMatchObject({ totalPatient: 3, totalPatientSuccess: 3, totalPoint: 450000 });
        expect(detail.payments.map((p: { total: number; paidByName: string }) => p.total)).toEqual([100000, 350000]);
        expect(detail.payments[1]).toMatchObject({ paymentType: 0, paymentDay: '2026-11-24', url: proof, paidByName: 'Quản trị viên' });
        expect(detail.payments[1].referrals.map((r: { id: number }) => r.id).sort()).toEqual([a, b].sort());

        // The ledger is never edited: not even by a statement sent to the database.
        await expect(ctx.db.updateTable('payments').set({ total: 1 }).where('id', '=', paid.body.data.id).execute()).rejects.toThrow(/append-only/);
        await expect(ctx.db.deleteFrom('payment_lines').where('paymentId', '=', paid.body.data.id).execute()).rejects.toThrow(/append-only/);
        // A mistaken payment is reversed by a new entry, once; its referrals can be paid again.
        expect((await ctx.authed('POST', `/api/DoiNhom/payment-reverse/${paid.body.data.id}`, {})).status).toBe(400);
        const reversal = await ctx.authed('POST', `/api/DoiNhom/payment-reverse/${paid.body.data.id}`, { reason: 'Nhầm ngày' });
        expect(reversal.body.data.total).toBe(-350000);
        expect((await ctx.authed('POST', `/api/DoiNhom/payment-reverse/${paid.body.data.id}`, { reason: 'Lần nữa' })).status).toBe(409);
        expect((await ctx.authed('GET', `/api/DoiNhom/get-unpaid/${id}`)).body.data.map((r: { id: number }) => r.id)).toEqual([a, b]);
        expect((await ctx.authed('POST', `/api/DoiNhom/payment-commission/${id}`, byDay)).status).toBe(200);
        const history = (await ctx.authed('GET', `/api/DoiNhom/payments/${id}`)).body.data as { kind: string; total: number; reversed: boolean }[];
        expect(history.map((p) => [p.kind, p.total])).toEqual([['payment', 350000], ['reversal', -350000], ['payment', 100000], ['payment', 350000]]);
        expect(history[3].reversed).toBe(true);
        // The history (issue 29): each payment and the reversal is an entry of the collaborator, with what it did;
        // the refused payments (400, 403, 409) left none.
        const entries = await ctx.db.selectFrom('history_entries').select(['operation', 'changes']).where('resource', '=', 'collaborator').where('recordId', '=', String(id)).where('operation', 'in', ['pay', 'reverse']).orderBy('id').execute();
        expect(entries.map((e) => e.operation)).toEqual(['pay', 'pay', 'reverse', 'pay']);
        expect(JSON.parse(entries[2].changes)).toContainEqual({ field: 'reversalOf', language: null, before: null, after: paid.body.data.id });
        // Each referral settled or unsettled is an entry of its own (its paymentId).
        const settled = await ctx.db.selectFrom('history_entries').select(['operation', 'changes']).where('resource', '=', 'referral').where('recordId', '=', String(a)).where('operation', 'in', ['pay', 'reverse']).orderBy('id').execute();
        expect(settled.map((e) => [e.operation, JSON.parse(e.changes)])).toEqual([
          ['pay', [{ field: 'paymentId', language: null, before: null, after: paid.body.data.id }]],
          ['reverse', [{ field: 'paymentId', language: null, before: paid.body.data.id, after: null }]],
          ['pay', [{ field: 'paymentId', language: null, before: null, after: expect.any(Number) }]],
        ]);

        // A locked member is not paid.
        const d = await refer(ctx, site, code, 'Khách D');
        await visit(d, '2026-11-24', 50000);
        await ctx.authed('PUT', `/api/DoiNhom/isActive/${id}/false`);
        expect((await ctx.authed('POST', `/api/DoiNhom/payment-commission/${id}`, { ...byDay, ids: [d] })).status).toBe(409);
      });

      it('twenty payments of the same referrals at the same moment: exactly one is made', async () => {
        const { id, code } = await register(ctx, site, 'Võ Đồng Thời');
        await ctx.authed('PUT', `/api/DoiNhom/status/${id}`, { status: 2 });
        const ids = [await refer(ctx, site, code, 'Khách Một'), await refer(ctx, site, code, 'Khách Hai')];
        for (const r of ids) await visit(r, '2026-11-23', 120000);
        const body = { paymentType: 0, paymentTime: '2026-11-23T00:00:00', url: proof, ids };
        const token = (await ctx.signIn()).access_token;
        const answers = await Promise.all(Array.from({ length: 20 }, () => ctx.request('POST', `/api/DoiNhom/payment-commission/${id}`, { json: body, token })));
        expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(19).fill(409)]);
        expect(answers.filter((r) => r.status === 409).every((r) => r.body.Message.includes('Khách Một'))).toBe(true);
        const payments = await ctx.db.selectFrom('payments').select(['id']).where('collaboratorId', '=', id).execute();
        expect(payments).toHaveLength(1);
        const lines = await ctx.db.selectFrom('payment_lines').select(sql<number>`count(*)`.as('n')).where('paymentId', '=', payments[0].id).executeTakeFirstOrThrow();
        expect(Number(lines.n)).toBe(2);
      });
    });

    describe('a visit recorded while it is being paid', () => {
      it('the payment line always holds the amount the referral ends with', async () => {
        const { id, code } = await register(ctx, site, 'Hồ Đua Nhau');
        await ctx.authed('PUT', `/api/DoiNhom/status/${id}`, { status: 2 });
        const token = (await ctx.signIn()).access_token;
        for (let round = 0; round < 6; round++) {
          const referral = await refer(ctx, site, code, `Khách Đua ${round}`);
          await visit(referral, '2026-11-21', 100000);
          const [paid, changed] = await Promise.all([
            ctx.request('POST', `/api/DoiNhom/payment-commission/${id}`, { json: { paymentType: 0, paymentTime: '2026-11-21T00:00:00', url: proof, ids: [referral] }, token }),
            visit(referral, '2026-11-21', 250000),
          ]);
          expect(paid.status, paid.text).toBe(200);
          // The correction either landed first (and was paid) or came after the payment (and was refused).
          expect([200, 409]).toContain(changed.status);
          const row = await ctx.db.selectFrom('referrals').select(['amount', 'paymentId']).where('id', '=', referral).executeTakeFirstOrThrow();
          const line = await ctx.db.selectFrom('payment_lines').select('amount').where('referralId', '=', referral).executeTakeFirstOrThrow();
          expect(line.amount).toBe(row.amount);
          expect(paid.body.data.total).toBe(row.amount);
        }
      });
    });

    describe('customers (referred patients)', () => {
      it('are searched by name, collaborator, status and date; edited with the completed status kept as it is', async () => {
        const { id, code } = await register(ctx, site, 'Đỗ Khách Hàng');
        await ctx.authed('PUT', `/api/DoiNhom/status/${id}`, { status: 2 });
        const open = await refer(ctx, site, code, 'Nguyễn Thị Bệnh Nhân');
        const done = await refer(ctx, site, code, 'Hoàng Văn Xong');
        await visit(done, '2026-11-22', 80000);
        // Folded search: no accents needed.
        const found = await ctx.authed('GET', `/api/DoiNhom/ttbn-search?keyword=nguyen thi benh&userId=${id}&page=1&pageSize=10`);
        expect(found.body.data.map((r: { id: number }) => r.id)).toEqual([open]);
        expect(found.body.data[0]).toMatchObject({ userFullName: 'Đỗ Khách Hàng', status: 0 });
        expect((await ctx.authed('GET', `/api/DoiNhom/ttbn-search?status=1&userId=${id}`)).body.data.map((r: { id: number }) => r.id)).toEqual([done]);
        const today = new Date().toISOString().slice(0, 10);
        expect((await ctx.authed('GET', `/api/DoiNhom/ttbn-search?startDate=${today}&endDate=${today}&userId=${id}`)).body.totalRows).toBe(2);
        expect((await ctx.authed('GET', `/api/DoiNhom/ttbn-search?startDate=2020-01-01&endDate=2020-01-02&userId=${id}`)).body.totalRows).toBe(0);
        expect((await ctx.authed('GET', '/api/DoiNhom/ttbn-search?startDate=hôm-qua')).status).toBe(400);

        const record = (await ctx.authed('GET', `/api/DoiNhom/ttbn-detail/${open}`)).body.data;
        const blank = await ctx.authed('PUT', `/api/DoiNhom/ttbn-update/${open}`, { ...record, fullName: '', phoneNumber: '' });
        expect(blank.body.errors.map((e: { message: string }) => e.message)).toEqual(['Tên là trường bắt buộc', 'Số điện thoại là trường bắt buộc']);
        expect((await ctx.authed('PUT', `/api/DoiNhom/ttbn-update/${open}`, { ...record, status: 1 })).status).toBe(400);
        const booked = await ctx.authed('PUT', `/api/DoiNhom/ttbn-update/${open}`, { ...record, status: 4, appointmentDate: '2026-12-01T09:00:00.000Z', description: 'Hẹn khám lại' });
        expect(booked.body.data).toMatchObject({ status: 4, appointmentDate: '2026-12-01T09:00:00.000Z' });
        expect((await ctx.authed('PUT', `/api/DoiNhom/ttbn-update/${open}`, { ...record, status: 2 })).status).toBe(409);

        const completed = (await ctx.authed('GET', `/api/DoiNhom/ttbn-detail/${done}`)).body.data;
        expect((await ctx.authed('PUT', `/api/DoiNhom/ttbn-update/${done}`, { ...completed, status: 3 })).status).toBe(400);
        expect((await ctx.authed('PUT', `/api/DoiNhom/ttbn-update/${done}`, { ...completed, appointmentDate: '2027-01-01' })).status).toBe(400);
        const noted = await ctx.authed('PUT', `/api/DoiNhom/ttbn-update/${done}`, { ...completed, description: 'Đã khám xong' });
        expect(noted.body.data).toMatchObject({ status: 1, description: 'Đã khám xong', amount: 80000 });
        expect((await ctx.authed('GET', '/api/DoiNhom/ttbn-detail/999999')).status).toBe(404);
      });
    });
  },
  { app: { intake: { max: 10_000, timeWindow: 60_000 } } },
);
