import { resources } from '../../../../shared/resources';
import type { ResourceDef } from '../../../../shared/resources/define';
import { i18next } from '../../core/i18n';
import { currentUi, resourceTitle } from '../labels';
import type { HistoryActor } from './model';

/**
 * Names of what history entries speak of, in the interface language — one set for the record's History panel, the
 * audit log and the trash: an area (an entry's `resource`: a definition's title, or a hand-written writer's — files,
 * folders, accounts — from the `audit` namespace), an operation (the `history` namespace's words, else a status move's
 * button label), who (a user's name, or the kind of actor), a hand-written writer's field (the changes themselves:
 * ./changeView.ts).
 */
const defs = resources as Record<string, ResourceDef>;

/**
 * Writers that are not definitions (server: files, folders, sign-ins, integration keys, push tokens, a user's
 * notification settings, personal data retention, trash retention).
 */
export const OTHER_AREAS = ['file', 'folder', 'user', 'integrationKey', 'pushToken', 'eventSettings', 'privacyRetention', 'trashRetention'] as const;

/**
 * An area's name: a definition's as the side navigation names its screen (its `screen.nav.title`, else its title:
 * app/navTitle.ts; the console loads those namespaces with the navigation), a hand-written writer's from `audit:areas`.
 */
export function areaLabel(resource: string): string {
  const def = defs[resource];
  const navTitle = def?.screen?.nav?.title;
  if (navTitle && i18next.exists(navTitle)) return i18next.t(navTitle);
  if (def) return resourceTitle(def);
  return i18next.t(`audit:areas.${resource}`, { defaultValue: resource });
}

/** Every area an entry can name, by its label (the area filter's options). */
export function areaOptions(): { value: string; label: string }[] {
  const names = [...new Set<string>([...Object.keys(defs), ...OTHER_AREAS])];
  return names.map((value) => ({ value, label: areaLabel(value) })).sort((a, b) => a.label.localeCompare(b.label));
}

/** The operations that have words of their own (`history:operations`); the status moves add theirs. */
const OPERATIONS = ['create', 'update', 'delete', 'restore', 'signIn', 'signInFailed', 'signOut', 'sessionRevoked', 'twoFactorSetup', 'twoFactorEnable', 'twoFactorDisable', 'pay', 'reverse', 'revoke', 'read', 'reorder', 'rotateSecret', 'replay', 'send', 'erase', 'view', 'export', 'retention'] as const;

/** A status move's label by its name (approve → "Duyệt"): `def`'s own first, else the first definition's that has it. */
function moveLabel(operation: string, def?: ResourceDef): string | undefined {
  const ui = currentUi();
  for (const d of def ? [def, ...Object.values(defs)] : Object.values(defs)) {
    for (const machine of d.machines ?? []) {
      const move = machine.moves.find((m) => m.name === operation);
      if (move) return move.label[ui];
    }
  }
  return undefined;
}

export function operationLabel(operation: string, def?: ResourceDef): string {
  if (i18next.exists(`history:operations.${operation}`)) return i18next.t(`history:operations.${operation}`);
  return moveLabel(operation, def) ?? operation;
}

export function operationOptions(): { value: string; label: string }[] {
  const moves = Object.values(defs).flatMap((d) => (d.machines ?? []).flatMap((m) => m.moves.map((move) => move.name)));
  return [...new Set<string>([...OPERATIONS, ...moves])].map((value) => ({ value, label: operationLabel(value) }));
}

/** Who wrote: a user's name; the public intake (a visitor), an integration key (with its name) or the server itself. */
export function actorLabel(actor: HistoryActor | undefined): string {
  if (!actor) return '';
  if (actor.kind === 'user') return actor.fullName || i18next.t('history:actor.unknown');
  const kind = i18next.t(`history:actor.${actor.kind}`, { defaultValue: actor.kind });
  return actor.fullName ? `${kind}: ${actor.fullName}` : kind;
}

/** A field no definition names (a hand-written writer's): `history:fields`, else its wire name. */
export const otherFieldLabel = (field: string): string => i18next.t(`history:fields.${field}`, { defaultValue: field });
