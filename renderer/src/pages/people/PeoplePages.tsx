import { DatePicker, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { booking, recruitment } from '../../../../shared/resources/people';
import type { FieldDef } from '../../../../shared/resources/define';
import { DATE_FORMAT, toWireDay } from '../../core/dates';
import type { FieldInputOverride } from '../../resources/customize';
import type { Row } from '../../resources/dataProvider';
import { ResourceEditPage, ResourceListPage } from '../../resources/ResourcePages';
import { useLookupOptions } from '../../resources/useLookup';
import { ReadOnOpenPage, UnreadListPage } from '../../features/unread/UnreadPages';

const JOBS: FieldDef = { name: 'jobIds', type: 'reference', label: { vi: 'Vị trí ứng tuyển', en: 'Jobs applied for' }, reference: { lookup: 'api:Jobs/get-all/{website}', valueField: 'id', labelField: 'name' } };

/** The jobs applied for: several jobs of the website, chosen by name (stored as their ids). */
function JobsSelect({ id, value, onChange, disabled, label }: Parameters<FieldInputOverride>[0]) {
  const { options, loading } = useLookupOptions(JOBS);
  const ids = Array.isArray(value) ? value.map(Number) : [];
  return (
    <Select
      id={id}
      mode="multiple"
      aria-label={label}
      disabled={disabled}
      loading={loading}
      optionFilterProp="label"
      value={ids}
      onChange={(next: number[]) => onChange?.(next.map(String))}
      options={options.map((o) => ({ value: Number(o.value), label: o.label }))}
    />
  );
}

/** /recruitment: applications, unread ones standing out. */
export const RecruitmentListPage = () => <UnreadListPage def={recruitment} field="fullName" />;
/** /recruitment/add, /recruitment/{id}: opening an unread one marks it read; the jobs are picked by name. */
export const RecruitmentEditPage = () => <ReadOnOpenPage def={recruitment} inputs={{ jobIds: JobsSelect }} />;

const BRANCH = booking.fields.find((f) => f.name === 'branchId')!;

/** /booking: bookings by keyword, branch and appointment dates; export of what matches. */
export function BookingListPage() {
  const { t } = useTranslation('people');
  const { options } = useLookupOptions(BRANCH);
  const [filters, setFilters] = useState<Row>({});
  const set = (patch: Row) => setFilters((now) => ({ ...now, ...patch }));
  return (
    <ResourceListPage
      def={booking}
      params={filters}
      toolbar={[
        <Select key="branch" allowClear aria-label={t('branch')} placeholder={t('branch')} options={options} onChange={(v?: number) => set({ branchId: v })} style={{ width: 200 }} />,
        <DatePicker key="start" aria-label={t('startDate')} placeholder={t('startDate')} format={DATE_FORMAT} onChange={(d) => set({ startDate: d ? toWireDay(d) : undefined })} />,
        <DatePicker key="end" aria-label={t('endDate')} placeholder={t('endDate')} format={DATE_FORMAT} onChange={(d) => set({ endDate: d ? toWireDay(d) : undefined })} />,
      ]}
    />
  );
}

/**
 * /booking/{id}, /booking/edit/{id}: the booking as it was made (read-only: `booking.readOnlyDetail`), and the moves of
 * its status in the bottom bar. /booking/add: a booking taken by phone (the public intake's rules, on the server).
 */
export function BookingDetailPage() {
  const { t } = useTranslation('people');
  // Its status and moves are the generic editor's, from the booking's machine.
  return <ResourceEditPage def={booking} readOnlyNote={() => t('readOnly')} />;
}
