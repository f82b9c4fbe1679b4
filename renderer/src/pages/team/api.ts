import { cmsApi } from '../../api/client';

/** The referral team's calls (spec part 2 §7 "Team", "Customers"; docs/api.md "Referral team"). */
export interface Member {
  id: number;
  fullName: string;
  phoneNumber: string;
  birthday: string | null;
  bankName: string | null;
  bankingNumber: string | null;
  bankAccountName: string | null;
  objectName: string | null;
  approvedStatus: 1 | 2 | 3;
  declineReason: string | null;
  isActive: boolean;
  createTime: string;
  totalPatient: number;
  totalPatientSuccess: number;
  totalPoint: number;
}

export interface Unpaid {
  id: number;
  fullName: string;
  /** the visit day, YYYY-MM-DD */
  ngayDenKham: string;
  /** the commission, integer dong */
  point: number;
}

export interface Payment {
  id: number;
  kind: 'payment' | 'reversal';
  reversalOf: number | null;
  reversed: boolean;
  paymentType: 0 | 1 | null;
  paymentDay: string | null;
  month: number | null;
  year: number | null;
  url: string | null;
  reason: string | null;
  total: number;
  paidByName: string;
  createTime: string;
  referrals: { id: number; fullName: string; visitDate: string; amount: number }[];
}

export interface Patient {
  id: number;
  fullName: string;
  phoneNumber: string;
  status: number;
  appointmentDate: string | null;
  description: string | null;
  visitDate: string | null;
  amount: number | null;
  paid: boolean;
  userFullName: string;
  collaboratorId: number;
  createTime: string;
  concurrencyStamp: string;
}

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
