// The referral team's answers on the wire (spec part 2 §7 "Team", "Customers"; docs/api.md "Referral team"): the
// server's routes build them (server/team) and the console reads them (renderer/src/pages/team), both typed here.

/** A collaborator with their counts and commission earned (integer dong). */
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
  referralCode: string;
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
