// GET /health/ready: whether this instance can serve, for a load balancer or an orchestrator's readiness probe
// (GET /health stays the liveness check: the process answers). Each part is checked for real at every call:
//   database    a `select 1` answered;
//   migrations  every schema step this build has is recorded in the database (an instance of a newer build on an
//               older database, or a database restored from before a step, is not ready);
//   fileStore   a small file written and removed where uploads land, and on S3 the bucket answering a HEAD.
// 200 `{ status: 'ok' }`, or 503 with the failing parts (`failing: ['database']`) and a Message naming them; the
// causes go to the log (warn), not to the answer.
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { sql } from 'kysely';
import { errorBody } from './errors';
import { filesEngine } from './files/engine';
import type { SitedeskMigration } from './db/migrate';
import { localize } from './i18n';
import { M } from './messages';

/** A check that has not answered in this long has failed (an unreachable database may never answer). */
const CHECK_TIMEOUT_MS = 5000;

function withinTimeout(work: Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export type ReadyPart = 'database' | 'migrations' | 'fileStore';

export function readiness(plan: readonly SitedeskMigration[]): RouteHandlerMethod {
  return async function ready(this: unknown, request: FastifyRequest, reply: FastifyReply) {
    const app = request.server;
    const failing: ReadyPart[] = [];
    const fail = (part: ReadyPart) => (err: unknown) => {
      failing.push(part);
      request.log.warn({ err, part }, `not ready: ${part}`);
    };
    const database = withinTimeout(sql`select 1`.execute(app.db)).then(
      // The schema only once the database answers (else it would fail too, for the same cause).
      () =>
        withinTimeout(
          app.db
            .selectFrom('kysely_migration' as never)
            .select('name' as never)
            .execute()
            .then((rows) => {
              const applied = new Set((rows as { name: string }[]).map((r) => r.name));
              const missing = plan.filter((m) => !applied.has(m.name)).map((m) => m.name);
              if (missing.length) throw new Error(`schema steps not applied: ${missing.join(', ')}`);
            }),
        ).catch(fail('migrations')),
      fail('database'),
    );
    const fileStore = withinTimeout(filesEngine(app).store.check()).catch(fail('fileStore'));
    await Promise.all([database, fileStore]);
    if (!failing.length) return reply.header('cache-control', 'no-store').send({ status: 'ok' });
    failing.sort();
    return reply
      .code(503)
      .header('cache-control', 'no-store')
      .send(errorBody(localize(request, M.notReady(failing.join(', '))), 503, { status: 'unavailable', failing }));
  };
}
