import { describe, expect, it } from 'vitest';
import { deepestArea, isGroup, NAV, navFrom, visibleNav } from './nav';
import { page, roleOpens, screens, screensFor } from './screens';
import type { UserPermissions } from '../../../shared/permissions';
import { resources } from '../../../shared/resources';
import type { ResourceDef } from '../../../shared/resources/define';

/** The locales as the console loads them: `namespace:key` → text. */
const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });
function text(lang: string, key: string): unknown {
  const [ns, path] = key.split(':');
  return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], bundles[`../locales/${lang}/${ns}.json`]?.default);
}

describe('nav registry', () => {
  it('lists every area of both spec documents', () => {
    const paths = NAV.flatMap((e) => (isGroup(e) ? e.areas.map((a) => a.path) : [e.path]));
    for (const path of ['/', '/website', '/info-website', '/news', '/news/category', '/sick', '/menu', '/file', '/partner', '/faq-group', '/faq', '/banner', '/album', '/specialization', '/feedback', '/customerFeedback', '/expert-question-and-answer', '/service-website', '/group-service', '/job', '/recruitment', '/career', '/level', '/job-type', '/booking', '/video', '/advertisement', '/team', '/customer']) {
      expect(paths).toContain(path);
    }
  });

  it('is derived from the registry in the menu order of the spec', () => {
    const order = NAV.map((e) => (isGroup(e) ? [e.key, ...e.areas.map((a) => a.path)] : e.path));
    expect(order).toEqual([
      '/',
      ['website', '/website', '/info-website', '/menu'],
      ['content', '/news', '/news/category', '/sick', '/banner', '/album', '/faq-group', '/faq', '/partner', '/advertisement', '/translations'],
      ['services', '/service-website', '/group-service', '/specialization', '/expert-question-and-answer', '/department', '/service-catalogue'],
      ['feedback', '/feedback', '/customerFeedback'],
      ['recruitment', '/job', '/recruitment', '/career', '/level', '/job-type'],
      ['customers', '/booking', '/team', '/customer'],
      ['media', '/file', '/video'],
      ['system', '/users', '/trash', '/roles', '/audit-log', '/privacy'],
    ]);
  });

  it('has every list of the registry in the navigation and every route of the registry among the screens', () => {
    const defs = Object.values(resources) as ResourceDef[];
    const navPaths = new Set(NAV.flatMap((e) => (isGroup(e) ? e.areas.map((a) => a.path) : [e.path])));
    const routed = new Set(screens.map((s) => s.path));
    for (const def of defs) {
      if (def.routes?.list) expect(navPaths.has(def.routes.list), `${def.name}: ${def.routes.list} has no place in the navigation (screen.nav)`).toBe(true);
      for (const path of [...Object.values(def.routes ?? {}), ...(def.screen?.aliases ?? []).map((a) => a.path)]) expect(routed.has(path), `${def.name}: ${path}`).toBe(true);
    }
    // A definition left out of the registry takes its screens and its area with it.
    const withoutBanner = navFrom(defs.filter((d) => d.name !== 'banner'));
    expect(withoutBanner.flatMap((e) => (isGroup(e) ? e.areas.map((a) => a.path) : [e.path]))).not.toContain('/banner');
  });

  it("names pages that exist, with the export it names", () => {
    const sources = import.meta.glob<string>('../pages/**/*.tsx', { query: '?raw', import: 'default', eager: true });
    for (const def of Object.values(resources) as ResourceDef[]) {
      for (const ref of [def.screen?.list, def.screen?.edit].filter((r): r is string => !!r)) {
        expect(() => page(ref), ref).not.toThrow();
        const [module, name] = ref.split('#');
        const source = sources[`../pages/${module}.tsx`];
        expect(source, ref).toMatch(name ? new RegExp(`export (const|function) ${name}\\b`) : /export default/);
      }
    }
  });

  it('shows an area only when its screen is registered, and a group only with a visible area', () => {
    expect(visibleNav(new Set(['/']))).toEqual([NAV[0]]);
    const withFiles = visibleNav(new Set(['/', '/file']));
    expect(withFiles).toHaveLength(2);
    const media = withFiles[1];
    expect(isGroup(media) && media.areas.map((a) => a.path)).toEqual(['/file']);
  });

  it("opens the roles to administrators only, and a definition's screens only where the role reaches its records (issue 39)", () => {
    const paths = (user: { id: number; role: 'admin' | 'staff' }) => screensFor(user).map((s) => s.path);
    expect(paths({ id: 1, role: 'admin' })).toEqual(expect.arrayContaining(['/roles', '/roles/add', '/roles/:roleId']));
    expect(paths({ id: 3, role: 'staff' })).not.toContain('/roles');
    const bookings = screens.find((s) => s.path === '/booking')!;
    const role = (list: 'none' | 'all') => ({ can: () => ({ allowed: list === 'all', hidden: list === 'none' }) });
    expect(roleOpens(bookings, role('none')).allowed).toBe(false);
    expect(roleOpens(bookings, role('all')).allowed).toBe(true);
    expect(bookings.grant).toEqual({ def: resources.booking, operation: 'list' });
    // A hand-made screen of no definition (the dashboard) opens whatever the role.
    expect(roleOpens(screens.find((s) => s.path === '/')!, role('none')).allowed).toBe(true);
  });

  it('opens Personal data to administrators and to a role granting the privacy action, to nobody else (issue 40)', () => {
    const privacy = screens.find((s) => s.path === '/privacy')!;
    const can = () => ({ allowed: true, hidden: false });
    const grants = (privacyAction: boolean) => ({ Bookings: { list: 'all', read: 'all', create: 'none', update: 'none', delete: 'none', actions: { privacy: privacyAction }, hiddenFields: [] } }) as const;
    const staff = (privacyAction: boolean) => ({ isAdmin: false, websites: { '1': { grants: grants(privacyAction) } } }) as unknown as UserPermissions;
    expect(roleOpens(privacy, { can, permissions: { isAdmin: true, websites: {} } as unknown as UserPermissions }).allowed).toBe(true);
    expect(roleOpens(privacy, { can, permissions: staff(true) }).allowed).toBe(true);
    expect(roleOpens(privacy, { can, permissions: staff(false) })).toMatchObject({ allowed: false, hidden: true });
    expect(roleOpens(privacy, { can }).allowed).toBe(false);
  });

  it('highlights only the deepest area a path is in', () => {
    expect(deepestArea(NAV, '/news/category/3')).toBe('/news/category');
    expect(deepestArea(NAV, '/news/12')).toBe('/news');
    expect(deepestArea(NAV, '/')).toBe('/');
    expect(deepestArea(NAV, '/newsletter')).toBeUndefined();
    expect(deepestArea(NAV, '/no/such/screen')).toBeUndefined();
  });

  // One name per screen (issue 26, item 8): an area has no name of its own but the title its screen shows.
  const areas = NAV.flatMap((e) => (isGroup(e) ? e.areas : [e]));

  it('names each area by the title its screen shows: the definition it lists, or a title of both locales', () => {
    for (const area of areas) {
      if ('resource' in area.title) expect(area.title.resource.routes?.list, area.path).toBe(area.path);
      if ('key' in area.title) for (const lang of ['vi-VN', 'en-US']) expect(typeof text(lang, area.title.key), `${lang} ${area.title.key}`).toBe('string');
    }
  });

  it('gives every area a name of its own in each language', () => {
    for (const [lang, ui] of [['vi-VN', 'vi'], ['en-US', 'en']] as const) {
      const names = areas.map((area) =>
        'resource' in area.title ? area.title.resource.label[ui] : 'label' in area.title ? area.title.label[ui] : text(lang, area.title.key),
      );
      expect(names.filter((name, i) => names.indexOf(name) !== i), lang).toEqual([]);
    }
  });
});
