// What the customer app sends through the public intake (server/intake/routes.ts): a collaborator's registration
// (pending until an administrator approves it) and a patient referred with a collaborator's referral code (only an
// approved, unlocked collaborator's code is taken). Validated here with the spec's words: the hooks of their
// definitions' create (./resource.ts), which the intake calls like any other (the engine writes the stamp, the times,
// the history entry, the live event and the webhooks in one transaction).
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../db/dialect';
import type { Database } from '../db/schema';
import { httpError } from '../errors';
import { localize } from '../i18n';
import { validationError } from '../resources/records';
import type { HookContext, ResourceHooks } from '../resources/index';
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

/** The website the visitor posted to (the path's `{website}`: an organisation's record keeps where it came from). */
const postedTo = (ctx: HookContext) => Number(ctx.params.website);

/** Eight letters and digits a person can read out (no 0/O, 1/I). */
const newCode = () => Array.from(randomBytes(8), (b) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[b % 32]).join('');

/** A collaborator's registration: the create of the definition (no console route creates one). */
export const collaboratorIntake: Pick<ResourceHooks, 'ownInput' | 'prepare' | 'retry'> = {
  ownInput: true,
  async prepare(ctx, body) {
    const v = checked(ctx.request, body, [
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
    const values = {
      fullName: v.fullName!,
      phoneNumber,
      birthday: v.birthday,
      bankName: v.bankName,
      bankingNumber: v.bankingNumber,
      bankAccountName: v.bankAccountName,
      objectName: v.objectName,
      referralCode: newCode(),
      approvedStatus: 1,
      declineReason: null,
      isActive: true,
      websiteId: postedTo(ctx),
      searchText: foldText(`${v.fullName} ${phoneNumber}`),
    };
    return { values, input: undefined };
  },
  // A taken phone number is a 409; a referral code drawn twice, a new draw.
  async retry(ctx, error, attempt, prepared) {
    if (!isUniqueViolation(error)) return false;
    const phoneNumber = prepared?.values.phoneNumber as string | undefined;
    if (phoneNumber && (await (ctx.db as unknown as Kysely<Database>).selectFrom('collaborators').select('id').where('phoneNumber', '=', phoneNumber).executeTakeFirst())) {
      throw httpError(409, T.phoneTaken, { field: 'phoneNumber' });
    }
    return attempt <= 6;
  },
};

/** A patient referred with a collaborator's code: the create of the definition (the console only updates one). */
export const referralIntake: Pick<ResourceHooks, 'ownInput' | 'prepare'> = {
  ownInput: true,
  async prepare(ctx, body) {
    const v = checked(ctx.request, body, [
      { name: 'referralCode', required: T.codeRequired, max: 20 },
      { name: 'fullName', required: T.nameRequired, max: 250 },
      { name: 'phoneNumber', required: T.phoneRequired, max: 20, format: isPhone, formatMessage: TEAM_WORDS.phoneFormat },
      { name: 'appointmentDate', max: 40, format: isIsoDayOrTime, formatMessage: T.dateFormat },
      { name: 'description', max: 2000 },
    ]);
    const member = await (ctx.db as unknown as Kysely<Database>)
      .selectFrom('collaborators')
      .select('id')
      .where('referralCode', '=', v.referralCode!.toUpperCase())
      .where('approvedStatus', '=', 2)
      .where('isActive', '=', true)
      .executeTakeFirst();
    if (!member) throw httpError(400, T.codeUnknown, { field: 'referralCode' });
    const phoneNumber = normalizePhone(v.phoneNumber!);
    const values = {
      collaboratorId: member.id,
      websiteId: postedTo(ctx),
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
    };
    return { values, input: undefined };
  },
};
