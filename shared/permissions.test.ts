// The permissions' pure parts (shared/permissions.ts): what a role's grants answer, and the built-in roles as the
// registry's definitions make them.
import { describe, expect, it } from 'vitest';
import { actionsByKey, AREAS, builtInRoles, grantKey, grantsError, handlesPrivacy, hiddenFields, mayAct, mayHandlePrivacy, PRIVACY_ACTION, scopeOf, UNGRANTED, type UserPermissions } from './permissions';
import { resources } from './resources/index';

const defs = Object.values(resources);

describe('permissions', () => {
  const p: UserPermissions = {
    isAdmin: false,
    websites: { '1': { roleId: 9, roleName: { 'vi-VN': 'x', 'en-US': 'x' }, grants: { Bookings: { list: 'own', read: 'own', create: 'all', update: 'none', delete: 'none', actions: { confirm: true }, hiddenFields: ['customerEmail'] } } } },
  };

  it('answers a role on its website, none elsewhere, everything to administrators', () => {
    expect(scopeOf(p, 1, 'Bookings', 'list')).toBe('own');
    expect(scopeOf(p, '1', 'Bookings', 'update')).toBe('none');
    expect(scopeOf(p, 1, 'News', 'list')).toBe('none');
    expect(scopeOf(p, 2, 'Bookings', 'list')).toBe('none');
    expect(mayAct(p, 1, 'Bookings', 'confirm')).toBe(true);
    expect(mayAct(p, 1, 'Bookings', 'cancel')).toBe(false);
    expect(hiddenFields(p, 1, 'Bookings')).toEqual(['customerEmail']);
    const admin = { ...p, isAdmin: true };
    expect([scopeOf(admin, 2, 'News', 'delete'), mayAct(admin, 2, 'News', 'approve'), hiddenFields(admin, 1, 'Bookings')]).toEqual(['all', true, []]);
  });

  it('keys areas by their path segment as History does, children with their parent', () => {
    expect(grantKey(resources.news)).toBe('News');
    expect(grantKey(resources.booking)).toBe('Bookings');
    expect(grantKey(resources.bannerItem)).toBe('Banners');
    expect(grantKey(resources.career)).toBe('career');
    expect(grantKey(resources.collaborator)).toBe('collaborator');
  });

  it('makes the five built-ins over every area, each area in one place of the built-ins', () => {
    const keys = [...actionsByKey(defs).keys()];
    expect(keys.filter((k) => !Object.values(AREAS).flat().includes(k as never))).toEqual([]);
    expect(keys.some((k) => UNGRANTED.includes(k))).toBe(false);
    const [staff, reviewer, editor, receptionist, recruiter] = builtInRoles(defs);
    for (const role of [staff, reviewer, editor, receptionist, recruiter]) {
      expect(Object.keys(role.grants).sort()).toEqual([...keys].sort());
      expect(grantsError(role.grants, defs)).toBeUndefined();
    }
    expect(staff.grants.News.actions).toMatchObject({ approve: false, decline: false });
    expect(reviewer.grants.News.actions).toMatchObject({ approve: true, decline: true });
    expect(editor.grants.Bookings.read).toBe('none');
    expect(editor.grants.QAExperts.hiddenFields).toEqual(['fullName', 'email', 'phoneNumber']);
    expect(receptionist.grants.Recruitments.list).toBe('none');
    expect(receptionist.grants.News).toMatchObject({ read: 'all', update: 'none' });
    expect(recruiter.grants.Recruitments).toMatchObject({ list: 'all', delete: 'all' });
    expect(recruiter.grants.Bookings.list).toBe('none');
  });

  it('offers `privacy` (a person’s data requests) on every area holding personal data, granted by no built-in', () => {
    const actions = actionsByKey(defs);
    for (const key of ['Bookings', 'Feedbacks', 'Recruitments', 'QAExperts', 'CustomerFeedbacks', 'collaborator', 'referral']) expect(actions.get(key)?.has(PRIVACY_ACTION), key).toBe(true);
    expect(actions.get('News')?.has(PRIVACY_ACTION)).toBe(false);
    for (const role of builtInRoles(defs)) expect(Object.values(role.grants).some((g) => g.actions[PRIVACY_ACTION])).toBe(false);

    const granted: UserPermissions = { isAdmin: false, websites: { '1': { ...p.websites['1'], grants: { Bookings: { ...p.websites['1'].grants.Bookings, actions: { privacy: true } } } } } };
    expect([handlesPrivacy(p), handlesPrivacy(granted), handlesPrivacy({ isAdmin: true, websites: {} })]).toEqual([false, true, true]);
    // Its website and its area only; the organisation's records where any role grants it on theirs.
    expect([mayHandlePrivacy(granted, 1, 'Bookings'), mayHandlePrivacy(granted, 2, 'Bookings'), mayHandlePrivacy(granted, 1, 'Feedbacks')]).toEqual([true, false, false]);
    expect(mayHandlePrivacy(granted, null, 'referral')).toBe(false);
    expect(mayHandlePrivacy({ isAdmin: false, websites: { '1': { ...granted.websites['1'], grants: { referral: { ...p.websites['1'].grants.Bookings, actions: { privacy: true } } } } } }, null, 'referral')).toBe(true);
  });
});
