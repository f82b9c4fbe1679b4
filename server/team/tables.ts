// Tables of the referral team (server/team): collaborators, the patients they refer, and the payment ledger.
import type { Generated } from 'kysely';

export interface CollaboratorsTable {
  id: Generated<number>;
  fullName: string;
  phoneNumber: string;
  /** YYYY-MM-DD */
  birthday: string | null;
  bankName: string | null;
  bankingNumber: string | null;
  bankAccountName: string | null;
  objectName: string | null;
  /** What the collaborator gives a patient to refer them (the public intake's referrals carry it). */
  referralCode: string;
  /** 1 pending, 2 active, 3 rejected (a CHECK holds it) */
  approvedStatus: number;
  declineReason: string | null;
  /** false: locked (an active member who may not refer or be paid for now) */
  isActive: boolean;
  /** The website the registration came through (null: another channel). */
  websiteId: number | null;
  /** name and phone, folded like every search column (server/resources/search.ts) */
  searchText: string;
  concurrencyStamp: string;
  createdAt: string;
  updatedAt: string;
}

export interface ReferralsTable {
  id: Generated<number>;
  collaboratorId: number;
  websiteId: number | null;
  fullName: string;
  phoneNumber: string;
  /** 0 received, 1 completed (only the clinic's integration sets it), 2 unreachable, 3 cancelled, 4 appointment booked */
  status: number;
  appointmentDate: string | null;
  description: string | null;
  /** The day of the completed visit (YYYY-MM-DD) and its commission in integer dong: set with status 1. */
  visitDate: string | null;
  amount: number | null;
  /** The payment that settled it; null while unpaid (a reversal sets it back). */
  paymentId: number | null;
  searchText: string;
  concurrencyStamp: string;
  createdAt: string;
  updatedAt: string;
}

/** The ledger: rows are inserted, never changed or deleted (triggers refuse it). */
export interface PaymentsTable {
  id: Generated<number>;
  collaboratorId: number;
  /** 'payment', or 'reversal' of the payment in `reversalOf` (which then pays nothing); a CHECK holds it */
  kind: 'payment' | 'reversal';
  reversalOf: number | null;
  /** 0 by day, 1 previous month (payments only) */
  paymentType: number | null;
  /** by day: the day paid for (YYYY-MM-DD) */
  paymentDay: string | null;
  month: number | null;
  year: number | null;
  /** the proof of payment: a stored file's URL */
  proofUrl: string | null;
  reason: string | null;
  /** integer dong: the sum of the lines (negative for a reversal) */
  total: number;
  paidBy: number | null;
  paidByName: string;
  createdAt: string;
}

export interface PaymentLinesTable {
  id: Generated<number>;
  paymentId: number;
  referralId: number;
  amount: number;
}

export interface IntegrationKeysTable {
  id: Generated<number>;
  name: string;
  /** sha256 of the key, hex: the key itself is shown once and never stored */
  keyHash: string;
  /** the first characters, so staff can tell keys apart */
  keyPrefix: string;
  createdBy: number | null;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

declare module '../db/schema' {
  interface Database {
    collaborators: CollaboratorsTable;
    referrals: ReferralsTable;
    payments: PaymentsTable;
    payment_lines: PaymentLinesTable;
    integration_keys: IntegrationKeysTable;
  }
}
