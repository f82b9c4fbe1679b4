// Part 2's people screens on the engine (shared/resources/people.ts): jobs, applications and bookings, with the rules
// the definitions cannot say.
//   - a job's industry, level and form are entries of the website's career, level and job-type lists (locked while
//     the job is written; such an entry cannot be deleted while a job uses it), and its parent is a job of the site;
//   - an application names the jobs applied for (`jobIds`, jobs of the website, locked while it is written) and
//     answers their names (`jobNames`); opening an unread one marks it read;
//   - a job cannot be deleted while applications name it or other jobs have it as their parent (409);
//   - a booking taken by phone (POST Bookings/{website}) goes through the public intake's rules: the fields a visitor
//     may send (the rest ignored: it starts new, 0), the definition's checks and these hooks, as a booking from the site;
//   - a booking moves between its statuses by its status machine (BOOKING_MACHINE: confirm, complete, cancel with a
//     reason), which the engine serves with a conditional update: of two staff moving it at once, the second gets 409.
import { booking, job, recruitment } from '../../shared/resources/people';
import { career, jobType, level } from '../../shared/resources/list-category';
import { branchContact } from '../../shared/resources/branch-contact';
import type { Label } from '../../shared/resources/define';
import { httpError } from '../errors';
import { lockReference, lockReferences, refuseWhileListed, refuseWhileUsed } from '../resources/references';
import { serve, toWire } from '../resources/index';
import { markReadAction } from '../resources/read-mark';
import type { Row } from '../resources/records';
import { MAX_ID, toId } from '../../shared/input';
import { pickIntake } from '../intake/routes';
import type { Db } from '../db/schema';

const T = {
  parentSelf: { vi: 'Tin tuyển dụng không thể thuộc chính nó', en: 'A job cannot be its own parent' } as Label,
  jobUnknown: { vi: 'Vị trí ứng tuyển không thuộc website này', en: 'A job applied for is not one of this website' } as Label,
};

export const jobResource = serve(job, {
  async prepare(_ctx, _body, current, values) {
    if (current && values.parentId === current.id) throw httpError(400, T.parentSelf, { field: 'parentId' });
    return { values, input: undefined };
  },
  async afterWrite(ctx, written) {
    await lockReference(ctx, career, written.values.industryId, 'industryId');
    await lockReference(ctx, level, written.values.levelId, 'levelId');
    await lockReference(ctx, jobType, written.values.formId, 'formId');
    await lockReference(ctx, job, written.values.parentId, 'parentId');
  },
  async beforeRemove(ctx, id) {
    await refuseWhileUsed(job, job, 'parentId')(ctx, id);
    await refuseWhileListed(job, recruitment, 'jobIds')(ctx, id);
  },
});

export const careerResource = serve(career, { beforeRemove: refuseWhileUsed(career, job, 'industryId') });
export const levelResource = serve(level, { beforeRemove: refuseWhileUsed(level, job, 'levelId') });
export const jobTypeResource = serve(jobType, { beforeRemove: refuseWhileUsed(jobType, job, 'formId') });

/** Each application with the names of its jobs (per language, as the jobs store them), `; `-joined per language. */
async function withJobNames(db: Db, rows: Row[]): Promise<Row[]> {
  const wire = rows.map((r) => toWire(recruitment, r));
  const ids = [...new Set(wire.flatMap((r) => (Array.isArray(r.jobIds) ? r.jobIds : []).map(Number)).filter((n) => Number.isInteger(n)))];
  const jobs = ids.length ? ((await db.selectFrom(job.table).select(['id', 'name']).where('id', 'in', ids).execute()) as { id: number; name: string }[]) : [];
  const byId = new Map(jobs.map((j) => [j.id, j.name]));
  return wire.map((r) => {
    const list = (Array.isArray(r.jobIds) ? r.jobIds : []).map((id) => ({ id: Number(id), name: byId.get(Number(id)) ?? null }));
    return { ...r, jobs: list, jobNames: joinNames(list.map((j) => j.name)) };
  });
}

/** Per-language names of several jobs as one per-language text. */
function joinNames(names: (string | null)[]): string {
  const out: Record<string, string[]> = {};
  for (const name of names) {
    if (!name) continue;
    let map: Record<string, string>;
    try {
      map = JSON.parse(name) as Record<string, string>;
    } catch {
      map = { 'vi-VN': name };
    }
    for (const [lang, text] of Object.entries(map)) (out[lang] ??= []).push(text);
  }
  return JSON.stringify(Object.fromEntries(Object.entries(out).map(([lang, list]) => [lang, list.join('; ')])));
}

const markApplicationRead = markReadAction(recruitment, recruitment.api.actions!.read);

export const recruitmentResource = serve(recruitment, {
  // Ids are numbers on the wire (a list of `tags` to the definition): checked in `prepare` against the site's jobs.
  input: (_ctx, body) => (Array.isArray(body.jobIds) ? { ...body, jobIds: body.jobIds.map((v) => (typeof v === 'number' ? String(v) : v)) } : body),
  async prepare(ctx, _body, _current, values) {
    const raw = values.jobIds;
    const list: unknown[] = typeof raw === 'string' ? (JSON.parse(raw) as unknown[]) : Array.isArray(raw) ? raw : [];
    // Each an id (the definition's `ids` rule has refused anything else with a 400 naming the field).
    const numbers = list.map((v) => toId(v)!);
    if (numbers.length) {
      const found = (await ctx.db.selectFrom(job.table).select('id').where('id', 'in', numbers).where('websiteId', '=', ctx.scope.websiteId).execute()) as { id: number }[];
      if (found.length !== new Set(numbers).size) throw httpError(400, T.jobUnknown, { field: 'jobIds' });
    }
    return { values: { ...values, jobIds: JSON.stringify([...new Set(numbers)].map(String)) }, input: undefined };
  },
  // The jobs are checked in `prepare`; locked here, in the write's transaction, so a job deleted meanwhile cannot
  // leave the application naming it (the delete locks the job first and counts the applications naming it).
  afterWrite: (ctx, written) => lockReferences(ctx, job, JSON.parse(String(written.values.jobIds ?? '[]')) as unknown[], 'jobIds'),
  listRows: (ctx, rows) => withJobNames(ctx.db, rows),
  detail: async (db, row) => (await withJobNames(db, [row]))[0],
  actions: [markApplicationRead],
});

export const bookingResource = serve(booking, {
  // A new booking, from the public site or taken by staff by phone, is what a visitor may send (server/intake); an
  // update (staff correcting one) is the definition's fields.
  input: (_ctx, body, current) => (current ? body : pickIntake('bookings', body)),
  filters: [
    { name: 'branchId', kind: 'int', min: 1, max: MAX_ID },
    { name: 'startDate', kind: 'from', column: 'appointmentDate' },
    { name: 'endDate', kind: 'to', column: 'appointmentDate' },
  ],
  // A branch of this website (a visitor's post names one too).
  afterWrite: (ctx, written) => lockReference(ctx, branchContact, written.values.branchId, 'branchId'),
});
