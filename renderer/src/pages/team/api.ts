// The referral team's calls (spec part 2 §7 "Team", "Customers"; docs/api.md "Referral team"). Collaborators and
// referred patients go through the generic data provider built from their definitions (shared/resources/team.ts);
// the payment ledger, which is not a resource, has its own two calls here.
import type { Member, Patient, Payment, Unpaid } from '../../../../shared/team';
import { collaborator, referral } from '../../../../shared/resources/team';
import { cmsApi } from '../../api/client';
import { createDataProvider } from '../../resources/dataProvider';

export type { Member, Patient, Payment, Unpaid };

/** The team's records belong to the organisation: no website in their paths. */
export const members = createDataProvider(collaborator, { websiteId: null });
export const patients = createDataProvider(referral, { websiteId: null });

/** A member with every payment made to them (the detail answers them beside the record). */
export const fetchMember = async (id: number): Promise<Member & { payments: Payment[] }> => {
  const member: Member & { payments?: Payment[] } = await members.getOne({ id });
  return { ...member, payments: member.payments ?? [] };
};
/** The collaborator filter of /customer: active members, id and name. */
export const activeMembers = async () => (await members.custom({ path: collaborator.api.actions!.export, query: { approvedStatus: 2 } })).data as { id: number; fullName: string }[];

export const fetchPatient = (id: number): Promise<Patient> => patients.getOne({ id });
export const updatePatient = async (id: number, body: Pick<Patient, 'fullName' | 'phoneNumber' | 'appointmentDate' | 'description' | 'status' | 'concurrencyStamp'>) =>
  (await patients.custom({ path: referral.api.actions!.update, params: { id }, body, quietStatuses: [409, 400] })) as { message?: string; data: Patient };

// ---- the ledger ----

export const fetchUnpaid = async (id: number) => (await cmsApi.get<{ data: Unpaid[] }>(`/DoiNhom/get-unpaid/${id}`)).data.data ?? [];

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
