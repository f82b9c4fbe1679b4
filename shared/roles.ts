/**
 * Who may do what (docs/api.md "Roles"). Administrators manage websites, their staff and languages (and the
 * referral team's approval and payments once they exist); staff work on the content of the websites they belong
 * to. Reviewing (approve or decline news, Q&A, services) is a permission of its own, and nobody decides on what
 * they submitted themselves. Who may do what is declared per resource with these (./resources/access.ts): the server
 * refuses (403), the console hides or disables what the user may not do.
 *
 * Runtime-free: read by the server and the console.
 */
export type Role = 'admin' | 'staff';

export const ROLES: readonly Role[] = ['admin', 'staff'];

export interface Permissions {
  role: Role;
  canReview: boolean;
}

export const isAdmin = (user: { role?: Role } | null | undefined): boolean => user?.role === 'admin';

