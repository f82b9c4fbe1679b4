// Password reset links (docs/api.md "Password reset"): an administrator makes one for an account
// (`POST /api/Users/{id}/password-reset`) and hands it over — and, when the server has an SMTP server (SMTP_URL), it is
// e-mailed to the account's address too. The link opens the console's /reset-password page, which sends
// `POST /auth/password-reset { token, newPassword }` without signing in.
//   - The token is 32 random bytes; only its SHA-256 is stored, with its account, its end (24 hours) and its use.
//   - It works once: the one conditional update that marks it used decides between two uses at once (the other: 400).
//     A new link for the account retires the ones before it.
//   - The new password follows the policy (./password-policy.ts); setting it ends every session of the account.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { createTransport } from 'nodemailer';
import { z } from 'zod';
import { iso } from '../db/dialect';
import { httpError, parseInput } from '../errors';
import { localize } from '../i18n';
import { M } from '../messages';
import { hookContext, type HookContext } from '../resources/index';
import { hashPassword } from '../auth/passwords';
import { randomToken, sha256 } from '../auth/crypto';
import { checkPassword } from './password-policy';

/** The accounts module's `buildApp` option (server/config.ts reads it from the environment). */
export interface AccountsOptions {
  /** SMTP_URL (`smtp://user:pass@host:587`, `smtps://…`): reset links are also e-mailed. */
  smtpUrl?: string;
  /** MAIL_FROM: the sender of those e-mails (default `Sitedesk <no-reply@localhost>`). */
  mailFrom?: string;
  /** PUBLIC_URL: the console's address the links point to (default: the address the request came to). */
  publicUrl?: string;
}

export const RESET_LINK_HOURS = 24;

const optionsOf = (request: FastifyRequest): AccountsOptions => request.server.moduleOptions.accounts ?? {};

/** The console's address: the configured one, else the one the administrator reached the server at. */
function consoleBase(request: FastifyRequest): string {
  const configured = optionsOf(request).publicUrl?.replace(/\/+$/, '');
  return configured || `${request.protocol}://${request.host}`;
}

/** A new link for account `userId` (404 when there is none), e-mailed when the server can send mail and it has an address. */
export async function createResetLink(ctx: HookContext, userId: number): Promise<{ resetUrl: string; expiresAt: string; emailed: boolean }> {
  const account = await ctx.db.selectFrom('users').select(['id', 'userName', 'fullName', 'email']).where('id', '=', userId).executeTakeFirst();
  if (!account) throw httpError(404, M.userNotFound);
  const token = randomToken();
  const now = iso(ctx.now);
  const expiresAt = iso(ctx.now.getTime() + RESET_LINK_HOURS * 3_600_000);
  const engine = ctx.request.server.resources.engine;
  await engine.own(ctx, 'user', async (db) => {
    // The links made before stop working: only the newest one is in someone's hands.
    await db.updateTable('password_reset_tokens').set({ usedAt: now }).where('userId', '=', userId).where('usedAt', 'is', null).execute();
    await db.insertInto('password_reset_tokens').values({ tokenHash: sha256(token), userId, createdBy: ctx.request.user?.id ?? null, createdAt: now, expiresAt, usedAt: null }).execute();
    return { result: undefined, written: { websiteId: undefined, ids: [userId], operation: 'action', action: 'passwordResetLink', values: { expiresAt } } };
  });
  const resetUrl = `${consoleBase(ctx.request)}/reset-password?token=${token}`;
  const emailed = account.email ? await mailLink(ctx.request, account.email, account.fullName || account.userName, resetUrl, expiresAt) : false;
  return { resetUrl, expiresAt, emailed };
}

/** Sends the link (SMTP_URL set); a mail server that refuses it is logged (never the link), and the link still answered. */
async function mailLink(request: FastifyRequest, to: string, name: string, url: string, expiresAt: string): Promise<boolean> {
  const { smtpUrl, mailFrom } = optionsOf(request);
  if (!smtpUrl) return false;
  const transport = createTransport(smtpUrl);
  const text = M.resetMailBody(name, url, expiresAt);
  try {
    await transport.sendMail({
      from: mailFrom || 'Sitedesk <no-reply@localhost>',
      to,
      subject: `${M.resetMailSubject.vi} / ${M.resetMailSubject.en}`,
      text: `${text.vi}\n---\n${text.en}`,
    });
    return true;
  } catch (err) {
    request.log.warn({ err: (err as Error).message }, 'the password reset e-mail was not sent');
    return false;
  } finally {
    transport.close();
  }
}

const resetBody = z.object({ token: z.string().max(200).optional(), newPassword: z.unknown().optional() });

/** `POST /auth/password-reset { token, newPassword }`: no sign-in; the link's token is the proof. */
export const resetRoutes: FastifyPluginAsync = async (app) => {
  app.post('/password-reset', async (request) => {
    const body = parseInput(resetBody, request.body ?? {});
    const invalid = () => httpError(400, M.resetLinkInvalid, { field: 'token' });
    const hash = sha256(body.token ?? '');
    const link = await app.db
      .selectFrom('password_reset_tokens as t')
      .innerJoin('users as u', 'u.id', 't.userId')
      .select(['t.id', 't.userId', 't.expiresAt', 't.usedAt', 'u.userName', 'u.fullName'])
      .where('t.tokenHash', '=', hash)
      .executeTakeFirst();
    if (!body.token || !link || link.usedAt || link.expiresAt <= iso(app.now())) throw invalid();
    // The policy first: a refused password leaves the link usable.
    const password = checkPassword(body.newPassword, link.userName, 'newPassword');
    const passwordHash = await hashPassword(password);
    const ctx = hookContext(app, request, { keys: {} });
    const actor = { kind: 'user' as const, id: link.userId, name: link.fullName || link.userName };
    await app.db.transaction().execute(async (trx) => {
      const now = iso(app.now());
      // Used once: of two uses at once, one marks it, the other finds it marked.
      const used = await trx.updateTable('password_reset_tokens').set({ usedAt: now }).where('id', '=', link.id).where('usedAt', 'is', null).where('expiresAt', '>', now).executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw invalid();
      await app.resources.engine.own({ ...ctx, db: trx }, 'user', async (db) => {
        await db.updateTable('users').set({ passwordHash, updatedAt: now }).where('id', '=', link.userId).execute();
        return { result: undefined, written: { websiteId: undefined, ids: [link.userId], operation: 'action', action: 'passwordReset', actor } };
      });
      await app.tokens.endSessions(link.userId, { reason: 'password reset', action: 'sessionsEnded', request, actor, trx });
    });
    return { code: 1, message: localize(request, M.passwordResetDone) };
  });
};
