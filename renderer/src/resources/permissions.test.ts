// What a role lets the console show (issue 39): the grants AppSettings answers, read for the header's website — a
// refusal names the role, `own` disables on someone else's record, hidden fields per area, administrators everything.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Grant, UserPermissions } from '../../../shared/permissions';
import { resources } from '../../../shared/resources';
import { initI18n } from '../core/i18n';
import { bothAllow, permission } from './access';
import { hiddenFieldsOf, roleVerdict } from './permissions';

const grant = (ops: Partial<Grant>): Grant => ({ list: 'none', read: 'none', create: 'none', update: 'none', delete: 'none', actions: {}, hiddenFields: [], ...ops });
const LAN = { id: 3 };
const permissions: UserPermissions = {
  isAdmin: false,
  websites: {
    '1': {
      roleId: 3,
      roleName: { 'vi-VN': 'Biên tập viên', 'en-US': 'Editor' },
      grants: {
        News: grant({ list: 'all', read: 'all', create: 'all', update: 'own', delete: 'none', actions: { approve: false }, hiddenFields: ['author'] }),
      },
    },
  },
};

beforeAll(async () => {
  await (await initI18n('vi-VN')).loadNamespaces('resources');
});

describe('roleVerdict', () => {
  it('refuses, hidden and naming the role, what the grant leaves at none, and any area it does not name', () => {
    expect(roleVerdict(permissions, 1, resources.news, 'list', LAN)).toEqual({ allowed: true, hidden: false });
    expect(roleVerdict(permissions, 1, resources.news, 'delete', LAN)).toMatchObject({ allowed: false, hidden: true, reason: expect.stringContaining('Biên tập viên') });
    expect(roleVerdict(permissions, 1, resources.booking, 'list', LAN)).toMatchObject({ allowed: false, hidden: true });
    expect(roleVerdict(permissions, 2, resources.news, 'list', LAN)).toMatchObject({ allowed: false, hidden: true });
  });

  it('lets `own` act on the user’s own records only, disabled (drawn) on the others', () => {
    expect(roleVerdict(permissions, 1, resources.news, 'update', LAN, { createdBy: 3 }).allowed).toBe(true);
    expect(roleVerdict(permissions, 1, resources.news, 'update', LAN, { createdBy: 4 })).toMatchObject({ allowed: false, hidden: false });
  });

  it('allows actions one by one, and administrators everything with nothing hidden', () => {
    expect(roleVerdict(permissions, 1, resources.news, { action: 'approve' }, LAN).allowed).toBe(false);
    const admin: UserPermissions = { isAdmin: true, websites: {} };
    expect(roleVerdict(admin, 1, resources.booking, 'delete', LAN).allowed).toBe(true);
    expect([...hiddenFieldsOf(admin, 1, resources.news)]).toEqual([]);
    expect([...hiddenFieldsOf(permissions, 1, resources.news)]).toEqual(['author']);
  });

  it('decides nothing without permissions (a server without roles): the declarations alone do', () => {
    expect(roleVerdict(undefined, 1, resources.booking, 'delete', LAN).allowed).toBe(true);
  });
});

describe('bothAllow', () => {
  it('keeps the declaration above the role: a refusal of either hides what the other would allow', () => {
    const declaredNo = permission(['member', 'admin'], { id: 3, role: 'staff' });
    expect(bothAllow(declaredNo, { allowed: true, hidden: false }).allowed).toBe(false);
    expect(bothAllow({ allowed: true, hidden: false }, { allowed: false, hidden: true, reason: 'x' })).toEqual({ allowed: false, hidden: true, reason: 'x' });
    expect(bothAllow({ allowed: true, hidden: false }, { allowed: false, hidden: false, reason: 'own' })).toEqual({ allowed: false, hidden: false, reason: 'own' });
  });
});
