// Access rules and status machines declared in a definition, enforced by the engine (issue 27, items 1, 2 and 7):
// a definition the server has never seen (a ticket: open → in review → done or rejected with a reason, and an
// open/closed flag only a done ticket has) gets its moves as an action, its who, reasons, lock and history, and
// its access per operation, with no server code but one `afterMove` hook (who submitted it) and one `prepare` rule.
import { beforeAll, expect, it } from 'vitest';
import { ADMINS, MEMBERS, REVIEWERS } from '../../shared/resources/access';
import { defineResource, type ResourceDef } from '../../shared/resources/define';
import type { StatusMachine } from '../../shared/resources/machine';
import { httpError } from '../../server/errors';
import { dynamic, serve } from '../../server/resources/index';
import { crudApi } from './definition-helpers';
import { demoWebsitesAndStaff, describeEachDatabase, EN } from './harness';

const l = (vi: string, en: string) => ({ vi, en });

const TICKET_STATES = [
  { value: 0, label: l('Mới', 'Open') },
  { value: 1, label: l('Chờ xem', 'In review') },
  { value: 2, label: l('Xong', 'Done') },
  { value: 3, label: l('Bị trả lại', 'Rejected') },
];

const TICKET_MACHINE: StatusMachine = {
  field: 'state',
  states: TICKET_STATES,
  path: 'PUT DemoTickets/state/{website}/{id}',
  target: { body: 'to' },
  action: 'state',
  reason: { body: 'why', field: 'rejectReason', label: l('Lý do trả lại', 'Rejection reason') },
  moves: [
    { name: 'submit', from: [0, 3], to: 1, label: l('Gửi', 'Submit'), who: MEMBERS },
    { name: 'accept', from: [1], to: 2, label: l('Nhận', 'Accept'), who: REVIEWERS, done: l('Đã nhận', 'Accepted') },
    { name: 'reject', from: [1], to: 3, label: l('Trả lại', 'Reject'), who: REVIEWERS, reason: true },
  ],
  locked: { states: [1], message: l('Phiếu đang chờ xem, không thể sửa', 'The ticket is in review and cannot be edited') },
  refused: l('Không thể chuyển phiếu từ "{from}" sang "{to}"', 'A ticket cannot go from "{from}" to "{to}"'),
  history: true,
};

/** Close or reopen a done ticket: an administrator; the path has no website (the record's own), the target is a path parameter. */
const OPEN_MACHINE: StatusMachine = {
  field: 'isOpen',
  states: [
    { value: true, label: l('Mở', 'Open') },
    { value: false, label: l('Đóng', 'Closed') },
  ],
  path: 'PUT DemoTickets/open/{id}/{value}',
  target: { param: 'value' },
  action: 'open',
  when: { field: 'state', in: [2] },
  moves: [
    { name: 'close', from: [true], to: false, label: l('Đóng', 'Close'), who: ADMINS },
    { name: 'reopen', from: [false], to: true, label: l('Mở lại', 'Reopen'), who: ADMINS },
  ],
  refused: l('Chỉ đóng hoặc mở phiếu đã xong', 'Only a done ticket can be closed or reopened'),
  stamp: false,
};

const demoTicket: ResourceDef = defineResource({
  name: 'demoTicket',
  label: l('Phiếu', 'Ticket'),
  table: 'demo_tickets',
  scope: 'website',
  api: {
    ...crudApi('DemoTickets/{website}', true),
    actions: { state: TICKET_MACHINE.path, open: OPEN_MACHINE.path, escalate: 'PUT DemoTickets/escalate/{website}/{id}' },
  },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 200, list: true, search: true, label: l('Tiêu đề', 'Title') },
    { name: 'state', type: 'enum', options: TICKET_STATES, serverSet: true, default: 0, list: true, label: l('Trạng thái', 'State') },
    { name: 'isOpen', type: 'boolean', serverSet: true, default: true, label: l('Mở', 'Open') },
    { name: 'rejectReason', type: 'text', serverSet: true, label: l('Lý do trả lại', 'Rejection reason') },
    { name: 'submittedBy', type: 'number', serverSet: true, form: false, label: l('Người gửi', 'Submitted by') },
  ],
  machines: [TICKET_MACHINE, OPEN_MACHINE],
  access: {
    delete: ADMINS,
    actions: { escalate: REVIEWERS },
  },
  concurrency: true,
});

