// The referral team's calls (spec part 2 §7 "Team", "Customers"; docs/api.md "Referral team").
import type { Member, Patient, Payment, Unpaid } from '../../../../shared/team';
import { cmsApi } from '../../api/client';

export type { Member, Patient, Payment, Unpaid };

type Page<T> = { data: T[]; totalRows: number };

export async function fetchMembers(query: { page: number; pageSize: number; keyword?: string; approvedStatus?: number }): Promise<Page<Member>> {
  const { data } = await cmsApi.get<Page<Member>>('/DoiNhom', { params: query });
  return { data: data.data ?? [], totalRows: data.totalRows ?? 0 };
}
export const fetchMember = async (id: number) => (await cmsApi.get<{ data: Member & { payments: Payment[] } }>(`/DoiNhom/detail/${id}`)).data.data;
export const fetchUnpaid = async (id: number) => (await cmsApi.get<{ data: Unpaid[] }>(`/DoiNhom/get-unpaid/${id}`)).data.data ?? [];
export const activeMembers = async () => (await cmsApi.get<{ data: { id: number; fullName: string }[] }>('/DoiNhom/export', { params: { approvedStatus: 2 } })).data.data ?? [];

export const decide = async (id: number, status: 2 | 3, declineReason?: string) =>
  (await cmsApi.put<{ message: string; data: Member }>(`/DoiNhom/status/${id}`, { status, declineReason: declineReason ?? '' })).data;
export const setActive = async (id: number, active: boolean) => (await cmsApi.put<{ message: string; data: Member }>(`/DoiNhom/isActive/${id}/${active}`)).data;

export interface PaymentBody {
  paymentType: 0 | 1;
  /** the chosen day at midnight, as written (`YYYY-MM-DDT00:00:00`): the server reads its day */
  paymentTime: string;
  month: number;
  year: number;
  url: string;
  ids: number[];
}
/** 409 (already paid) is the popup's to show. */
export const payCommission = async (id: number, body: PaymentBody) =>
  (await cmsApi.post<{ message: string; data: { id: number; total: number } }>(`/DoiNhom/payment-commission/${id}`, body, { quietStatuses: [409] })).data;

export async function fetchPatients(query: { page: number; pageSize: number; keyword?: string; status?: number; userId?: number; startDate?: string; endDate?: string }): Promise<Page<Patient>> {
  const { data } = await cmsApi.get<Page<Patient>>('/DoiNhom/ttbn-search', { params: { ...query, userId: query.userId ?? 0 } });
  return { data: data.data ?? [], totalRows: data.totalRows ?? 0 };
}
export const fetchPatient = async (id: number) => (await cmsApi.get<{ data: Patient }>(`/DoiNhom/ttbn-detail/${id}`)).data.data;
export const updatePatient = async (id: number, body: Pick<Patient, 'fullName' | 'phoneNumber' | 'appointmentDate' | 'description' | 'status' | 'concurrencyStamp'>) =>
  (await cmsApi.put<{ message: string; data: Patient }>(`/DoiNhom/ttbn-update/${id}`, body, { quietStatuses: [409, 400] })).data;
