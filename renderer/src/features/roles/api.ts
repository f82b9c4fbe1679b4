/**
 * The roles of websites' staff on the wire (issue 39, docs/api.md "Roles"; administrators): `GET/POST /api/Roles`,
 * `GET/PUT/DELETE /api/Roles/{id}`, and a member's role on a website (`PUT /api/Websites/user/{website}/{userId}`).
 * Reads go through the query client (keyed by the role definition's name, so the data provider's writes and the
 * server's change number make them stale: resources/queries.ts).
 */
import { useQuery } from '@tanstack/react-query';
import type { Grants, RoleName } from '../../../../shared/permissions';
import { resources } from '../../../../shared/resources';
import { cmsApi } from '../../api/client';
import { invalidateWrites, unwrap } from '../../resources/dataProvider';
import { serverRead, type QueryMeta } from '../../resources/queries';

export interface Role {
  id: number;
  name: RoleName;
  builtIn: boolean;
  grants: Grants;
  concurrencyStamp?: string;
}

export interface RoleMember {
  websiteId: number;
  userId: number;
  fullName: string;
}

export interface RoleDetail extends Role {
  members?: RoleMember[];
}

const changesOf = (headers: unknown, meta?: QueryMeta) => {
  const value = (headers as Record<string, unknown> | undefined)?.['x-changes'];
  if (meta && typeof value === 'string') meta.changes = value;
};

export async function listRoles(meta?: QueryMeta): Promise<Role[]> {
  const { data, headers } = await cmsApi.get<unknown>('/Roles');
  changesOf(headers, meta);
  const body = data as { data?: Role[] } | Role[];
  return Array.isArray(body) ? body : (body.data ?? []);
}

export async function readRole(id: number | string, meta?: QueryMeta): Promise<RoleDetail> {
  const { data, headers } = await cmsApi.get<unknown>(`/Roles/${encodeURIComponent(String(id))}`);
  changesOf(headers, meta);
  return unwrap(data).data as RoleDetail;
}

export const rolesKey = () => [resources.role.name, 'all'];
export const roleKey = (id: number | string) => [resources.role.name, 'one', String(id)];

/** Every role (the staff table's select, the roles list). */
export function useRoles(enabled = true) {
  return useQuery({ queryKey: rolesKey(), queryFn: serverRead((meta) => listRoles(meta)), enabled });
}

type RoleInput = Pick<Role, 'name' | 'grants'> & { concurrencyStamp?: string };

/** Adds a role (the new role, with its id), or saves one with its stamp (a stale stamp is 409: `quietStatuses`). */
export async function saveRole(id: number | undefined, role: RoleInput): Promise<{ role: Role; message?: string }> {
  const { data } = id === undefined ? await cmsApi.post<unknown>('/Roles', role) : await cmsApi.put<unknown>(`/Roles/${id}`, role, { quietStatuses: [409] });
  invalidateWrites(resources.role);
  const answer = unwrap(data);
  return { role: answer.data as Role, message: answer.message };
}

/** Deletes a role (409 while a membership holds it or when built in: the client shows the server's Message). */
export async function deleteRole(id: number): Promise<void> {
  await cmsApi.delete(`/Roles/${id}`);
  invalidateWrites(resources.role);
}

/** Gives a member of a website a role there. */
export async function setMemberRole(websiteId: number | string, userId: number | string, roleId: number): Promise<void> {
  await cmsApi.put(`/Websites/user/${encodeURIComponent(String(websiteId))}/${encodeURIComponent(String(userId))}`, { roleId });
  invalidateWrites(resources.websiteUser);
  invalidateWrites(resources.role);
}
