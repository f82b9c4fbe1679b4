// Where stored files are used: every record of a definition whose image, file or media field holds the file's URL
// (album photos and videos, advertisements, waiting screens, banners, news categories …), and every rich text that
// shows it (an <img> or a link in a service's content, a job's description, a news article, a Q&A answer …). The file
// manager asks before a delete, so staff see what would lose its picture; the records keep their URL (nothing is
// cleared).
import { sql, type SqlBool } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { FieldDef, Label, ResourceDef } from '../../shared/resources/define';
import { newsDef } from '../../shared/editorial';
import { sick } from '../../shared/resources/sick';
import { dynamic } from '../resources/index';

const FILE_FIELDS = new Set<FieldDef['type']>(['image', 'file', 'media']);

/**
 * Rich text kept outside its definition's table: the editorial modules' translation rows (one per language, so one
 * record may match twice; it is listed once).
 */
const TRANSLATED_TEXTS: { def: ResourceDef; table: string; id: string }[] = [
  { def: newsDef, table: 'news_translations', id: 'newsId' },
  { def: sick, table: 'sick_translations', id: 'sickId' },
];

/**
 * `column` contains one of `urls` (as stored, or percent-encoded as an editor may write it): LIKE with `\` escaping
 * `%`, `_` and itself (file names often hold `_`), spelled out for both databases.
 */
function containsAny(column: string, urls: string[]) {
  const patterns = [...new Set(urls.flatMap((u) => [u, encodeURI(u)]))].map((u) => `%${u.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return sql<SqlBool>`(${sql.join(patterns.map((p) => sql`${sql.ref(column)} like ${p} escape ${'\\'}`), sql` or `)})`;
}

/** The files (by URL) that a text shows. */
const shownIn = (text: unknown, byUrl: Map<string, number>) =>
  typeof text === 'string' ? [...byUrl].filter(([url]) => text.includes(url) || text.includes(encodeURI(url))).map(([, id]) => id) : [];

export interface FileUsage {
  fileId: number;
  /** The resource (its definition's name) and its label. */
  resource: string;
  label: Label;
  id: number;
  websiteId: number | null;
  field: Label;
}

/**
 * The definitions' columns that exist in the database (a module's own table may store a field elsewhere): their
 * file fields (holding one URL) and their rich-text fields (HTML, per language as JSON, that may show several).
 */
async function fileColumns(app: FastifyInstance): Promise<{ def: ResourceDef; fields: FieldDef[]; richText: FieldDef[] }[]> {
  const tables = new Map((await app.db.introspection.getTables()).map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
  const out: { def: ResourceDef; fields: FieldDef[]; richText: FieldDef[] }[] = [];
  for (const def of Object.values(app.resources.defs)) {
    const columns = tables.get(def.table);
    if (!columns?.has('id')) continue;
    const stored = def.fields.filter((f) => !f.computed && columns.has(f.name));
    const fields = stored.filter((f) => FILE_FIELDS.has(f.type) && !f.perLanguage);
    const richText = stored.filter((f) => f.type === 'richText');
    if (fields.length || richText.length) out.push({ def, fields, richText });
  }
  return out;
}

export async function fileUsages(app: FastifyInstance, fileIds: number[]): Promise<FileUsage[]> {
  if (!fileIds.length) return [];
  const files = await app.db.selectFrom('files').select(['id', 'url']).where('id', 'in', fileIds).execute();
  if (!files.length) return [];
  const byUrl = new Map(files.map((f) => [f.url, f.id]));
  const urls = [...byUrl.keys()];
  // Every definition with file fields, and the translation tables: tables named at run time.
  const db = dynamic(app.db);
  const usages: FileUsage[] = [];
  const seen = new Set<string>();
  const add = (usage: FileUsage) => {
    const key = `${usage.fileId}/${usage.resource}/${usage.id}/${usage.field.en}`;
    if (seen.has(key)) return;
    seen.add(key);
    usages.push(usage);
  };
  for (const { def, fields, richText } of await fileColumns(app)) {
    const hasWebsite = def.scope === 'website' || def.parent?.resource === 'website';
    for (const field of richText) {
      const rows = (await db
        .selectFrom(def.table)
        .select(['id', field.name, ...(hasWebsite ? ['websiteId'] : [])])
        .where(containsAny(field.name, urls))
        .orderBy('id')
        .execute()) as Record<string, unknown>[];
      for (const row of rows) {
        for (const fileId of shownIn(row[field.name], byUrl)) {
          add({ fileId, resource: def.name, label: def.label, id: row.id as number, websiteId: hasWebsite ? (row.websiteId as number) : null, field: field.label });
        }
      }
    }
    for (const field of fields) {
      const rows = (await db
        .selectFrom(def.table)
        .select(['id', field.name, ...(hasWebsite ? ['websiteId'] : [])])
        .where(field.name, 'in', urls)
        .orderBy('id')
        .execute()) as Record<string, unknown>[];
      for (const row of rows) {
        add({
          fileId: byUrl.get(row[field.name] as string)!,
          resource: def.name,
          label: def.label,
          id: row.id as number,
          websiteId: hasWebsite ? (row.websiteId as number) : null,
          field: field.label,
        });
      }
    }
  }
  for (const { def, table, id } of TRANSLATED_TEXTS) {
    for (const field of def.fields.filter((f) => f.type === 'richText')) {
      const rows = (await db
        .selectFrom(table)
        .select([`${id} as id`, field.name, 'websiteId'])
        .where(containsAny(field.name, urls))
        .orderBy(id)
        .execute()) as Record<string, unknown>[];
      for (const row of rows) {
        for (const fileId of shownIn(row[field.name], byUrl)) {
          add({ fileId, resource: def.name, label: def.label, id: row.id as number, websiteId: row.websiteId as number, field: field.label });
        }
      }
    }
  }
  return usages;
}
