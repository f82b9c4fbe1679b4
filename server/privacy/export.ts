// A person's data export (issue 40, `POST /api/Privacy/export`): one ZIP holding, for each record naming them, a JSON
// file with the person's own values and their history, and the files they sent (an application's CV, the proofs of a
// collaborator's payments). Only the person's values: the record's personal fields (shared/resources/personal.ts),
// never staff notes, statuses or who on the staff wrote what.
import type { FastifyInstance } from 'fastify';
import { zipSync, type Zippable } from 'fflate';
import type { ResourceDef } from '../../shared/resources/define';
import { personalFields } from '../../shared/resources/personal';
import { storedFileBytes } from '../files/read';
import { openChanges } from './index';
import type { Subject } from './subjects';

/** One history entry as the export shows it: when, what was done, and the person's values it changed. */
interface ExportedEntry {
  time: string;
  operation: string;
  changes: { field: string; language: string | null; before: unknown; after: unknown }[];
}

/** A per-language value as its languages ({ "vi-VN": …, "en-US": … }), any other as stored. */
function shown(def: ResourceDef, field: string, value: unknown): unknown {
  if (!def.fields.find((f) => f.name === field)?.perLanguage || typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** The name of a record's JSON file and of its folder of files: `booking-1-5` (website 1), `referral-org-7`. */
export const recordKey = (s: Pick<Subject, 'def' | 'websiteId' | 'id'>) => `${s.def.name}-${s.websiteId ?? 'org'}-${s.id}`;

/** The record's history, newest last, each entry with its personal changes opened and nothing else. */
async function historyOf(app: FastifyInstance, subject: Subject): Promise<ExportedEntry[]> {
  const personal = new Set(personalFields(subject.def).map((f) => f.name));
  let q = app.db
    .selectFrom('history_entries')
    .select(['time', 'operation', 'changes'])
    .where('resource', '=', subject.def.name)
    .where('recordId', '=', String(subject.id));
  q = subject.websiteId === null ? q.where('websiteId', 'is', null) : q.where('websiteId', '=', subject.websiteId);
  const rows = await q.orderBy('id').execute();
  const out: ExportedEntry[] = [];
  for (const row of rows) {
    const own = (JSON.parse(row.changes) as ExportedEntry['changes']).filter((c) => personal.has(c.field));
    if (!own.length) continue;
    const opened = await openChanges(app.db, subject.def.name, String(subject.id), own);
    out.push({ time: row.time, operation: row.operation, changes: opened.map((c) => ({ field: c.field, language: c.language, before: c.before, after: c.after })) });
  }
  return out;
}

/** The URLs of the files the person sent: the record's file fields, and for a collaborator the proofs of their payments. */
async function fileUrls(app: FastifyInstance, subject: Subject): Promise<string[]> {
  const urls = personalFields(subject.def)
    .filter((f) => f.personal === 'file' || f.type === 'file')
    .map((f) => subject.row[f.name])
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  if (subject.def.name === 'collaborator') {
    const proofs = await app.db.selectFrom('payments').select('proofUrl').where('collaboratorId', '=', subject.id).where('proofUrl', 'is not', null).orderBy('id').execute();
    urls.push(...proofs.map((p) => p.proofUrl as string));
  }
  return [...new Set(urls)];
}

/** A name safe as a ZIP entry's last part (no folders, no control characters), kept readable. */
const entryName = (name: string) =>
  [...name]
    .map((c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .slice(0, 200) || 'file';

/** The ZIP of the subjects found: `index.json` (what was asked and found), `records/<key>.json`, `files/<key>/<name>`. */
export async function exportZip(app: FastifyInstance, subjects: readonly Subject[], asked: { phone?: string; email?: string }): Promise<Uint8Array> {
  const zip: Zippable = {};
  const index: unknown[] = [];
  const encode = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);
  for (const subject of subjects) {
    const key = recordKey(subject);
    const values = Object.fromEntries(personalFields(subject.def).map((f) => [f.name, shown(subject.def, f.name, subject.row[f.name] ?? null)]));
    const files: string[] = [];
    const taken = new Set<string>();
    for (const url of await fileUrls(app, subject)) {
      const stored = await storedFileBytes(app, url);
      if (!stored) continue;
      let name = entryName(stored.name);
      for (let n = 2; taken.has(name); n++) name = `${n}-${entryName(stored.name)}`;
      taken.add(name);
      zip[`files/${key}/${name}`] = stored.bytes;
      files.push(`files/${key}/${name}`);
    }
    const record = {
      resource: subject.def.name,
      area: subject.def.label,
      website: subject.websiteId,
      id: subject.id,
      createdAt: subject.createdAt,
      values,
      history: await historyOf(app, subject),
      files,
    };
    zip[`records/${key}.json`] = encode(record);
    index.push({ resource: subject.def.name, website: subject.websiteId, id: subject.id, file: `records/${key}.json`, files });
  }
  zip['index.json'] = encode({ exportedAt: app.now().toISOString(), asked, records: index });
  return zipSync(zip, { level: 6 });
}
