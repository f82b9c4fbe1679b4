import { resources } from '../../../../shared/resources';
import type { ResourceDef } from '../../../../shared/resources/define';
import { i18next } from '../../core/i18n';
import { currentUi, resourceTitle } from '../../resources/labels';
import type { EntryActor } from '../../resources/trash';

/**
 * Names of what history entries speak of, in the interface language: an area (the entry's `resource`: a definition's
 * title, or a hand-written writer's — files, folders, sign-ins — from the `audit` namespace) and an operation (create,
 * update, delete, restore, a status move by its button's label, an action by its own word).
 */
const defs = resources as Record<string, ResourceDef>;

/** Writers that are not definitions (server: files, folders, sign-ins, integration keys). */
export const OTHER_AREAS = ['file', 'folder', 'user', 'integrationKey'] as const;

export function areaLabel(resource: string): string {
  const def = defs[resource];
  if (def) return resourceTitle(def);
  return i18next.t(`audit:areas.${resource}`, { defaultValue: resource });
}

/** Every area an entry can name, by its label (the area filter's options). */
export function areaOptions(): { value: string; label: string }[] {
  const names = [...Object.keys(defs), ...OTHER_AREAS];
  return names.map((value) => ({ value, label: areaLabel(value) })).sort((a, b) => a.label.localeCompare(b.label));
}

/** The operations every writer uses, then the actions that have words of their own. */
const BASE_OPERATIONS = ['create', 'update', 'delete', 'restore', 'signIn', 'signInFailed', 'pay', 'reverse', 'revoke', 'read', 'reorder'] as const;

/** A status move's label by its name (approve → "Duyệt"), from the definitions' machines. */
function moveLabels(): Map<string, string> {
  const ui = currentUi();
  const map = new Map<string, string>();
  for (const def of Object.values(defs)) for (const machine of def.machines ?? []) for (const move of machine.moves) if (!map.has(move.name)) map.set(move.name, move.label[ui]);
  return map;
}

export function operationLabel(operation: string): string {
  if (i18next.exists(`audit:operations.${operation}`)) return i18next.t(`audit:operations.${operation}`);
  return moveLabels().get(operation) ?? operation;
}

export function operationOptions(): { value: string; label: string }[] {
  const names = new Set<string>([...BASE_OPERATIONS, ...moveLabels().keys()]);
  return [...names].map((value) => ({ value, label: operationLabel(value) }));
}


/** Who wrote: a user's name; the public intake, an integration key (with its name) or the server itself as words. */
export function actorLabel(actor: EntryActor | undefined): string {
  if (!actor) return '';
  if (actor.kind === 'user') return actor.fullName ?? String(actor.id ?? '');
  const kind = i18next.t(`audit:actorKinds.${actor.kind}`, { defaultValue: actor.kind });
  return actor.fullName ? `${kind}: ${actor.fullName}` : kind;
}
