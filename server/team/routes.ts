// The commission ledger's HTTP (spec part 2 §2 Payment popup; docs/api.md "Referral team"): what is unpaid, the
// payments made, paying and reversing. The only hand-written routes of the team: the ledger is append-only
// (./ledger.ts holds its rules and SQL); collaborators and patients are served by the engine (./resource.ts).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../errors';
import { ok } from '../http/envelope';
import { localize } from '../i18n';
import { enforce } from '../resources/access';
import { parseId, validationError } from '../resources/index';
import { ruleOf } from '../../shared/resources/access';
import type { Label } from '../../shared/resources/define';
import { collaborator } from '../../shared/resources/team';
import { M } from '../messages';
import { isIsoDayOrTime, zDayOrTime, zId, zWholeNumber } from '../../shared/input';
import type { Unpaid } from '../../shared/team';
import { ledgerTell, pay, paymentHistory, reverse, unpaidReferrals } from './ledger';

const T = {
  reasonRequired: { vi: 'Lý do là trường bắt buộc', en: 'Reason is required' } as Label,
  proofRequired: { vi: 'Hãy tải lên chứng từ thanh toán', en: 'Upload the proof of payment' } as Label,
  chooseReferrals: { vi: 'Hãy chọn ít nhất một lượt giới thiệu', en: 'Choose at least one referral' } as Label,
  dayRequired: { vi: 'Hãy chọn ngày thanh toán', en: 'Choose the day to pay for' } as Label,
  monthRequired: { vi: 'Hãy chọn tháng thanh toán', en: 'Choose the month to pay for' } as Label,
  paid: { vi: 'Thanh toán thành công', en: 'Payment recorded' } as Label,
  reversed: { vi: 'Đã hoàn khoản thanh toán', en: 'Payment reversed' } as Label,
};

/** The day a day or an ISO time names, as written (the console sends the chosen day at midnight, unmoved across zones). */
const dayOf = (value: unknown) => (isIsoDayOrTime(value) ? value.slice(0, 10) : undefined);
const payer = (request: FastifyRequest) => ({ id: request.user.id, fullName: request.user.fullName });
const memberId = (request: FastifyRequest) => parseId((request.params as { memberId: string }).memberId, 'memberId');
/** Paying and reversing are an administrator's (the collaborator definition's `access.actions`). */
const mayWork = (request: FastifyRequest, action: 'pay' | 'reverse') => enforce(request, ruleOf(collaborator.access, { action }));

const paymentBody = z.object({
  paymentType: z.union([z.literal(0), z.literal(1)]),
  paymentTime: zDayOrTime.optional().nullable(),
  month: zWholeNumber(1, 12).optional().nullable(),
  year: zWholeNumber(2000, 2100).optional().nullable(),
  url: z.string().max(2000).optional().nullable(),
  ids: z.array(zId).max(1000),
});

export const ledgerRoutes: FastifyPluginAsync = async (app) => {
  app.get('/DoiNhom/get-unpaid/:memberId', async (request) => {
    const rows = await unpaidReferrals(app.db, memberId(request));
    return ok(request, M.success, rows.map((r): Unpaid => ({ id: r.id, fullName: r.fullName, ngayDenKham: r.visitDate as string, point: r.amount as number })));
  });

  app.get('/DoiNhom/payments/:memberId', async (request) => ok(request, M.success, await paymentHistory(app.db, memberId(request))));

  app.post('/DoiNhom/payment-commission/:memberId', async (request) => {
    mayWork(request, 'pay');
    const id = memberId(request);
    const body = parseInput(paymentBody, request.body);
    const errors: { field: string; message: string }[] = [];
    const day = dayOf(body.paymentTime);
    if (body.paymentType === 0 && !day) errors.push({ field: 'paymentTime', message: localize(request, T.dayRequired) });
    if (body.paymentType === 1 && (!body.month || !body.year)) errors.push({ field: 'month', message: localize(request, T.monthRequired) });
    if (!body.ids.length) errors.push({ field: 'ids', message: localize(request, T.chooseReferrals) });
    if (!body.url?.trim()) errors.push({ field: 'url', message: localize(request, T.proofRequired) });
    if (errors.length) throw validationError(errors);
    const order = { paymentType: body.paymentType, day, month: body.month ?? undefined, year: body.year ?? undefined, proofUrl: body.url!.trim(), ids: [...new Set(body.ids)] };
    return ok(request, T.paid, await pay(app.db, id, order, payer(request), app.now(), ledgerTell(request)));
  });

  app.post('/DoiNhom/payment-reverse/:paymentId', async (request) => {
    mayWork(request, 'reverse');
    const id = parseId((request.params as { paymentId: string }).paymentId, 'paymentId');
    const { reason } = parseInput(z.object({ reason: z.string().max(1000).optional() }), request.body ?? {});
    if (!reason?.trim()) throw validationError([{ field: 'reason', message: localize(request, T.reasonRequired) }]);
    return ok(request, T.reversed, await reverse(app.db, id, reason.trim(), payer(request), app.now(), ledgerTell(request)));
  });
};
