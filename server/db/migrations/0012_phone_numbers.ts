// A collaborator's phone number is their key (a unique index): from issue 26 on it is stored as its digits with a
// leading + kept (shared/input.ts `normalizePhone`), so "0978 975 965" and "0978-975-965" are one number. Rows
// written before keep the unique index meaningful only once they are stored the same way: each is rewritten, in id
// order. A number that two collaborators already hold written two ways cannot be merged here (each has its own
// referrals and payments): the first keeps the normalised number, the later one keeps what it was written as, for an
// administrator to settle; new registrations of that number are refused either way, as the first holds it.
// Referred patients' numbers are rewritten too, so a search finds them as it finds the new ones.
import { normalizePhone } from '../../../shared/input';
import { foldText } from '../../../shared/text';
import type { SitedeskMigration } from '../migrate';

export const m0012_phone_numbers: SitedeskMigration = {
  name: '0012_phone_numbers',
  async up(db) {
    type Person = { id: number; fullName: string; phoneNumber: string };
    // The search text holds the number as the intake writes it (server/team/intake.ts).
    const rewrite = (table: string, row: Person, phoneNumber: string) =>
      db.updateTable(table).set({ phoneNumber, searchText: foldText(`${row.fullName} ${phoneNumber}`) }).where('id', '=', row.id).execute();
    const rows = (await db.selectFrom('collaborators').select(['id', 'fullName', 'phoneNumber']).orderBy('id').execute()) as Person[];
    const taken = new Set(rows.map((r) => r.phoneNumber));
    for (const row of rows) {
      const normal = normalizePhone(row.phoneNumber);
      if (normal === row.phoneNumber || taken.has(normal)) continue;
      taken.delete(row.phoneNumber);
      taken.add(normal);
      await rewrite('collaborators', row, normal);
    }
    const referrals = (await db.selectFrom('referrals').select(['id', 'fullName', 'phoneNumber']).execute()) as Person[];
    for (const row of referrals) {
      const normal = normalizePhone(row.phoneNumber);
      if (normal !== row.phoneNumber) await rewrite('referrals', row, normal);
    }
  },
};
