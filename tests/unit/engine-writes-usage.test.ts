// Issue 38 "Every write through the engine": no module tells the write listeners itself or makes a record's
// concurrency stamp, but the engine (server/resources) and the writers that keep a store of their own. A module that
// did would write without the engine's stamp, history, live event and webhooks in one place (the webhook dispatcher
// did until its attempts went through engine.change).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linesBreaking, sourceFiles, type LineRule } from './source-scan';

const ROOT = path.resolve(__dirname, '../..');
const SERVER = path.join(ROOT, 'server');

/** Writers allowed to do either, and why. */
const ALLOWED: Record<string, string> = {
  'server/resources/': 'the engine itself',
  'server/team/ledger.ts': "the ledger (payments: a collaborator's action over many referrals at once)",
  'server/auth/routes.ts': 'the sign-in records: a sign-in (or a refused one) is the entry, no record is written',
  'server/auth/tokens.ts': 'the sign-in records: a session ended (sign-out, a reused token) is the entry of its user',
  'server/files/': 'the file catalogue, a store of its own (folders and files, with their own stamps)',
  'server/demo/': "the start-up: the demo's expert questions (demo/questions.ts), recorded by bootstrap.ts recordDemoQuestions",
  'server/db/migrations/': 'migrations: columns, not writes',
};

const FORBIDDEN: LineRule[] = [
  { rule: 'tells the write listeners by hand (use engine.change / engine.own)', pattern: /\bwrites[?!]?\.tell\(/ },
  { rule: 'makes a concurrency stamp by hand (the engine makes it)', pattern: /concurrencyStamp\s*:\s*randomUUID\(/ },
];

describe('writes outside the engine', () => {
  it("only the engine, the ledger, the sign-in records, the file catalogue and the demo's questions write by hand", () => {
    const allowed = (file: string) => {
      const rel = path.relative(ROOT, file).split(path.sep).join('/');
      return Object.keys(ALLOWED).some((a) => rel === a || (a.endsWith('/') && rel.startsWith(a)));
    };
    const found = linesBreaking(
      sourceFiles(SERVER).filter((file) => !allowed(file)),
      FORBIDDEN,
      ROOT,
    );
    expect(found, found.join('\n')).toEqual([]);
  });

  it('the rules catch what they are for', () => {
    const caught = (line: string) => FORBIDDEN.some(({ pattern }) => pattern.test(line));
    expect(caught('await this.writes?.tell(db, {')).toBe(true);
    expect(caught('await app.writes.tell(trx, event);')).toBe(true);
    expect(caught('await this.writes!.tell(trx, event);')).toBe(true);
    expect(caught('.set({ isDefault: false, concurrencyStamp: randomUUID() })')).toBe(true);
    expect(caught('await engine.change(ctx, def, scope, id, values);')).toBe(false);
    expect(caught('if (current.concurrencyStamp !== stamp) throw stale(current);')).toBe(false);
  });
});
