import { DownloadOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button, Card, Descriptions, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDong } from '../../../../shared/money';
import { isAdmin } from '../../../../shared/roles';
import { fileDate, formatDate, formatDateTime } from '../../core/dates';
import { notifySuccess } from '../../core/notices';
import { confirmDecision } from '../../core/dialogs';
import { useSession } from '../../session';
import { saveFile, toCsv } from '../../resources/export';
import { resolveFileUrl, nameFromUrl } from '../../features/files/urls';
import { useUrlFilters } from '../../resources/useUrlFilters';
import { decide, fetchMember, fetchMembers, setActive, type Member, type Payment } from './api';
import { PaymentModal } from './PaymentModal';
import { ReasonDialog as DeclineModal } from '../../resources/machine';
import { IntegrationKeysButton } from './IntegrationKeys';

export const STATUS_COLORS: Record<number, string> = { 1: 'gold', 2: 'green', 3: 'red' };
const bankOf = (m: Member) => [m.bankAccountName, m.bankingNumber, m.bankName].filter(Boolean).join(' - ');
const day = (value: string | null) => formatDate(value);

/** The status as staff read it: an active member who is locked is "Đã khoá". */
export function MemberStatus({ member }: { member: Member }) {
  const { t } = useTranslation('team');
  if (member.approvedStatus === 2 && !member.isActive) return <Tag color="default">{t('locked')}</Tag>;
  return <Tag color={STATUS_COLORS[member.approvedStatus]}>{t(`status.${member.approvedStatus}`)}</Tag>;
}

/** The selected member's card: who they are, what they earned, what to do, and every payment made to them. */
function MemberCard({ id, onChanged }: { id: number; onChanged(): void }) {
  const { t } = useTranslation('team');
  const { user } = useSession();
  const admin = isAdmin(user);
  const [member, setMember] = useState<(Member & { payments: Payment[] }) | null>(null);
  const [popup, setPopup] = useState<'decline' | 'pay' | null>(null);
  // Only the latest read shows: an earlier one answering late (the list reloading after a change) must not put the
  // card back as it was before the change.
  const latest = useRef(0);
  const load = () => {
    const ticket = ++latest.current;
    return fetchMember(id).then(
      (m) => ticket === latest.current && setMember(m),
      () => ticket === latest.current && setMember(null),
    );
  };
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- per member
  }, [id]);
  if (!member) return null;
  const changed = async (work: Promise<{ message: string }>) => {
    notifySuccess((await work).message);
    await load();
    onChanged();
  };
  const active = member.approvedStatus === 2;
  // The member acts on these (signs in, refers patients, or cannot any more): asked first, naming them.
  const decided = async (question: string, okText: string, work: () => Promise<{ message: string }>, danger = false) => {
    if (await confirmDecision({ title: question, okText, danger })) await changed(work());
  };
  return (
    <Card size="small" data-testid="member-card" title={member.fullName} extra={<MemberStatus member={member} />}>
      <Descriptions size="small" column={2}>
        <Descriptions.Item label={t('bank')}>{bankOf(member) || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('phone')}>{member.phoneNumber}</Descriptions.Item>
        {member.totalPatient > 0 && <Descriptions.Item label={t('invitees')}>{t('inviteesValue', { done: member.totalPatientSuccess, total: member.totalPatient })}</Descriptions.Item>}
        {member.totalPoint > 0 && <Descriptions.Item label={t('totalPoint')}>{formatDong(member.totalPoint)}</Descriptions.Item>}
        {member.approvedStatus === 3 && member.declineReason && <Descriptions.Item label={t('reason')}>{member.declineReason}</Descriptions.Item>}
      </Descriptions>
      {admin && (
        <Space wrap style={{ marginBottom: 12 }}>
          {member.approvedStatus === 1 && (
            <>
              <Button type="primary" onClick={() => void decided(t('approveConfirm', { name: member.fullName }), t('approve'), () => decide(member.id, 2))}>
                {t('approve')}
              </Button>
              <Button danger onClick={() => setPopup('decline')}>
                {t('reject')}
              </Button>
            </>
          )}
          {active && (
            <Button
              danger={member.isActive}
              onClick={() =>
                void decided(t(member.isActive ? 'lockConfirm' : 'unlockConfirm', { name: member.fullName }), member.isActive ? t('lock') : t('unlock'), () => setActive(member.id, !member.isActive), member.isActive)
              }
            >
              {member.isActive ? t('lock') : t('unlock')}
            </Button>
          )}
          {active && member.isActive && (
            <Button type="primary" onClick={() => setPopup('pay')}>
              {t('pay')}
            </Button>
          )}
        </Space>
      )}
      <Typography.Text strong>{t('history')}</Typography.Text>
      <Table<Payment>
        size="small"
        rowKey="id"
        data-testid="payment-history"
        dataSource={member.payments}
        pagination={false}
        locale={{ emptyText: t('noPayments') }}
        columns={[
          { title: t('paidAt'), dataIndex: 'createTime', render: (v: string) => formatDateTime(v) },
          {
            title: t('period'),
            key: 'period',
            render: (_, p) =>
              p.kind === 'reversal' ? t('reversalOf', { id: p.reversalOf, reason: p.reason }) : p.paymentType === 0 ? t('periodDay', { day: day(p.paymentDay) }) : t('periodMonth', { month: p.month, year: p.year }),
          },
          { title: t('referrals'), key: 'referrals', render: (_, p) => p.referrals.map((r) => r.fullName).join(', ') },
          { title: t('amount'), dataIndex: 'total', align: 'right', render: (v: number) => formatDong(v) },
          { title: t('proof'), dataIndex: 'url', render: (v: string | null) => (v ? <a href={resolveFileUrl(v)} target="_blank" rel="noreferrer">{nameFromUrl(v)}</a> : '') },
          { title: t('paidBy'), dataIndex: 'paidByName' },
        ]}
      />
      <DeclineModal
        open={popup === 'decline'}
        words={{ title: t('declineTitle', { name: member.fullName }), label: t('reason'), send: t('reject'), required: t('reasonRequired') }}
        onCancel={() => setPopup(null)}
        onSend={async (reason) => {
          await changed(decide(member.id, 3, reason));
          setPopup(null);
        }}
      />
      {popup === 'pay' && <PaymentModal member={member} onClose={() => setPopup(null)} onPaid={() => { setPopup(null); void load(); onChanged(); }} />}
    </Card>
  );
}

