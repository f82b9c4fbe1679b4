import type { ActionType } from '@ant-design/pro-components';
import { DatePicker, Form, Input, Modal, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { DATE_FORMAT, DATE_TIME_FORMAT, toWireDay } from '../../core/dates';
import { notifyError, notifySuccess } from '../../core/notices';
import { ResourceListPage } from '../../resources/ResourcePages';
import { useAddressedRecord } from '../../resources/useAddressedRecord';
import { FilterSelect } from '../../resources/FilterSelect';
import { PATIENT_STATUSES, referral } from '../../../../shared/resources/team';
import type { FieldDef } from '../../../../shared/resources/define';
import { optionLabel } from '../../resources/labels';
import { activeMembers, fetchPatient, updatePatient, type Patient } from './api';
import { HistoryButton } from '../../resources/history/HistoryPanel';

/** The statuses, as the definition declares them (labels in the interface language). */
const statusField = (referral.fields as readonly FieldDef[]).find((f) => f.name === 'status')!;
const statuses = (except?: number) => PATIENT_STATUSES.filter((s) => s.value !== except).map((s) => ({ value: s.value, label: optionLabel(referral, statusField, s) }));
/** What staff may set: every status but 1 (Hoàn thành), which only the clinic's integration records. */
const COMPLETED = 1;

type Values = { fullName: string; phoneNumber: string; appointmentDate: Dayjs | null; description: string; status: number };

/** The patient popup (600×400): name and phone required; a completed visit keeps its status and appointment date. */
function PatientModal({ id, onClose, onSaved, onChanged }: { id: number; onClose(): void; onSaved(): void; onChanged(): void }) {
  const { t } = useTranslation('team');
  const [form] = Form.useForm<Values>();
  const [patient, setPatient] = useState<Patient | null>(null);
  const [saving, setSaving] = useState(false);
  /** Show the patient as saved (after loading, or after a version of their History was restored). */
  const show = (p: Patient) => {
    setPatient(p);
    form.resetFields();
    form.setFieldsValue({ fullName: p.fullName, phoneNumber: p.phoneNumber, appointmentDate: p.appointmentDate ? dayjs(p.appointmentDate) : null, description: p.description ?? '', status: p.status });
  };
  useEffect(() => {
    fetchPatient(id).then(show, onClose);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load once per patient
  }, [id, form]);
  const completed = patient?.status === COMPLETED;
  const save = async (values: Values) => {
    if (!patient) return;
    setSaving(true);
    try {
      const answer = await updatePatient(patient.id, {
        fullName: values.fullName,
        phoneNumber: values.phoneNumber,
        appointmentDate: completed ? patient.appointmentDate : values.appointmentDate ? values.appointmentDate.toISOString() : null,
        description: values.description,
        status: completed ? COMPLETED : values.status,
        concurrencyStamp: patient.concurrencyStamp,
      });
      if (answer.message) notifySuccess(answer.message);
      onSaved();
    } catch (error) {
      if (error instanceof ApiError) {
        notifyError(error.message);
        // Changed meanwhile (e.g. the visit was completed): show it as it is now.
        if (error.status === 409) fetchPatient(id).then(setPatient, () => undefined);
      }
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={t('patientTitle')} width={600} styles={{ body: { minHeight: 400 - 110 } }} okText={t('save')} cancelText={t('cancel')} okButtonProps={{ loading: saving }} onCancel={onClose} onOk={() => form.submit()} destroyOnHidden
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          {/* Who changed the patient and what (issue 29); a version restored through the patient's own save. */}
          <HistoryButton
            def={referral}
            id={patient?.id}
            record={patient}
            languages={[]}
            restore={{
              stamp: () => patient?.concurrencyStamp,
              isDirty: () => form.isFieldsTouched(),
              async onRestored() {
                show(await fetchPatient(id));
                onChanged();
              },
            }}
          />
          <CancelBtn />
          <OkBtn />
        </>
      )}
    >
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)} data-testid="patient-form">
        <Form.Item name="fullName" label={t('patientName')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }]}>
          <Input />
        </Form.Item>
        <Form.Item name="phoneNumber" label={t('phone')} rules={[{ required: true, whitespace: true, message: t('phoneRequired') }]}>
          <Input />
        </Form.Item>
        <Form.Item name="appointmentDate" label={t('appointmentDate')}>
          <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME_FORMAT} disabled={completed} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="description" label={t('description')}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item label={t('patientStatus')} name={completed ? undefined : 'status'}>
          {completed ? (
            <Typography.Text data-testid="status-completed">{statuses().find((s) => s.value === COMPLETED)?.label}</Typography.Text>
          ) : (
            <Select options={statuses(COMPLETED)} />
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /customer: the generic list of the `referral` definition — server-paged, keyword — with the spec's filters
 * (collaborator, registration dates, status) in its toolbar; the info button opens the patient popup.
 */
export default function CustomerPage() {
  const { t } = useTranslation('team');
  const actionRef = useRef<ActionType>();
  const [filters, setFilters] = useState<{ userId?: number; startDate?: string; endDate?: string; status?: number }>({});
  const [members, setMembers] = useState<{ id: number; fullName: string }[]>([]);
  // The patient a link names (a notification, sitedesk://referrals/…) opens at once; the others from the list.
  const patient = useAddressedRecord();
  useEffect(() => {
    activeMembers().then(setMembers, () => setMembers([]));
  }, []);
  const set = (patch: Partial<typeof filters>) => setFilters((now) => ({ ...now, ...patch }));

  return (
    <>
      <ResourceListPage
        def={referral}
        title={t('customers')}
        actionRef={actionRef}
        params={filters}
        onOpen={(row) => patient.open(row.id as number)}
        toolbar={[
          <FilterSelect
            key="member"
            label={t('collaborator')}
            search
            width={200}
            value={filters.userId}
            onChange={(userId) => set({ userId })}
            options={members.map((m) => ({ value: m.id, label: m.fullName }))}
          />,
          <DatePicker key="start" aria-label={t('startDate')} placeholder={t('startDate')} format={DATE_FORMAT} onChange={(d) => set({ startDate: d ? toWireDay(d) : undefined })} />,
          <DatePicker key="end" aria-label={t('endDate')} placeholder={t('endDate')} format={DATE_FORMAT} onChange={(d) => set({ endDate: d ? toWireDay(d) : undefined })} />,
          <FilterSelect key="status" label={t('statusFilter')} placeholder={t('patientStatus')} width={180} value={filters.status} onChange={(status) => set({ status })} options={statuses().map((o) => ({ ...o, value: Number(o.value) }))} />,
        ]}
      />
      {patient.id !== null && (
        <PatientModal
          id={patient.id}
          onClose={patient.close}
          onSaved={() => {
            patient.close();
            void actionRef.current?.reload();
          }}
          onChanged={() => void actionRef.current?.reload()}
        />
      )}
    </>
  );
}
