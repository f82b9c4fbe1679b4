// Live events (server/events, docs/api.md "Live events"): one row per thing staff should hear of at once (a booking,
// feedback, an application, a question, a collaborator or a referral from the public intake; a record sent for
// review; a decision on one's own submission), written in the transaction of the write that causes it. Who may read
// it is kept with it as the engine's own terms — the access rule (shared/resources/access.ts), whether website
// membership applies, the record's submitter, and a single recipient when there is one — so each user's stream,
// replay, recent list and unread count ask the same question. What a user has read and muted is kept per user.
import { addIdColumn } from '../dialect';
import type { SitedeskMigration } from '../migrate';

export const m0027_events: SitedeskMigration = {
  name: '0027_events',
  async up(db, dialect) {
    await addIdColumn(db.schema.createTable('events'), dialect)
      .addColumn('time', 'text', (c) => c.notNull())
      /** booking | feedback | application | question | collaborator | referral | review-requested | review-decided */
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('websiteId', 'integer', (c) => c.notNull())
      /** the definition's name ('booking', 'news') */
      .addColumn('resource', 'text', (c) => c.notNull())
      .addColumn('recordId', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      /** a decision: 'approve' or 'decline' */
      .addColumn('detail', 'text')
      /** JSON: the access rule a reader must pass (['member', 'reviewer', 'notSubmitter']) */
      .addColumn('rule', 'text', (c) => c.notNull())
      /** readers must be staff of the website (a website-scoped record) */
      .addColumn('scoped', 'boolean', (c) => c.notNull())
      .addColumn('submittedBy', 'integer')
      /** the only recipient (a decision: its submitter); null: everyone the rule lets in */
      .addColumn('userId', 'integer')
      .execute();
    await db.schema.createIndex('events_time').on('events').columns(['time']).execute();
    await db.schema
      .createTable('event_reads')
      .addColumn('userId', 'integer', (c) => c.notNull())
      .addColumn('eventId', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('event_reads_pk', ['userId', 'eventId'])
      .execute();
    await db.schema
      .createTable('event_settings')
      .addColumn('userId', 'integer', (c) => c.primaryKey())
      /** JSON: the kinds the user does not want */
      .addColumn('muted', 'text', (c) => c.notNull())
      /** "mark all read": every event up to this id is read */
      .addColumn('readThrough', 'integer', (c) => c.notNull())
      .execute();
  },
};