/**
 * /team (Đội nhóm): collaborators, server-paged, by keyword and approval status (kept in the address); the selected
 * row (the first one at first) opens into its card below the row; export of every matching row.
 */
export default function TeamPage() {
  const { t } = useTranslation('team');
  const admin = isAdmin(useSession().user);
  const actionRef = useRef<ActionType>();
  const [filters, setFilter] = useUrlFilters({ approvedStatus: 'int' });
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const [total, setTotal] = useState(0);

  const columns: ProColumns<Member>[] = [
    { title: t('fullName'), dataIndex: 'fullName' },
    { title: t('phone'), dataIndex: 'phoneNumber' },
    { title: t('birthday'), dataIndex: 'birthday', render: (_, m) => day(m.birthday) },
    { title: t('bank'), key: 'bank', render: (_, m) => bankOf(m) },
    { title: t('objectName'), dataIndex: 'objectName' },
    { title: t('createTime'), dataIndex: 'createTime', render: (_, m) => day(m.createTime) },
    { title: t('approvedStatus'), dataIndex: 'approvedStatus', render: (_, m) => <MemberStatus member={m} /> },
  ];

  const exportAll = async () => {
    const rows: Member[] = [];
    for (let page = 1; ; page++) {
      const { data, totalRows } = await fetchMembers({ page, pageSize: 1000, keyword: keyword || undefined, approvedStatus: filters.approvedStatus });
      rows.push(...data);
      if (rows.length >= totalRows || !data.length) break;
    }
    const table = {
      headers: [t('fullName'), t('phone'), t('birthday'), t('bank'), t('objectName'), t('createTime'), t('approvedStatus')],
      rows: rows.map((m) => [m.fullName, m.phoneNumber, day(m.birthday), bankOf(m), m.objectName ?? '', day(m.createTime), m.approvedStatus === 2 && !m.isActive ? t('locked') : t(`status.${m.approvedStatus}`)]),
    };
    saveFile(toCsv(table), 'text/csv;charset=utf-8', `team-${fileDate()}.csv`);
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ textAlign: 'center', margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <ProTable<Member>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        search={false}
        params={{ keyword, approvedStatus: filters.approvedStatus }}
        options={{ reload: true, density: false, setting: false }}
        // Spec §9: the team list also offers its whole count as a page size once there are more than 100.
        pagination={{ defaultPageSize: 10, pageSizeOptions: [10, 25, 50, 100, ...(total > 100 ? [Math.min(total, 1000)] : [])], showSizeChanger: true }}
        request={async ({ current = 1, pageSize = 10 }) => {
          const { data, totalRows } = await fetchMembers({ page: current, pageSize, keyword: keyword || undefined, approvedStatus: filters.approvedStatus });
          setTotal(totalRows);
          // The first row is selected when nothing on the page is.
          setSelected((now) => (now !== null && data.some((m) => m.id === now) ? now : (data[0]?.id ?? null)));
          return { data, total: totalRows, success: true };
        }}
        onRow={(m) => ({ onClick: () => setSelected(m.id), style: { cursor: 'pointer' } })}
        rowClassName={(m) => (m.id === selected ? 'ant-table-row-selected' : '')}
        expandable={{
          expandedRowKeys: selected === null ? [] : [selected],
          showExpandColumn: false,
          expandedRowRender: (m) => <MemberCard id={m.id} onChanged={() => void actionRef.current?.reload()} />,
        }}
        toolBarRender={() => [
          <Input.Search key="keyword" allowClear placeholder={t('keyword')} aria-label={t('keyword')} onSearch={(v) => setKeyword(v.trim())} style={{ width: 220 }} />,
          <Select
            key="status"
            allowClear
            aria-label={t('approvedStatus')}
            placeholder={t('approvedStatus')}
            value={filters.approvedStatus}
            onChange={(v?: number) => setFilter('approvedStatus', v)}
            options={[1, 2, 3].map((s) => ({ value: s, label: t(`status.${s}`) }))}
            style={{ width: 180 }}
          />,
          <Button key="export" icon={<DownloadOutlined />} onClick={() => void exportAll()}>
            {t('export')}
          </Button>,
          ...(admin ? [<IntegrationKeysButton key="keys" />] : []),
        ]}
      />
    </Space>
  );
}
