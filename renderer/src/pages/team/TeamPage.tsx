import { DownloadOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { Button, Card, Descriptions, Drawer, Result, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDong } from '../../../../shared/money';
import { stateOf } from '../../../../shared/resources/machine';
import type { FieldDef } from '../../../../shared/resources/define';
import { collaborator } from '../../../../shared/resources/team';
import { COLLABORATOR_ACTIVITY, COLLABORATOR_STATUSES } from '../../../../shared/team';
import { currentUi, optionLabel } from '../../resources/labels';
import { fileDate, formatDate, formatDateTime } from '../../core/dates';
import { useAccess } from '../../resources/access';
import { saveFile, toCsv } from '../../resources/export';
import { resolveFileUrl, nameFromUrl } from '../../features/files/urls';
import { useUrlFilters } from '../../resources/useUrlFilters';
import { useAddressedRecord } from '../../resources/useAddressedRecord';
import { FilterSelect } from '../../resources/FilterSelect';
import { ResourceListPage } from '../../resources/ResourcePages';
import type { Row } from '../../resources/dataProvider';
import { fetchMember, members, type Member, type Payment } from './api';
import { PaymentModal } from './PaymentModal';
import { StatusMoves } from '../../resources/machine';
import { IntegrationKeysButton } from './IntegrationKeys';
import { HistoryButton } from '../../resources/history/HistoryPanel';

const bankOf = (m: Member) => [m.bankAccountName, m.bankingNumber, m.bankName].filter(Boolean).join(' - ');
const day = (value: string | null) => formatDate(value);

const statusField = (collaborator.fields as readonly FieldDef[]).find((f) => f.name === 'approvedStatus')!;
/** The status as staff read it (the definition's options): an active member who is locked is "Đã khoá" (the activity machine's state). */
function statusOf(member: Member): { label: string; color?: string } {
  if (member.approvedStatus === 2 && !member.isActive) {
    const locked = stateOf(COLLABORATOR_ACTIVITY, false)!;
    return { label: locked.label[currentUi()], color: locked.color };
  }
  const option = COLLABORATOR_STATUSES.find((o) => o.value === member.approvedStatus)!;
  return { label: optionLabel(collaborator, statusField, option), color: option.color };
}
const statusOptions = () => COLLABORATOR_STATUSES.map((o) => ({ value: o.value as number, label: optionLabel(collaborator, statusField, o) }));

export function MemberStatus({ member }: { member: Member }) {
  useTranslation('team'); // follows the interface language
  const { label, color } = statusOf(member);
  return <Tag color={color}>{label}</Tag>;
}

/** The selected member's card: who they are, what they earned, what to do, and every payment made to them. */
function MemberCard({ id, onChanged, missing = null }: { id: number; onChanged(): void; /** Shown when the member cannot be read. */ missing?: ReactNode }) {
  const { t } = useTranslation('team');
  // The definition's rule and the user's role on the website (resources/access.ts).
  const access = useAccess(collaborator);
  const [member, setMember] = useState<(Member & { payments: Payment[] }) | null>(null);
  const [paying, setPaying] = useState(false);
  const [failed, setFailed] = useState(false);
  // Only the latest read shows: an earlier one answering late (the list reloading after a change) must not put the
  // card back as it was before the change.
  const latest = useRef(0);
  const load = () => {
    const ticket = ++latest.current;
    return fetchMember(id).then(
      (m) => {
        if (ticket !== latest.current) return;
        setMember(m);
        setFailed(false);
      },
      () => {
        if (ticket !== latest.current) return;
        setMember(null);
        setFailed(true);
      },
    );
  };
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- per member
  }, [id]);
  if (!member) return failed ? missing : null;
  const reloaded = async () => {
    await load();
    onChanged();
  };
  // Paying is the ledger's (declared with the definition's access), for an active member who is not locked.
  const mayPay = access.can({ action: 'pay' }).allowed && member.approvedStatus === 2 && member.isActive;
  return (
    <Card size="small" data-testid="member-card" title={member.fullName} extra={<MemberStatus member={member} />}>
      <Descriptions size="small" column={2}>
        <Descriptions.Item label={t('bank')}>{bankOf(member) || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('phone')}>{member.phoneNumber}</Descriptions.Item>
        {Boolean(member.totalPatient) && <Descriptions.Item label={t('invitees')}>{t('inviteesValue', { done: member.totalPatientSuccess ?? 0, total: member.totalPatient })}</Descriptions.Item>}
        {Boolean(member.totalPoint) && <Descriptions.Item label={t('totalPoint')}>{formatDong(member.totalPoint ?? 0)}</Descriptions.Item>}
        {member.approvedStatus === 3 && member.declineReason && <Descriptions.Item label={t('reason')}>{member.declineReason}</Descriptions.Item>}
      </Descriptions>
      <Space wrap style={{ marginBottom: 12 }}>
        {/* Approve, reject, lock, unlock: the collaborator's machines (shared/team.ts), drawn by the one decision component. */}
        <StatusMoves def={collaborator} record={member} onMoved={reloaded} />
        {mayPay && (
          <Button type="primary" onClick={() => setPaying(true)}>
            {t('pay')}
          </Button>
        )}
        {/* Who registered, approved, locked or paid the member, and what changed (issue 29); decided by actions, not restored. */}
        <HistoryButton def={collaborator} id={member.id} record={member} languages={[]} />
      </Space>
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
      {paying && <PaymentModal member={member} onClose={() => setPaying(false)} onPaid={() => { setPaying(false); void load(); onChanged(); }} />}
    </Card>
  );
}

