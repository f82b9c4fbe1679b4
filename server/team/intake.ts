// What the customer app sends through the public intake (server/intake/routes.ts): a collaborator's registration
// (pending until an administrator approves it) and a patient referred with a collaborator's referral code (only an
// approved, unlocked collaborator's code is taken). Validated here with the spec's words; written with a fresh stamp.
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { iso, isUniqueViolation } from '../db/dialect';
import { httpError } from '../errors';
import { localize } from '../i18n';
import { validationError } from '../resources/records';
import { dynamic } from '../resources/index';
import { foldText } from '../../shared/text';
import type { Label } from '../../shared/resources/define';
import { isIsoDay, isIsoDayOrTime, isPhone, normalizePhone } from '../../shared/input';
import { TEAM_WORDS } from './words';

const T = {
  nameRequired: { vi: 'Họ tên là trường bắt buộc', en: 'Full name is required' } as Label,
  phoneRequired: { vi: 'Số điện thoại là trường bắt buộc', en: 'Phone number is required' } as Label,
  birthdayFormat: { vi: 'Ngày sinh không đúng định dạng (YYYY-MM-DD)', en: 'Birthday must be a date (YYYY-MM-DD)' } as Label,
  dateFormat: { vi: 'Ngày hẹn khám không đúng định dạng', en: 'Appointment date is not a date' } as Label,
  codeRequired: { vi: 'Mã giới thiệu là trường bắt buộc', en: 'Referral code is required' } as Label,
  codeUnknown: { vi: 'Mã giới thiệu không hợp lệ', en: 'The referral code is not valid' } as Label,
  phoneTaken: { vi: 'Số điện thoại này đã đăng ký cộng tác viên', en: 'This phone number is already registered' } as Label,
  tooLong: (label: string, max: number): Label => ({ vi: `${label} tối đa ${max} ký tự`, en: `${label} must be at most ${max} characters` }),
};

type Body = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** Checks a visitor's fields; answers them cleaned, or a 400 listing every problem. */
function checked(request: FastifyRequest, body: Body, rules: { name: string; required?: Label; max: number; format?: (v: string) => boolean; formatMessage?: Label }[]) {
  const errors: { field: string; message: string }[] = [];
  const out: Record<string, string | null> = {};
  for (const rule of rules) {
    const value = text(body[rule.name]);
    if (!value) {
      if (rule.required) errors.push({ field: rule.name, message: localize(request, rule.required) });
      out[rule.name] = null;
      continue;
    }
    if (value.length > rule.max) errors.push({ field: rule.name, message: localize(request, T.tooLong(rule.name, rule.max)) });
    else if (rule.format && !rule.format(value)) errors.push({ field: rule.name, message: localize(request, rule.formatMessage!) });
    out[rule.name] = value;
  }
  if (errors.length) throw validationError(errors);
  return out;
}

export async function registerCollaborator(app: FastifyInstance, request: FastifyRequest, websiteId: number, body: Body) {
  const v = checked(request, body, [
    { name: 'fullName', required: T.nameRequired, max: 250 },
    { name: 'phoneNumber', required: T.phoneRequired, max: 20, format: isPhone, formatMessage: TEAM_WORDS.phoneFormat },
    { name: 'birthday', max: 10, format: isIsoDay, formatMessage: T.birthdayFormat },
    { name: 'bankName', max: 250 },
    { name: 'bankingNumber', max: 50 },
    { name: 'bankAccountName', max: 250 },
    { name: 'objectName', max: 250 },
  ]);
  // The phone number is the collaborator's key: stored and compared as its digits (shared/input.ts), so one number
  // written three ways is one collaborator.
  const phoneNumber = normalizePhone(v.phoneNumber!);
  const now = iso(app.now());
  // Eight letters and digits a person can read out (no 0/O, 1/I).
  const code = () => Array.from(randomBytes(8), (b) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[b % 32]).join('');
  for (let attempt = 0; ; attempt++) {
    try {
      const referralCode = code();
      // With its history entry (the public intake: the visitor's address), in one transaction.
      await app.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('collaborators')
          .values({
            fullName: v.fullName!,
            phoneNumber,
            birthday: v.birthday,
            bankName: v.bankName,
            bankingNumber: v.bankingNumber,
            bankAccountName: v.bankAccountName,
            objectName: v.objectName,
            referralCode,
            approvedStatus: 1,
            declineReason: null,
            isActive: true,
            websiteId,
            searchText: foldText(`${v.fullName} ${phoneNumber}`),
            concurrencyStamp: randomUUID(),
            createdAt: now,
            updatedAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await app.writes.tell(dynamic(trx), { websiteId: undefined, resource: 'collaborator', ids: [row.id], operation: 'create', request });
      });
      return { referralCode };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (await app.db.selectFrom('collaborators').select('id').where('phoneNumber', '=', phoneNumber).executeTakeFirst()) throw httpError(409, T.phoneTaken, { field: 'phoneNumber' });
      if (attempt > 5) throw error;
    }
  }
}

export async function referPatient(app: FastifyInstance, request: FastifyRequest, websiteId: number, body: Body) {
  const v = checked(request, body, [
    { name: 'referralCode', required: T.codeRequired, max: 20 },
    { name: 'fullName', required: T.nameRequired, max: 250 },
    { name: 'phoneNumber', required: T.phoneRequired, max: 20, format: isPhone, formatMessage: TEAM_WORDS.phoneFormat },
    { name: 'appointmentDate', max: 40, format: isIsoDayOrTime, formatMessage: T.dateFormat },
    { name: 'description', max: 2000 },
  ]);
  const member = await app.db
    .selectFrom('collaborators')
    .select('id')
    .where('referralCode', '=', v.referralCode!.toUpperCase())
    .where('approvedStatus', '=', 2)
    .where('isActive', '=', true)
    .executeTakeFirst();
  if (!member) throw httpError(400, T.codeUnknown, { field: 'referralCode' });
  const now = iso(app.now());
  const phoneNumber = normalizePhone(v.phoneNumber!);
  await app.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('referrals')
      .values({
        collaboratorId: member.id,
        websiteId,
        fullName: v.fullName!,
        phoneNumber,
        // A referral with an appointment is booked (4); otherwise received (0).
        status: v.appointmentDate ? 4 : 0,
        appointmentDate: v.appointmentDate,
        description: v.description,
        visitDate: null,
        amount: null,
        paymentId: null,
        searchText: foldText(`${v.fullName} ${phoneNumber}`),
        concurrencyStamp: randomUUID(),
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.writes.tell(dynamic(trx), { websiteId: undefined, resource: 'referral', ids: [row.id], operation: 'create', request });
  });
  return undefined;
}
