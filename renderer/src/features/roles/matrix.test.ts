// The role editor's rows come from the registry: every area a role can grant once, in the navigation's group, with
// the definition's actions and moves and its fields; the areas no role grants (websites, roles) are not rows.
import { describe, expect, it } from 'vitest';
import { actionsByKey } from '../../../../shared/permissions';
import { resources } from '../../../../shared/resources';
import type { ResourceDef } from '../../../../shared/resources/define';
import { matrixRows } from './matrix';
import viRoles from '../../locales/vi-VN/roles.json';
import enRoles from '../../locales/en-US/roles.json';

const defs = Object.values(resources) as ResourceDef[];

describe('matrixRows', () => {
  it('has one row per grant key of the registry, and none for what no role grants', () => {
    const keys = matrixRows(defs).flatMap((g) => g.rows.map((r) => r.key));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.sort()).toEqual([...actionsByKey(defs).keys()].sort());
    expect(keys).not.toContain('Websites');
    expect(keys).not.toContain('Roles');
  });

  it('groups rows as the side navigation does, with the moves as actions and the fields to hide', () => {
    const groups = matrixRows(defs);
    const bookings = groups.find((g) => g.group === 'customers')?.rows.find((r) => r.key === 'Bookings');
    expect(bookings?.def.name).toBe('booking');
    expect(bookings?.actions.map((a) => a.name)).toEqual(expect.arrayContaining(['confirm', 'cancel']));
    expect(bookings?.actions.find((a) => a.name === 'confirm')?.label?.vi).toBeTruthy();
    expect(bookings?.fields.map((f) => f.name)).toContain('customerName');
    // A child collection shares its parent's row (a banner's items are the banners').
    expect(groups.flatMap((g) => g.rows).filter((r) => r.key === 'Banners')).toHaveLength(1);
  });

  it('names every action in both interface languages: a move by its button, any other by the roles texts', () => {
    const unnamed = matrixRows(defs)
      .flatMap((g) => g.rows.flatMap((r) => r.actions))
      .filter((a) => !a.label)
      .filter((a) => !(a.name in viRoles.action) || !(a.name in enRoles.action))
      .map((a) => a.name);
    expect(unnamed).toEqual([]);
  });
});