const ticketResource = serve(demoTicket, {
  // Who asked for the review: the submitter, whom REVIEWERS' notSubmitter keeps off their own ticket.
  async afterMove(ctx, { id, move }) {
    if (move.name === 'submit') await dynamic(ctx.db).updateTable('demo_tickets').set({ submittedBy: ctx.request.user.id }).where('id', '=', id).execute();
  },
  // A rule beyond the definition's, run after them (item 7): it sees their checked values.
  async prepare(_ctx, _body, _current, values) {
    if (typeof values.title === 'string' && values.title.includes('spam')) throw httpError(400, l('Tiêu đề bị chặn', 'Blocked title'), { field: 'title' });
    return { values, input: undefined };
  },
  actions: [
    {
      path: 'PUT DemoTickets/escalate/{website}/{id}',
      run: async ({ ctx }) => ({ code: 1, message: 'ok', data: { escalatedBy: ctx.request.user.id } }),
    },
  ],
});

type Ticket = { id: number; state: number; isOpen: boolean; rejectReason: string | null; submittedBy: number | null; concurrencyStamp: string; statusHistory: { status: number; reason: string | null; userFullName: string }[] };

describeEachDatabase(
  'status machines and access in a definition',
  (ctx) => {
    let clinic = 0;
    let spa = 0;
    let lanToken = '';
    beforeAll(async () => {
      ({ clinic, spa, lanToken } = await demoWebsitesAndStaff(ctx));
    });
    const asLan = (method: string, path: string, json?: unknown) => ctx.request(method, path, { json, token: lanToken, ...EN });
    const create = async (title = 'Máy in hỏng') => {
      const res = await ctx.authed('POST', `/api/DemoTickets/${clinic}`, { title });
      expect(res.status, res.text).toBe(200);
      return res.body.data as Ticket;
    };
    const read = async (id: number) => (await ctx.authed('GET', `/api/DemoTickets/${clinic}/${id}`)).body.data as Ticket;
    const state = (id: number, json: unknown, as: 'admin' | 'reviewer' | 'lan' = 'admin') => {
      const path = `/api/DemoTickets/state/${clinic}/${id}`;
      if (as === 'lan') return asLan('PUT', path, json);
      return as === 'admin' ? ctx.authed('PUT', path, json, EN) : ctx.reviewer('PUT', path, json, EN);
    };

    it('moves by the declared moves only, with who, reason, lock and history', async () => {
      const t = await create();
      expect(t).toMatchObject({ state: 0, isOpen: true, rejectReason: null, submittedBy: null });
      expect(t.statusHistory.map((h) => h.status)).toEqual([0]);

      // The target: a state, else 400 naming the field; a state no move reaches from here: the machine's 409.
      for (const to of ['x', 9, null, undefined]) {
        const bad = await state(t.id, { to });
        expect(bad.status, String(to)).toBe(400);
        expect(bad.body.field).toBe('to');
      }
      const refused = await state(t.id, { to: 2 });
      expect(refused.status).toBe(409);
      expect(refused.body.Message).toBe('A ticket cannot go from "Open" to "Done"');

      // Any member submits ('1' as text too); the hook records who.
      const submitted = await state(t.id, { to: '1' }, 'lan');
      expect(submitted.status, submitted.text).toBe(200);
      expect(submitted.body).toMatchObject({ message: 'Updated successfully', data: { state: 1 } });
      const lanId = submitted.body.data.submittedBy as number;
      expect(lanId).toBeGreaterThan(0);

      // In review: locked against saves, whatever is sent.
      const locked = await ctx.authed('PUT', `/api/DemoTickets/${clinic}/${t.id}`, { title: 'Sửa', concurrencyStamp: submitted.body.data.concurrencyStamp }, EN);
      expect(locked.status).toBe(409);
      expect(locked.body).toMatchObject({ Message: 'The ticket is in review and cannot be edited', field: 'state' });

      // A reason is required to reject: a string, trimmed, at most 2000 characters.
      for (const why of [undefined, '   ', '']) {
        const none = await state(t.id, { to: 3, why });
        expect(none.status).toBe(400);
        expect(none.body).toMatchObject({ Message: 'Rejection reason is required', field: 'why' });
      }
      expect((await state(t.id, { to: 3, why: 'x'.repeat(2001) })).body.field).toBe('why');
      expect((await state(t.id, { to: 3, why: { x: 1 } })).status).toBe(400);

      // Who: a reviewer (before the state is looked at), never the submitter (with the record).
      const notReviewer = await state(t.id, { to: 2 }, 'lan');
      expect(notReviewer.status).toBe(403);
      // Reviewing is the role's grant (issue 39): Lan's role, Staff, grants no review decision.
      expect(notReviewer.body.Message).toBe('The role "Staff" may not "Accept" here');

      // A stale stamp, when sent: 409 with the record as it is.
      const stale = await state(t.id, { to: 2, concurrencyStamp: t.concurrencyStamp });
      expect(stale.status).toBe(409);
      expect(stale.body.data).toMatchObject({ id: t.id, state: 1 });

      const rejected = await state(t.id, { to: 3, why: '  Thiếu ảnh  ' });
      expect(rejected.status, rejected.text).toBe(200);
      expect(rejected.body.data).toMatchObject({ state: 3, rejectReason: 'Thiếu ảnh' });
      expect((await ctx.authed('PUT', `/api/DemoTickets/${clinic}/${t.id}`, { title: 'Máy in hỏng (ảnh)', concurrencyStamp: rejected.body.data.concurrencyStamp })).status).toBe(200);

      // Submitted again by the reviewer: they may not accept their own.
      expect((await state(t.id, { to: 1 }, 'reviewer')).status).toBe(200);
      const own = await state(t.id, { to: 2 }, 'reviewer');
      expect(own.status).toBe(403);
      expect(own.body.Message).toBe('You cannot decide on what you submitted yourself');
      const accepted = await state(t.id, { to: 2 });
      expect(accepted.status, accepted.text).toBe(200);
      expect(accepted.body).toMatchObject({ message: 'Accepted', data: { state: 2, rejectReason: null } });

      const history = (await read(t.id)).statusHistory;
      expect(history.map((h) => [h.status, h.reason])).toEqual([[0, null], [1, null], [3, 'Thiếu ảnh'], [1, null], [2, null]]);
      expect(history[1].userFullName).toBe('Nguyễn Thị Lan');
      expect(history[4].userFullName).toBe('Quản trị viên');
    });

    it('serves a boolean machine from a path parameter, on records in its `when` state only, without stamps', async () => {
      const t = await create('Đèn hỏng');
      const open = (id: number, value: string, as: 'admin' | 'lan' = 'admin') => (as === 'lan' ? asLan('PUT', `/api/DemoTickets/open/${id}/${value}`) : ctx.authed('PUT', `/api/DemoTickets/open/${id}/${value}`, {}, EN));
      // Not done yet: no move applies.
      const notDone = await open(t.id, 'false');
      expect(notDone.status).toBe(409);
      expect(notDone.body.Message).toBe('Only a done ticket can be closed or reopened');
      await state(t.id, { to: 1 }, 'lan');
      expect((await state(t.id, { to: 2 })).status).toBe(200);
      expect((await open(t.id, 'maybe')).status).toBe(400);
      const byStaff = await open(t.id, 'false', 'lan');
      expect(byStaff.status).toBe(403);
      expect(byStaff.body.Message).toBe('Only an administrator can do this');
      const closed = await open(t.id, 'false');
      expect(closed.status, closed.text).toBe(200);
      expect(closed.body.data.isOpen).toBe(false);
      expect((await open(t.id, 'false')).status).toBe(409);
      expect((await open(t.id, 'true')).body.data.isOpen).toBe(true);
      // Not the state machine with history: the ticket's history did not move.
      expect((await read(t.id)).statusHistory.map((h) => h.status)).toEqual([0, 1, 2]);
    });

    it('lets one of several racing decisions win; the others answer 409 and the history has one entry', async () => {
      for (let round = 0; round < 3; round++) {
        const t = await create(`Đua ${round}`);
        await state(t.id, { to: 1 }, 'lan');
        const answers = await Promise.all([state(t.id, { to: 2 }), state(t.id, { to: 3, why: 'Không' }), state(t.id, { to: 2 }, 'reviewer'), state(t.id, { to: 3, why: 'Không' }, 'reviewer')]);
        expect(answers.map((a) => a.status).sort(), answers.map((a) => a.text).join('\n')).toEqual([200, 409, 409, 409]);
        const after = await read(t.id);
        expect(after.statusHistory.map((h) => h.status)).toEqual([0, 1, after.state]);
      }
    });

    it('enforces access per operation: scope first, then the rule, then the record', async () => {
      const t = await create('Quyền');
      // delete: administrators. Refused with the rule's reason, nothing removed.
      const refused = await asLan('DELETE', `/api/DemoTickets/${clinic}/${t.id}`);
      expect(refused.status).toBe(403);
      expect(refused.body.Message).toBe('Only an administrator can do this');
      // The rule comes before the record: an unknown record is still a 403 to staff, a 404 to an administrator.
      expect((await asLan('DELETE', `/api/DemoTickets/${clinic}/99999999`)).status).toBe(403);
      expect((await ctx.authed('DELETE', `/api/DemoTickets/${clinic}/99999999`)).status).toBe(404);
      // The scope before the rule: another website answers as a website the user is not staff of.
      const lanId = (await ctx.db.selectFrom('users').select('id').where('userName', '=', 'lan.nguyen').executeTakeFirstOrThrow()).id;
      await ctx.db.deleteFrom('website_users').where('websiteId', '=', spa).where('userId', '=', lanId).execute();
      const notStaff = await asLan('DELETE', `/api/DemoTickets/${spa}/${t.id}`);
      expect(notStaff.status).toBe(403);
      expect(notStaff.body.Message).not.toBe('Only an administrator can do this');
      expect((await asLan('DELETE', `/api/DemoTickets/999999/${t.id}`)).status).toBe(404);
      // list, read, create, update: members.
      expect((await asLan('GET', `/api/DemoTickets/${clinic}?page=1&pageSize=5`)).status).toBe(200);
      expect((await asLan('GET', `/api/DemoTickets/${clinic}/${t.id}`)).status).toBe(200);

      // A hand-written action's rule, by its name: a reviewer, not the submitter (checked with the record).
      const escalate = (as: 'admin' | 'reviewer' | 'lan') =>
        as === 'lan' ? asLan('PUT', `/api/DemoTickets/escalate/${clinic}/${t.id}`) : as === 'admin' ? ctx.authed('PUT', `/api/DemoTickets/escalate/${clinic}/${t.id}`, {}, EN) : ctx.reviewer('PUT', `/api/DemoTickets/escalate/${clinic}/${t.id}`, {}, EN);
      expect((await escalate('lan')).body.Message).toBe('The role "Staff" may not "escalate" here');
      await state(t.id, { to: 1 }, 'reviewer');
      const own = await escalate('reviewer');
      expect(own.status).toBe(403);
      expect(own.body.Message).toBe('You cannot decide on what you submitted yourself');
      expect((await escalate('admin')).status).toBe(200);

      // An administrator deletes; the history goes with the record.
      expect((await ctx.authed('DELETE', `/api/DemoTickets/${clinic}/${t.id}`)).status).toBe(200);
      expect(await ctx.db.selectFrom('review_history').select('id').where('kind', '=', 'demoTicket').where('objectId', '=', t.id).execute()).toEqual([]);
      expect((await asLan('GET', `/api/DemoTickets/${clinic}/${t.id}`)).status).toBe(404);
    });

    it("runs a module's prepare after the definition's rules, never instead of them", async () => {
      // The definition's required title is checked although the resource has a prepare hook.
      const missing = await ctx.authed('POST', `/api/DemoTickets/${clinic}`, {}, EN);
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ Message: 'Title is required', field: 'title' });
      const long = await ctx.authed('POST', `/api/DemoTickets/${clinic}`, { title: 'spam'.repeat(100) }, EN);
      expect(long.status).toBe(400);
      expect(long.body.field).toBe('title');
      expect(long.body.Message).not.toBe('Blocked title');
      // Then the hook's own rule, on the checked values.
      const blocked = await ctx.authed('POST', `/api/DemoTickets/${clinic}`, { title: '  spam  ' }, EN);
      expect(blocked.status).toBe(400);
      expect(blocked.body.Message).toBe('Blocked title');
      // Fields the server sets are not the body's to set.
      const made = await ctx.authed('POST', `/api/DemoTickets/${clinic}`, { title: 'Ổn', state: 2, submittedBy: 1 });
      expect(made.body.data).toMatchObject({ title: 'Ổn', state: 0, submittedBy: null });
    });
  },
  { app: { resources: { served: [ticketResource] } } },
);
