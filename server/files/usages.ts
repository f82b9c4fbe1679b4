// Where stored files are used: every record of a definition whose image, file or media field holds the file's URL
// (album photos and videos, advertisements, waiting screens, banners, news categories …). The file manager asks
// before a delete, so staff see what would lose its picture; the records keep their URL (nothing is cleared).
import type { FastifyInstance } from 'fastify';
import type { FieldDef, Label, ResourceDef } from '../../shared/resources/define';
import { dynamic } from '../resources/index';

const FILE_FIELDS = new Set<FieldDef['type']>(['image', 'file', 'media']);

export interface FileUsage {
  fileId: number;
  /** The resource (its definition's name) and its label. */
  resource: string;
  label: Label;
  id: number;
  websiteId: number | null;
  field: Label;
}

/** The definitions' file columns that exist in the database (a module's own table may store a field elsewhere). */
async function fileColumns(app: FastifyInstance): Promise<{ def: ResourceDef; fields: FieldDef[] }[]> {
  const tables = new Map((await app.db.introspection.getTables()).map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
  const out: { def: ResourceDef; fields: FieldDef[] }[] = [];
  for (const def of Object.values(app.resources.defs)) {
    const columns = tables.get(def.table);
    if (!columns?.has('id')) continue;
    const fields = def.fields.filter((f) => FILE_FIELDS.has(f.type) && !f.perLanguage && !f.computed && columns.has(f.name));
    if (fields.length) out.push({ def, fields });
  }
  return out;
}

export async function fileUsages(app: FastifyInstance, fileIds: number[]): Promise<FileUsage[]> {
  if (!fileIds.length) return [];
  const files = await app.db.selectFrom('files').select(['id', 'url']).where('id', 'in', fileIds).execute();
  if (!files.length) return [];
  const byUrl = new Map(files.map((f) => [f.url, f.id]));
  const urls = [...byUrl.keys()];
  const db = dynamic(app.db);
  const usages: FileUsage[] = [];
  for (const { def, fields } of await fileColumns(app)) {
    const hasWebsite = def.scope === 'website' || def.parent?.resource === 'website';
    for (const field of fields) {
      const rows = (await db
        .selectFrom(def.table)
        .select(['id', field.name, ...(hasWebsite ? ['websiteId'] : [])])
        .where(field.name, 'in', urls)
        .orderBy('id')
        .execute()) as Record<string, unknown>[];
      for (const row of rows) {
        usages.push({
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
  return usages;
}