/**
 * /team (Đội nhóm): the generic list of the `collaborator` definition — server-paged, keyword, the approval status
 * (kept in the address) — with the selected row (the first one at first) opening into its card below it, and an
 * export of every matching row as staff read them (bank details in one column, a locked member "Đã khoá").
 */
export default function TeamPage() {
  const { t } = useTranslation('team');
  const { t: tc } = useTranslation();
  // The definition's rule and the user's role on the website (resources/access.ts).
  const access = useAccess(collaborator);
  const actionRef = useRef<ActionType>();
  const [filters, setFilter] = useUrlFilters({ approvedStatus: 'int' });
  // The member a link names (`?id=`: a notification, sitedesk://collaborators/…), opened over the list.
  const addressed = useAddressedRecord();
  const [selected, setSelected] = useState<number | null>(null);
  const query = useRef<{ keyword?: string; filters: Record<string, unknown> }>({ filters: {} });

  const exportAll = async () => {
    const rows: Member[] = [];
    for (let page = 1; ; page++) {
      // Read as an export (`export=true`): the server records who exported the team's personal data (issue 40).
      const { data, total } = await members.getList({ page, pageSize: 1000, keyword: query.current.keyword, filters: { ...query.current.filters, export: 'true' } });
      rows.push(...data);
      if (rows.length >= total || !data.length) break;
    }
    const table = {
      headers: [t('fullName'), t('phone'), t('birthday'), t('bank'), t('objectName'), t('createTime'), t('approvedStatus')],
      rows: rows.map((m) => [m.fullName, m.phoneNumber, day(m.birthday), bankOf(m), m.objectName ?? '', day(m.createTime), statusOf(m).label]),
    };
    saveFile(toCsv(table), 'text/csv;charset=utf-8', `team-${fileDate()}.csv`);
  };

  // The definition's columns, with the bank details after the birthday and the status as staff read it.
  const columns = (generic: ProColumns<Row>[]) =>
    generic.flatMap((column): ProColumns<Row>[] => {
      if (column.key === 'approvedStatus') return [{ ...column, render: (_, row) => <MemberStatus member={row as Member} /> }];
      if (column.key === 'birthday') return [column, { key: 'bank', title: t('bank'), render: (_, row) => bankOf(row as Member) }];
      if (column.key === 'createTime') return [{ ...column, render: (_, row) => day(row.createTime as string) }];
      return [column];
    });

  return (
    <>
      <Drawer open={addressed.id !== null} width={640} title={t('title')} onClose={addressed.close} destroyOnHidden>
        {addressed.id !== null && (
          <MemberCard id={addressed.id} onChanged={() => void actionRef.current?.reload()} missing={<Result status="404" title={tc('notFound.title')} />} />
        )}
      </Drawer>
      <ResourceListPage
        def={collaborator}
        title={t('title')}
        actionRef={actionRef}
        columns={columns}
        params={{ approvedStatus: filters.approvedStatus }}
        exportable={false}
        onLoad={({ rows, keyword, filters: sent }) => {
          query.current = { keyword, filters: sent };
          // The first row is selected when nothing on the page is.
          setSelected((now) => (now !== null && rows.some((m) => m.id === now) ? now : ((rows[0]?.id as number | undefined) ?? null)));
        }}
        selection={{ id: selected, onSelect: (row) => setSelected(row.id as number), render: (row) => <MemberCard id={row.id as number} onChanged={() => void actionRef.current?.reload()} /> }}
        toolbar={[
          <FilterSelect key="status" label={t('approvedStatus')} width={180} value={filters.approvedStatus} onChange={(approvedStatus) => setFilter('approvedStatus', approvedStatus)} options={statusOptions()} />,
          <Button key="export" icon={<DownloadOutlined />} onClick={() => void exportAll()}>
            {t('export')}
          </Button>,
          ...(access.can({ action: 'integrationKeys' }).allowed ? [<IntegrationKeysButton key="keys" />] : []),
        ]}
      />
    </>
  );
}
