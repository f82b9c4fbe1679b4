// "May this user do this" as a button shows it: the definition's rule read with the user, a role's refusal hiding the
// button, a refusal about the record disabling it with the rule's words (the server's 403 says the same).
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMINS, REVIEWERS, ruleOf } from '../../../shared/resources/access';
import { website } from '../../../shared/resources/website';
import { initI18n } from '../core/i18n';
import { permission } from './access';

const ADMIN = { id: 1, role: 'admin', canReview: true } as const;
const STAFF = { id: 3, role: 'staff', canReview: false } as const;

beforeAll(async () => {
  await initI18n('vi-VN');
});

describe('permission', () => {
  it('lets members do what the definition leaves open, and only administrators what it gives them', () => {
    expect(permission(ruleOf(website.access, 'list'), STAFF)).toEqual({ allowed: true, hidden: false });
    expect(permission(ruleOf(website.access, 'update'), ADMIN)).toEqual({ allowed: true, hidden: false });
    expect(permission(ruleOf(website.access, 'update'), STAFF)).toEqual({ allowed: false, hidden: true, reason: 'Chỉ quản trị viên được thực hiện thao tác này' });
    expect(permission(ADMINS, null).hidden).toBe(true);
  });

  it('hides a review from whoever lacks the permission, and disables it on their own submission, saying why', () => {
    expect(permission(REVIEWERS, STAFF, { submittedBy: 9 })).toMatchObject({ allowed: false, hidden: true });
    expect(permission(REVIEWERS, ADMIN, { submittedBy: 1 })).toEqual({ allowed: false, hidden: false, reason: 'Không thể tự duyệt nội dung do chính mình gửi duyệt' });
    expect(permission(REVIEWERS, ADMIN, { submittedBy: 2 }).allowed).toBe(true);
  });
});
