import { Alert, Button, Checkbox, DatePicker, Empty, Modal, Radio, Space, Typography, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDong } from '../../../../shared/money';
import { ApiError } from '../../api/client';
import { DATE_FORMAT, formatDate, toWireDay, toWireDayStart } from '../../core/dates';
import { notifyError, notifySuccess } from '../../core/notices';
import { confirmDecision } from '../../core/dialogs';
import { refusalFor } from '../../features/files/fileTypes';
import { uploadAndWait } from '../../features/files/uploadAndWait';
import { uploads } from '../../features/files/uploads';
import { ROOT_ID } from '../../features/files/types';
import { fetchUnpaid, payCommission, type Member, type Unpaid } from './api';

/** Which unpaid referrals a mode offers: those visited on the day, or in the month before this one. */
export function inPeriod(referral: Unpaid, mode: 0 | 1, day: Dayjs | null, today = dayjs()): boolean {
  if (mode === 0) return Boolean(day) && referral.ngayDenKham === toWireDay(day!);
  return referral.ngayDenKham.startsWith(toWireDay(today.subtract(1, 'month')).slice(0, 8));
}

/**
 * "Thanh toán" (700×640): pay a collaborator's commission by day (default yesterday) or for the previous month.
 * Switching mode clears the selection; select-all takes every referral listed; the proof is uploaded to the file
 * store first; the total is the sum of the selected amounts, in dong. Clicking outside closes it.
 */
export function PaymentModal({ member, onClose, onPaid }: { member: Member; onClose(): void; onPaid(): void }) {
  const { t } = useTranslation('team');
  const { t: tf } = useTranslation('files');
  const [mode, setMode] = useState<0 | 1>(0);
  const [day, setDay] = useState<Dayjs | null>(dayjs().subtract(1, 'day'));
  const [unpaid, setUnpaid] = useState<Unpaid[] | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [proof, setProof] = useState<{ name: string; url?: string; uploading: boolean } | null>(null);
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const load = () => fetchUnpaid(member.id).then(setUnpaid, () => setUnpaid([]));
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per member
  }, [member.id]);

  const listed = useMemo(() => (unpaid ?? []).filter((r) => inPeriod(r, mode, day)), [unpaid, mode, day]);
  const total = listed.filter((r) => chosen.includes(r.id)).reduce((sum, r) => sum + r.point, 0);
  const allChosen = listed.length > 0 && listed.every((r) => chosen.includes(r.id));

  const upload = async (file: File) => {
    const refusal = refusalFor(file, 'file');
    if (refusal) return notifyError(tf(`refused.${refusal.reason}`, refusal));
    setProof({ name: file.name, uploading: true });
    const [stored] = await uploadAndWait(uploads, [file], ROOT_ID);
    setProof(stored ? { name: stored.name, url: stored.url, uploading: false } : null);
    if (!stored) notifyError(t('proofFailed'));
  };

  const pay = async () => {
    setProblem(null);
    if (!chosen.length) return setProblem(t('chooseReferrals'));
    if (!proof?.url) return setProblem(t('proofRequired'));
    // Money paid is taken back only by a reversal in the ledger: asked first, naming the member and the amount.
    if (!(await confirmDecision({ title: t('payConfirm', { amount: formatDong(total), name: member.fullName }), okText: t('pay') }))) return;
    const previous = dayjs().subtract(1, 'month');
    setPaying(true);
    try {
      const answer = await payCommission(member.id, {
        paymentType: mode,
        paymentTime: toWireDayStart(mode === 0 ? day! : dayjs()),
        month: previous.month() + 1,
        year: previous.year(),
        url: proof.url,
        ids: chosen,
      });
      notifySuccess(answer.message);
      onPaid();
    } catch (error) {
      // Someone paid some of them meanwhile: say which, and show what is left to pay.
      if (error instanceof ApiError && error.status === 409) {
        setProblem(error.message);
        setChosen([]);
        await load();
      }
    } finally {
      setPaying(false);
    }
  };

  return (
    <Modal open title={t('payTitle', { name: member.fullName })} width={700} styles={{ body: { minHeight: 640 - 110 } }} onCancel={onClose} maskClosable footer={null}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="payment-popup">
        <Radio.Group
          value={mode}
          onChange={(e) => {
            setMode(e.target.value as 0 | 1);
            setChosen([]);
          }}
          options={[
            { value: 0, label: t('byDay') },
            { value: 1, label: t('previousMonth') },
          ]}
        />
        {mode === 0 && <DatePicker aria-label={t('day')} value={day} format={DATE_FORMAT} allowClear={false} onChange={(d) => setDay(d)} />}
        <div>
          <Checkbox checked={allChosen} indeterminate={!allChosen && chosen.length > 0} disabled={!listed.length} onChange={(e) => setChosen(e.target.checked ? listed.map((r) => r.id) : [])}>
            {t('selectAll')}
          </Checkbox>
          <div style={{ maxHeight: 280, overflowY: 'auto', marginTop: 8 }} role="group" aria-label={t('referrals')}>
            {unpaid === null ? null : listed.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('nothingToPay')} />
            ) : (
              listed.map((r) => (
                <div key={r.id} style={{ display: 'flex', justifyContent: 'space-between', padding: '4px 0' }}>
                  <Checkbox checked={chosen.includes(r.id)} onChange={(e) => setChosen((now) => (e.target.checked ? [...now, r.id] : now.filter((id) => id !== r.id)))}>
                    {r.fullName} · {formatDate(r.ngayDenKham)}
                  </Checkbox>
                  <Typography.Text>{formatDong(r.point)}</Typography.Text>
                </div>
              ))
            )}
          </div>
        </div>
        <Space>
          <Upload
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button loading={proof?.uploading}>{t('proof')}</Button>
          </Upload>
          <Typography.Text type={proof ? undefined : 'secondary'} data-testid="proof-name">
            {proof?.name ?? t('noProof')}
          </Typography.Text>
        </Space>
        <Typography.Title level={5} style={{ margin: 0 }} data-testid="payment-total">
          {t('total', { amount: formatDong(total) })}
        </Typography.Title>
        {problem && <Alert type="error" showIcon message={problem} />}
        <Button type="primary" loading={paying} disabled={proof?.uploading} onClick={() => void pay()}>
          {t('pay')}
        </Button>
      </Space>
    </Modal>
  );
}
