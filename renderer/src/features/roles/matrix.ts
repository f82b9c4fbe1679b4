/**
 * The rows of the role editor's matrix (issue 39), derived from the registry (shared/resources/index.ts), not listed by
 * hand: one row per grant key (shared/permissions.ts `grantKey`: a resource and its child collections share one), in
 * the side navigation's groups and order (screen.nav), with the definition's actions and status moves
 * (`actionsByKey`) and the fields a role may hide (every field of the definitions under that key).
 */
import { actionsByKey, grantKey, UNGRANTED } from '../../../../shared/permissions';
import { resources } from '../../../../shared/resources';
import { NAV_GROUPS, type FieldDef, type NavGroupKey, type ResourceDef } from '../../../../shared/resources/define';

export interface MatrixField {
  name: string;
  def: ResourceDef;
  field: FieldDef;
}

export interface MatrixRow {
  /** The grant key (`News`, `Bookings`, `career`…). */
  key: string;
  /** The definition that names the row (the one with a place in the navigation, else the top-level one). */
  def: ResourceDef;
  group: NavGroupKey;
  order: number;
  /** Its actions and status moves, by name, each with the label of the move when it is one. */
  actions: { name: string; label?: { vi: string; en: string } }[];
  fields: MatrixField[];
}

export interface MatrixGroup {
  group: NavGroupKey;
  rows: MatrixRow[];
}

const all = () => Object.values(resources) as ResourceDef[];

/** The definitions a row stands for, the one naming it first. */
function namingDef(defs: ResourceDef[]): ResourceDef {
  return defs.find((d) => d.screen?.nav) ?? defs.find((d) => !d.parent || d.parent.resource === 'website') ?? defs[0];
}

/** The navigation group of a definition, or of the parent it is a child collection of. */
function placeOf(def: ResourceDef, byName: Map<string, ResourceDef>): { group: NavGroupKey; order: number } | undefined {
  for (let d: ResourceDef | undefined = def; d; d = d.parent ? byName.get(d.parent.resource) : undefined) {
    if (d.screen?.nav) return { group: d.screen.nav.group, order: d.screen.nav.order };
  }
  return undefined;
}

export function matrixRows(defs: readonly ResourceDef[] = all()): MatrixGroup[] {
  const byName = new Map(defs.map((d) => [d.name, d]));
  const byKey = new Map<string, ResourceDef[]>();
  for (const def of defs) {
    const key = grantKey(def);
    if (UNGRANTED.includes(key)) continue;
    byKey.set(key, [...(byKey.get(key) ?? []), def]);
  }
  const actions = actionsByKey([...defs]);
  const moveLabels = new Map<string, { vi: string; en: string }>();
  const rows: MatrixRow[] = [];
  for (const [key, members] of byKey) {
    const def = namingDef(members);
    for (const m of members) for (const machine of m.machines ?? []) for (const move of machine.moves) moveLabels.set(`${key}:${move.name}`, move.label);
    const place = members.map((m) => placeOf(m, byName)).find(Boolean) ?? { group: 'system' as const, order: 1000 };
    const seen = new Set<string>();
    const fields: MatrixField[] = [];
    for (const m of members) {
      for (const field of m.fields) {
        if (seen.has(field.name)) continue;
        seen.add(field.name);
        fields.push({ name: field.name, def: m, field });
      }
    }
    rows.push({
      key,
      def,
      ...place,
      actions: [...(actions.get(key) ?? [])].sort().map((name) => ({ name, label: moveLabels.get(`${key}:${name}`) })),
      fields,
    });
  }
  return NAV_GROUPS.map((group) => ({ group, rows: rows.filter((r) => r.group === group).sort((a, b) => a.order - b.order || a.key.localeCompare(b.key)) })).filter((g) => g.rows.length);
}
