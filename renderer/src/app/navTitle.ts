import type { TFunction } from 'i18next';
import { currentUi, resourceTitle } from '../resources/labels';
import { isGroup, NAV, type NavTitle } from './nav';

/** The namespaces the menu's titles live in (the screens' own: `news:title`…), loaded with the menu. */
export const NAV_NAMESPACES: string[] = [
  ...new Set(['common', ...NAV.flatMap((entry) => (isGroup(entry) ? entry.areas : [entry])).flatMap((area) => ('key' in area.title ? [area.title.key.split(':')[0]] : []))]),
];

/** An area's name in the interface language: the title its screen shows (`t` of a hook that loads NAV_NAMESPACES). */
export function navTitle(title: NavTitle, t: TFunction): string {
  if ('resource' in title) return resourceTitle(title.resource);
  if ('label' in title) return title.label[currentUi()];
  return t(title.key);
}
