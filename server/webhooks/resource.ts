// The webhooks and their delivery log, the engine's resources (shared/resources/webhook.ts) with the rules a
// definition cannot say:
//   - a webhook's URL is a whole http(s) URL without credentials (no file:, no gopher:, nothing the server would read
//     locally); its areas are areas the delivery API has; its signing secret is made here, never sent by a client,
//     and made again by `rotate`;
//   - removing a webhook removes its log;
//   - `replay` queues the body of a delivery again, as a new delivery (a new X-Sitedesk-Delivery id: the receiver
//     is meant to act on it again).
import { randomBytes } from 'node:crypto';
import { webhook, webhookDelivery } from '../../shared/resources/webhook';
import { httpError } from '../errors';
import { ok } from '../http/envelope';
import { M } from '../messages';
import { serve, type ActionDef } from '../resources/index';
import type { Row } from '../resources/records';
import { allowed, hostVerdict } from './address';
import { enqueue, type WebhookBody } from './outbox';
import { webhooks } from './state';

/** A new signing secret: 32 random bytes, as hex. */
export const newSecret = () => `whsec_${randomBytes(32).toString('hex')}`;

function checkUrl(raw: unknown, allowPrivate: boolean): string {
  const text = typeof raw === 'string' ? raw.trim() : '';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw httpError(400, M.webhookUrl, { field: 'url' });
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password) throw httpError(400, M.webhookUrl, { field: 'url' });
  // Never a link-local or metadata address; loopback and private ones only when the server allows them (./address.ts).
  if (!allowed(hostVerdict(url.hostname), allowPrivate)) throw httpError(400, M.webhookAddress, { field: 'url' });
  return text;
}

const rotate: ActionDef<typeof webhook> = {
  path: webhook.api.actions.rotate,
  async run({ ctx, engine, def, id }) {
    // Through the engine: a new stamp, its history entry (which keeps no secret: server/history/entries.ts).
    const after = await engine.change(ctx, def, ctx.scope, id!, { secret: newSecret() }, { action: 'rotateSecret' });
    return ok(ctx.request, M.webhookSecretRotated, after);
  },
};

export const webhookResource = serve(webhook, {
  async prepare(ctx, _body, current, values) {
    const url = checkUrl(values.url, ctx.request.server.moduleOptions.webhooks?.allowPrivate === true);
    const { feeds } = webhooks(ctx.request.server);
    const areas: unknown = typeof values.areas === 'string' ? JSON.parse(values.areas) : [];
    const unknown = (Array.isArray(areas) ? areas : []).filter((a) => !feeds.paths.has(String(a)));
    if (unknown.length) throw httpError(400, M.webhookAreas(unknown.join(', '), [...feeds.paths].join(', ')), { field: 'areas' });
    return { values: { ...values, url, ...(current ? {} : { secret: newSecret() }) }, input: undefined };
  },
  async afterRemove(ctx, id) {
    await ctx.db.deleteFrom(webhookDelivery.table).where('webhookId', '=', id).where('websiteId', '=', ctx.scope.websiteId).execute();
  },
  actions: [rotate],
});

const replay: ActionDef<typeof webhookDelivery> = {
  path: webhookDelivery.api.actions.replay,
  async run({ ctx, engine, def, id }) {
    const original = await engine.readOrThrow(ctx.db, def, ctx.scope, id!);
    const body = JSON.parse(String(original.payload)) as WebhookBody;
    // A person's act: the new delivery with its history entry (operation `replay`), in one transaction.
    const copy = await engine.own(ctx, def.name, async (trx) => {
      const copy = await enqueue(trx, ctx.scope.websiteId, original.webhookId as number, body, ctx.now, original.id as number);
      return { result: copy, written: { websiteId: ctx.scope.websiteId, ids: [copy], operation: 'action', action: 'replay', values: { replayOf: original.id } } };
    });
    webhooks(ctx.request.server).dispatcher.wake();
    return ok(ctx.request, M.webhookReplayed, (await engine.readOrThrow(ctx.db, def, ctx.scope, copy)) as Row);
  },
};

export const webhookDeliveryResource = serve(webhookDelivery, { actions: [replay] });
