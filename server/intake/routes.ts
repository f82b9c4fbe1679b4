// The public intake: how records that come from the public websites (spec part 2: feedback, and later bookings,
// job applications, expert questions, referrals) arrive. Unauthenticated `POST /public/{website}/{kind}`:
//   - scoped by website: an unknown or inactive website answers the same 404 as an unknown address;
//   - only the fields a visitor may send are read (anything else in the body is ignored: a visitor cannot mark
//     feedback read or choose its id), validated by the resource's own definition with the spec's messages in the
//     language the request asks for (Accept-Language), and written through the engine like any record;
//   - a body above INTAKE_BODY_LIMIT answers 413; more than `max` posts per client address within `timeWindow`
//     answer 429 (@fastify/rate-limit, counted where every instance sees it: http/rate-limit-store.ts);
//   - the answer says thank you and nothing else (no id, no record); any origin may post (CORS), none may read.
//   - an application may also come as multipart/form-data with the same fields and a `cv` file (./cv.ts).
// Adding a kind: one entry in INTAKES (documented in docs/api.md "Public intake").
import type { FastifyPluginAsync } from 'fastify';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { ResourceDef } from '../../shared/resources/define';
import { qaDef } from '../../shared/editorial';
import { feedback } from '../../shared/resources/feedback';
import { booking, recruitment } from '../../shared/resources/people';
import { collaborator, referral } from '../../shared/resources/team';
import { httpError } from '../errors';
import { ok } from '../http/envelope';
import { limitStore } from '../http/rate-limit-store';
import type { Text } from '../i18n';
import { M } from '../messages';
import { bodyObject, hasWebsiteId, operationContext, parseId, type OperationContext } from '../resources/index';
import { CV_RULE, readForm, createWithFile, type FormFile } from './cv';
import type { IntakeFileRule } from '../files/intake-files';

export interface Intake {
  /** The last path segment: `POST /public/{website}/{path}`. */
  path: string;
  /** What a visitor may send. */
  fields: string[];
  /** The thank-you answer. */
  thanks: Text;
  /** The engine resource the post becomes a record of, through its create (its definition and its module's hooks). */
  def: ResourceDef;
  /** What of the record written is the visitor's own to see (a new collaborator's referral code); default: nothing. */
  answer?(record: Record<string, unknown>): unknown;
  /** The file a multipart post may carry (an application's CV): the field it fills with the stored file's URL, and its rule. */
  file?: { field: string; rule: IntakeFileRule };
}

export const INTAKES: Intake[] = [
  {
    path: 'feedback',
    def: feedback,
    fields: ['title', 'fullName', 'email', 'phoneNumber', 'serviceName', 'content'],
    thanks: { vi: 'Cảm ơn bạn đã gửi góp ý, chúng tôi sẽ phản hồi sớm', en: 'Thank you for your feedback, we will get back to you soon' },
  },
  {
    path: 'bookings',
    def: booking,
    fields: ['customerName', 'customerEmail', 'customerPhone', 'appointmentDate', 'startTime', 'endTime', 'branchId', 'servicePackageName', 'customerAddress'],
    thanks: { vi: 'Đặt lịch thành công, chúng tôi sẽ liên hệ để xác nhận', en: 'Booked: we will contact you to confirm' },
  },
  {
    path: 'applications',
    def: recruitment,
    fields: ['fullName', 'phoneNumber', 'email', 'birthday', 'address', 'description', 'jobIds'],
    thanks: { vi: 'Đã nhận hồ sơ ứng tuyển, cảm ơn bạn', en: 'Application received, thank you' },
    file: { field: 'cv', rule: CV_RULE },
  },
  {
    // A visitor's question to the experts: a draft question in /expert-question-and-answer, answered and reviewed there.
    path: 'questions',
    def: qaDef,
    fields: ['fullName', 'email', 'phoneNumber', 'serviceName', 'title', 'content'],
    thanks: { vi: 'Đã nhận câu hỏi, chuyên gia sẽ trả lời sớm', en: 'Question received: an expert will answer soon' },
  },
  {
    path: 'collaborators',
    fields: ['fullName', 'phoneNumber', 'birthday', 'bankName', 'bankingNumber', 'bankAccountName', 'objectName'],
    thanks: { vi: 'Đăng ký thành công, vui lòng chờ phê duyệt', en: 'Registered: please wait for approval' },
    def: collaborator,
    answer: (record) => ({ referralCode: record.referralCode }),
  },
  {
    path: 'referrals',
    fields: ['referralCode', 'fullName', 'phoneNumber', 'appointmentDate', 'description'],
    thanks: { vi: 'Cảm ơn bạn đã giới thiệu, phòng khám sẽ liên hệ sớm', en: 'Thank you for the referral, the clinic will be in touch soon' },
    def: referral,
  },
];

