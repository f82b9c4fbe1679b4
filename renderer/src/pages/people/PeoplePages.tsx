import { Button, DatePicker, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { booking, BOOKING_MOVES, BOOKING_STATUSES, recruitment } from '../../../../shared/resources/people';
import { optionLabel } from '../../resources/labels';
import type { FieldDef } from '../../../../shared/resources/define';
import { DATE_FORMAT, toWireDay } from '../../core/dates';
import { notifySuccess } from '../../core/notices';
import { confirmDecision } from '../../core/dialogs';
import { useWorkspace } from '../../core/workspace';
import type { FieldInputOverride } from '../../resources/customize';
import { createDataProvider, type Row } from '../../resources/dataProvider';
import type { EditorControls } from '../../resources/ResourceEditor';
import { ResourceEditPage, ResourceListPage } from '../../resources/ResourcePages';
import { useLookupOptions } from '../../resources/useLookup';
import { ReadOnOpenPage, UnreadListPage } from '../site-content/FeedbackPages';
import { DeclineModal } from '../news/DeclineModal';

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

/** The moves a booking's detail offers: confirm, complete, cancel (with a reason). */
function BookingMoves({ editor }: { editor: EditorControls }) {
  const { t } = useTranslation('people');
  const { websiteId } = useWorkspace();
  const [cancelling, setCancelling] = useState(false);
  const record = editor.record;
  if (!record) return null;
  const allowed = BOOKING_MOVES[Number(record.approvedStatus)] ?? [];
  const move = async (status: number, reason?: string) => {
    const answer = await createDataProvider(booking, { websiteId }).custom({ path: booking.api.actions!.status, params: { id: record.id }, body: { status, reason } });
    if (answer.message) notifySuccess(answer.message);
    await editor.reload();
  };
  // The customer is told of a confirmation, and a move cannot be taken back (BOOKING_MOVES): asked first, naming them.
  const decided = async (question: string, okText: string, status: number) => {
    if (await confirmDecision({ title: t(question, { name: String(record.customerName ?? '') }), okText })) await move(status);
  };
  const status = BOOKING_STATUSES.find((s) => s.value === Number(record.approvedStatus));
  const statusField = booking.fields.find((f) => f.name === 'approvedStatus')!;
  return (
    <Space wrap>
      {status && (
        <Tag color={status.color} data-testid="booking-status">
          {optionLabel(booking, statusField, status)}
          {record.cancelReason ? `: ${String(record.cancelReason)}` : ''}
        </Tag>
      )}
      {allowed.includes(1) && (
        <Button type="primary" onClick={() => void decided('confirmConfirm', t('confirm'), 1)}>
          {t('confirm')}
        </Button>
      )}
      {allowed.includes(2) && (
        <Button type="primary" onClick={() => void decided('completeConfirm', t('complete'), 2)}>
          {t('complete')}
        </Button>
      )}
      {allowed.includes(3) && (
        <Button danger onClick={() => setCancelling(true)}>
          {t('cancelBooking')}
        </Button>
      )}
      <DeclineModal
        open={cancelling}
        words={{ title: t('cancelTitle', { name: String(record.customerName ?? '') }), label: t('reason'), send: t('cancelBooking'), required: t('reasonRequired') }}
        onCancel={() => setCancelling(false)}
        onSend={async (reason) => {
          await move(3, reason);
          setCancelling(false);
        }}
      />
    </Space>
  );
}

/**
 * /booking/{id}, /booking/edit/{id}: the booking as it was made (read-only: `booking.readOnlyDetail`), and the moves of
 * its status in the bottom bar. /booking/add: a booking taken by phone (the public intake's rules, on the server).
 */
export function BookingDetailPage() {
  const { t } = useTranslation('people');
  return <ResourceEditPage def={booking} readOnlyNote={() => t('readOnly')} footer={(editor) => <BookingMoves editor={editor} />} />;
}
