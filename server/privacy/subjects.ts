// A person's records (issue 40, docs/api.md "A person's request"): every record of every definition holding personal
// data (shared/resources/personal.ts) that names the person by phone, e-mail or name, wherever it is (each website,
// and the organisation's team). What the search, the export and the erase of a person's request all start from.
//
// How a value names the person:
//   - a phone: the same number whichever way it was written ("+84 912 345 678" and "0912345678", shared/input.ts
//     `nationalPhone`). The database narrows by the last digits of the stripped column (both dialects have REPLACE),
//     the comparison itself is made here;
//   - an e-mail: the same address, case aside;
//   - a name: the same name folded as the list search folds it (diacritics and case aside, shared/text.ts), narrowed by
//     the record's folded `searchText`, compared here whole (a name inside another is another person).
import { sql, type Expression, type SqlBool } from 'kysely';
import type { FieldDef, ResourceDef } from '../../shared/resources/define';
import { personalRegister } from '../../shared/resources/personal';
import { nationalPhone } from '../../shared/input';
import { foldedText } from '../../shared/text';
import { dialectOf } from '../db/dialect';
import type { Db } from '../db/schema';
import { keywordMatch } from '../http/query';
import { dynamic, hasWebsiteId } from '../resources/index';
import { searchFields } from '../resources/search';
import { trashedRecords } from './trashed';

/** Who a request is about: any of a phone, an e-mail, a name (at least one). */
export interface Person {
  phone?: string;
  email?: string;
  name?: string;
}

/** One record naming the person. */
export interface Subject {
  def: ResourceDef;
  /** null: an organisation record (a collaborator, a referred patient) */
  websiteId: number | null;
  id: number;
  /** The personal fields whose value named the person. */
  fields: string[];
  createdAt: string | null;
  /** The stored row (what the export writes the person's values from). */
  row: Record<string, unknown>;
  /** Deleted, still in the trash (its row: the values it was deleted with). */
  deleted?: boolean;
}

/** Which records a caller may reach: an administrator every one; a staff member where their role grants `privacy`. */
export type Reach = (def: ResourceDef, websiteId: number | null) => boolean;

/**
 * The definitions searched: those with personal fields, but not the accounts (`user`). An account is a staff
 * member's, not a patient's or an applicant's: it is erased by deleting the account (docs/api.md "Accounts"), and
 * erasing its name here would leave a user who cannot sign in nor be told apart in the history.
 */
export function searchedDefinitions(): ResourceDef[] {
  return personalRegister()
    .map((r) => r.def)
    .filter((def) => def.name !== 'user' && (def.idField ?? 'id') === 'id');
}

const phoneFields = (def: ResourceDef) => def.fields.filter((f) => f.personal === 'contact' && (f.format === 'phone' || /phone/i.test(f.name)) && !f.perLanguage);
const emailFields = (def: ResourceDef) => def.fields.filter((f) => f.personal === 'contact' && (f.format === 'email' || /email/i.test(f.name)) && !f.perLanguage);
const nameFields = (def: ResourceDef) => def.fields.filter((f) => f.personal === 'identity' && f.type === 'text' && /name$/i.test(f.name) && !f.perLanguage);

/** A column with the characters a phone number is written with taken out: its digits (and nothing else, in practice). */
const strippedPhone = (column: string) => {
  let expr = sql`${sql.ref(column)}`;
  for (const c of [' ', '.', '-', '(', ')', '+']) expr = sql`replace(${expr}, ${c}, '')`;
  return expr;
};

/** Last digits two writings of a number always share (a Vietnamese subscriber number has nine). */
const TAIL = 8;

const sameEmail = (value: unknown, email: string) => typeof value === 'string' && value.trim().toLowerCase() === email;
const samePhone = (value: unknown, phone: string) => typeof value === 'string' && value.trim() !== '' && nationalPhone(value) === phone;
const sameName = (value: unknown, name: string) => typeof value === 'string' && foldedText([value]) === name;

/** The person's values as they are compared (phone in its national form, e-mail in lower case, name folded). */
function compared(person: Person) {
  return {
    phone: person.phone?.trim() ? nationalPhone(person.phone) : undefined,
    email: person.email?.trim() ? person.email.trim().toLowerCase() : undefined,
    name: person.name?.trim() ? foldedText([person.name]) : undefined,
  };
}

/** Every record naming the person that `reach` allows, each definition's in id order. */
export async function findSubjects(db: Db, person: Person, reach: Reach): Promise<Subject[]> {
  const want = compared(person);
  const dialect = dialectOf(db);
  const out: Subject[] = [];
  for (const def of searchedDefinitions()) {
    const phones = want.phone ? phoneFields(def) : [];
    const emails = want.email ? emailFields(def) : [];
    const names = want.name ? nameFields(def) : [];
    if (!phones.length && !emails.length && !names.length) continue;
    const rows = (await dynamic(db)
      .selectFrom(def.table)
      .selectAll()
      .where((eb) => {
        const any: Expression<SqlBool>[] = [];
        for (const f of phones) any.push(sql<SqlBool>`${strippedPhone(f.name)} like ${`%${want.phone!.replace(/\D/g, '').slice(-TAIL)}`}`);
        for (const f of emails) any.push(sql<SqlBool>`lower(trim(${sql.ref(f.name)})) = ${want.email}`);
        // Narrowed by the folded search text where the names are in it; else every row is compared here.
        if (names.length) any.push(names.every((f) => searchFields(def).includes(f)) ? keywordMatch(want.name!, { dialect, scan: true }) : sql<SqlBool>`1 = 1`);
        return eb.or(any);
      })
      .orderBy('id')
      .execute()) as Record<string, unknown>[];
    const naming = (row: Record<string, unknown>) => {
      const matched = (fields: FieldDef[], same: (value: unknown) => boolean) => fields.filter((f) => same(row[f.name])).map((f) => f.name);
      return [
        ...matched(phones, (v) => samePhone(v, want.phone!)),
        ...matched(emails, (v) => sameEmail(v, want.email!)),
        ...matched(names, (v) => sameName(v, want.name!)),
      ];
    };
    const createdAt = (row: Record<string, unknown>) => (typeof row.createdAt === 'string' ? row.createdAt : null);
    for (const row of rows) {
      const websiteId = hasWebsiteId(def) ? Number(row.websiteId) : null;
      if (!reach(def, websiteId)) continue;
      const fields = naming(row);
      if (fields.length) out.push({ def, websiteId, id: Number(row.id), fields, createdAt: createdAt(row), row });
    }
    // Deleted but still in the trash: the person's values are there too (sealed), opened here to compare.
    for (const t of await trashedRecords(db, def)) {
      const websiteId = hasWebsiteId(def) ? t.websiteId : null;
      if (!reach(def, websiteId)) continue;
      const fields = naming(t.record);
      if (fields.length) out.push({ def, websiteId, id: Number(t.recordId), fields, createdAt: createdAt(t.record), row: t.record, deleted: true });
    }
  }
  return out;
}
