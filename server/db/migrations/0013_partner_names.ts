// A partner's name became per language (spec part 2, data model: "Partner: name, description (per-language)"). Rows
// written before hold it as plain text: each becomes `{"<default language>": name}` under its website's default
// language (vi-VN when the website has none), so the name stays where it was and the other languages show it missing.
// The partners table is made from its definition after the migrations (server/resources/schema.ts): on a new
// database it does not exist yet and there is nothing to convert.
import type { Kysely } from 'kysely';
import { FALLBACK_LANGUAGE } from '../../../shared/resources/define';
import { parseTranslations } from '../../../shared/resources/translations';
import type { SitedeskMigration } from '../migrate';

export const m0013_partner_names: SitedeskMigration = {
  name: '0013_partner_names',
  async up(db) {
    await perLanguageNames(db, 'partners');
  },
};

/** Plain-text `name`s of `table` → per-language JSON under the website's default language. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function perLanguageNames(db: Kysely<any>, table: string) {
  if (!(await db.introspection.getTables()).some((t) => t.name === table)) return;
  const rows = (await db.selectFrom(table).select(['id', 'websiteId', 'name']).execute()) as { id: number; websiteId: number; name: string | null }[];
  const defaults = new Map<number, string>(
    ((await db.selectFrom('website_languages').select(['websiteId', 'languageId']).where('isDefault', '=', true).execute()) as { websiteId: number; languageId: string }[]).map(
      (r) => [Number(r.websiteId), r.languageId],
    ),
  );
  for (const row of rows) {
    const map = parseTranslations(row.name);
    if (row.name && !('*' in map)) continue; // already per language
    const text = map['*'] ?? '';
    const name = JSON.stringify(text ? { [defaults.get(Number(row.websiteId)) ?? FALLBACK_LANGUAGE]: text } : {});
    await db.updateTable(table).set({ name }).where('id', '=', row.id).execute();
  }
}
