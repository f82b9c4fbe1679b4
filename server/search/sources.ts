// What the search across definitions (GET /api/Search/{website}) looks in: every definition with an id, searchable
// text fields and a console screen to open (its record's, else its list), and, per definition, which of its fields
// names a record (the title) and which says a little more (the subtitle).
import type { FieldDef, ResourceDef } from '../../shared/resources/define';
import { searchFields } from '../resources/search';

/** Fields that name a record, in the order one is chosen as its title. */
const TITLE_NAMES = ['title', 'name', 'question', 'customerName', 'fullName', 'userName', 'contactValue'];
const PLAIN_TEXT = new Set(['text', 'textarea']);
/** Text that says nothing to a person looking for a record (a link's slug, an address on the web). */
const NOT_SHOWN = new Set(['seoLink', 'url', 'website']);

export interface SearchSource {
  def: ResourceDef;
  /** The searchable text fields shown as a title or subtitle (titles first), when the role sees them. */
  shown: FieldDef[];
  /** The console route of one record (`:param` for its id), or of the list when records have no screen of their own. */
  route: string;
}

/** The definitions the search looks in, in the registry's order. */
export function searchSources(defs: Record<string, ResourceDef>): SearchSource[] {
  const out: SearchSource[] = [];
  for (const def of Object.values(defs)) {
    // Children are reached through their parent's screen; a singleton is one page, not a record to find.
    if (def.singleton || (def.parent && def.parent.resource !== 'website') || (def.idField ?? 'id') !== 'id') continue;
    const route = def.routes?.edit ?? def.routes?.list;
    if (!route) continue;
    const text = searchFields(def).filter((f) => PLAIN_TEXT.has(f.type) && !f.hidden && !NOT_SHOWN.has(f.name) && f.type !== 'url');
    if (!text.length) continue;
    const rank = (f: FieldDef) => (TITLE_NAMES.includes(f.name) ? TITLE_NAMES.indexOf(f.name) : TITLE_NAMES.length);
    out.push({ def, shown: [...text].sort((a, b) => rank(a) - rank(b)), route });
  }
  return out;
}

/** A record's console route: the definition's record route with its id, or its list. */
export const routeOf = (source: SearchSource, id: number): string => source.route.replace(/:[A-Za-z]+/, String(id));
