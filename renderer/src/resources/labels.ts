import type { EnumOption, FieldDef, ResourceDef } from '../../../shared/resources/define';
import { resources } from '../../../shared/resources';
import { uiLangOf, type UiLang } from '../../../shared/resources/validate';
import { i18next, UI_LANGUAGES } from '../core/i18n';

/**
 * The definitions carry their labels as `{ vi, en }`; they are registered with i18next (namespace `defs`,
 * keys `<resource>.title`, `<resource>.fields.<field>`, `<resource>.options.<field>.<value>`) so labels
 * follow the interface language like every other text of the console.
 */
export const DEFS_NS = 'defs';

function bundleFor(defs: Iterable<ResourceDef>, ui: UiLang) {
  const bundle: Record<string, unknown> = {};
  for (const def of defs) {
    const fields: Record<string, string> = {};
    const options: Record<string, Record<string, string>> = {};
    for (const field of def.fields) {
      fields[field.name] = field.label[ui];
      if (field.options) options[field.name] = Object.fromEntries(field.options.map((o) => [String(o.value), o.label[ui]]));
    }
    const children = Object.fromEntries((def.children ?? []).filter((c) => c.label).map((c) => [c.resource, c.label![ui]]));
    bundle[def.name] = { title: def.label[ui], ...(def.detailTitle ? { detailTitle: def.detailTitle[ui] } : {}), fields, options, children };
  }
  return bundle;
}

let registered = false;
/** Register every definition's labels (idempotent; called when the resource engine loads). */
export function registerResourceLabels(defs: Iterable<ResourceDef> = Object.values(resources)): void {
  const list = [...defs];
  for (const { id } of UI_LANGUAGES) i18next.addResourceBundle(id, DEFS_NS, bundleFor(list, uiLangOf(id)), true, true);
  registered = true;
}

const ensure = () => {
  if (!registered) registerResourceLabels();
};

/** The interface language as the validation messages want it. */
export const currentUi = (): UiLang => uiLangOf(i18next.language);

export function resourceTitle(def: ResourceDef): string {
  ensure();
  return i18next.t(`${DEFS_NS}:${def.name}.title`, { defaultValue: def.label[currentUi()] });
}

/** The editor's title for an existing record: the spec's name for that screen, or "Sửa <title>" / "Edit <title>" ("Chi tiết <title>" for a read-only detail). */
export function resourceDetailTitle(def: ResourceDef): string {
  ensure();
  if (def.detailTitle) return i18next.t(`${DEFS_NS}:${def.name}.detailTitle`, { defaultValue: def.detailTitle[currentUi()] });
  // A detail staff only read (a booking: its status moves by its own buttons) is not titled "Edit …".
  return i18next.t(def.readOnlyDetail ? 'resources:detailTitle' : 'resources:editTitle', { title: resourceTitle(def) });
}

export function fieldLabel(def: ResourceDef, field: FieldDef): string {
  ensure();
  return i18next.t(`${DEFS_NS}:${def.name}.fields.${field.name}`, { defaultValue: field.label[currentUi()] });
}

export function optionLabel(def: ResourceDef, field: FieldDef, option: EnumOption): string {
  ensure();
  return i18next.t(`${DEFS_NS}:${def.name}.options.${field.name}.${String(option.value)}`, { defaultValue: option.label[currentUi()] });
}

export function childLabel(def: ResourceDef, child: { resource: string; label?: { vi: string; en: string } }, fallback: ResourceDef): string {
  ensure();
  return i18next.t(`${DEFS_NS}:${def.name}.children.${child.resource}`, { defaultValue: child.label?.[currentUi()] ?? resourceTitle(fallback) });
}