/**
 * What of `body` a post of the intake at `path` takes: only the fields a visitor may send. Staff recording the same
 * thing by phone go through it too (a booking: POST Bookings/{website}, server/people/resource.ts), so both follow
 * one set of rules.
 */
export function pickIntake(path: string, body: Record<string, unknown>): Record<string, unknown> {
  const intake = INTAKES.find((i) => i.path === path);
  if (!intake) throw new Error(`Unknown intake: ${path}`);
  return Object.fromEntries(intake.fields.filter((f) => f in body).map((f) => [f, body[f]]));
}

/** A visitor's post is a few fields of text: 16 KB is plenty, and keeps junk out. */
export const INTAKE_BODY_LIMIT = 16 * 1024;

export interface IntakeOptions {
  /** Posts per client address per window (default 10 per minute). */
  max?: number;
  timeWindow?: number | string;
}

export const intakeRoutes: FastifyPluginAsync = async (app) => {
  const { max = 10, timeWindow = '1 minute' } = app.moduleOptions.intake ?? {};
  // The public websites post from their own origins (a form, or fetch from their pages); nothing here reads a
  // cookie or a token, so any origin may.
  await app.register(cors, { origin: true, methods: ['POST'], credentials: false });
  // Registered inside this module, so the limit counts (and applies to) the public posts only.
  await app.register(rateLimit, {
    ...limitStore(app.limits, 'intake'),
    max,
    timeWindow,
    errorResponseBuilder: (_request, context) => httpError(429, M.tooManyPosts(Math.ceil(context.ttl / 1000)), {}, { 'retry-after': String(Math.ceil(context.ttl / 1000)) }),
  });

  // A multipart post (an application with its CV): its parts are read by the route (./cv.ts), one file at most, no
  // larger than the intake's cap; the text fields as small as a JSON post's.
  await app.register(multipart, {
    limits: { fieldNameSize: 100, fieldSize: INTAKE_BODY_LIMIT, fields: 30, fileSize: CV_RULE.maxBytes, files: 1, parts: 31, headerPairs: 100 },
    throwFileSizeLimit: true,
  });

  for (const intake of INTAKES) {
    app.post(`/:website/${intake.path}`, { bodyLimit: INTAKE_BODY_LIMIT }, async (request, reply) => {
      const websiteId = parseId((request.params as { website: string }).website, 'website');
      const site = await app.db.selectFrom('websites').select(['id', 'isActive']).where('id', '=', websiteId).executeTakeFirst();
      if (!site || !site.isActive) throw httpError(404, M.notFound);
      // The context a served route gives its hooks (a definition's `prepare`/`afterWrite` read the scope from it); an
      // organisation's record (a collaborator, a referral) belongs to no website, and knows the path's.
      const scope = hasWebsiteId(intake.def) ? { websiteId, keys: {} } : { keys: {} };
      const ctx = { ...operationContext(app, request, websiteId), scope, params: { website: String(websiteId) }, request } as OperationContext;
      let body: Record<string, unknown>;
      let file: FormFile | undefined;
      if (request.isMultipart()) ({ body, file } = await readForm(app, request, intake.def, intake.file));
      else body = bodyObject(request.body);
      const picked = pickIntake(intake.path, body);
      const record = file
        ? await createWithFile(app, ctx, intake.def, scope, picked, file)
        : await app.resources.engine.create(ctx, intake.def, scope, picked);
      const own = intake.answer?.(record);
      return reply.code(201).send(own === undefined ? ok(request, intake.thanks) : ok(request, intake.thanks, own));
    });
  }
};
