import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Col, Empty, Input, Result, Row as GridRow, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { memo, useCallback, useMemo, useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { GRANT_OPERATIONS, SCOPES, type Grant, type Grants, type GrantOperation, type RoleName, type Scope } from '../../../../shared/permissions';
import { ApiError, errorMessage } from '../../api/client';
import { confirmDecision } from '../../core/dialogs';
import { notifySuccess } from '../../core/notices';
import { useWorkspace } from '../../core/workspace';
import { deleteRole, readRole, saveRole, useRoles, roleKey, type Role, type RoleDetail } from '../../features/roles/api';
import { matrixRows, type MatrixGroup as MatrixGroupData, type MatrixRow } from '../../features/roles/matrix';
import { currentUi, fieldLabel, resourceTitle } from '../../resources/labels';
import { serverRead } from '../../resources/queries';

/**
 * /roles (administrators, issue 39): the roles websites' staff may have — the built-ins (Staff, Reviewer, Editor,
 * Receptionist, Recruiter) and any added — and a role's editor: a matrix like Strapi's, the areas grouped as the side
 * navigation groups them (features/roles/matrix.ts, from the registry), each operation none/own/all, the actions and
 * status moves as checkboxes, the fields to hide; its name in both interface languages; who holds it where.
 */
const nameIn = (name: RoleName | undefined) => (name ? (currentUi() === 'en' ? name['en-US'] : name['vi-VN']) || name['vi-VN'] : '');

export function RoleListPage() {
  const { t } = useTranslation('roles');
  const navigate = useNavigate();
  const { data, isLoading } = useRoles();

  async function remove(role: Role) {
    if (!(await confirmDecision({ title: t('deleteConfirm', { name: nameIn(role.name) }), okText: t('delete'), danger: true }))) return;
    try {
      await deleteRole(role.id);
      notifySuccess(t('deleted'));
    } catch {
      // The client showed the server's Message (a role still held by someone).
    }
  }

  const columns: ColumnsType<Role> = [
    { key: 'name', title: t('name'), render: (_, role) => <Link to={`/roles/${role.id}`}>{nameIn(role.name)}</Link> },
    { key: 'builtIn', title: t('builtIn'), width: 140, render: (_, role) => (role.builtIn ? <Tag color="blue">{t('builtIn')}</Tag> : null) },
    {
      key: 'actions',
      title: t('actions'),
      width: 120,
      render: (_, role) =>
        role.builtIn ? null : (
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={`${t('delete')}: ${nameIn(role.name)}`} onClick={() => void remove(role)}>
            {t('delete')}
          </Button>
        ),
    },
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ textAlign: 'center', margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('intro')}</Typography.Text>
      <div style={{ textAlign: 'right' }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/roles/add')}>
          {t('add')}
        </Button>
      </div>
      <Table<Role> data-testid="role-list" rowKey="id" loading={isLoading} dataSource={data ?? []} columns={columns} pagination={false} onRow={(role) => ({ onDoubleClick: () => navigate(`/roles/${role.id}`) })} />
    </Space>
  );
}

const NO_GRANT: Grant = { list: 'none', read: 'none', create: 'none', update: 'none', delete: 'none', actions: {}, hiddenFields: [] };

/** The role's grants over every row of the matrix (an area it does not name is none; actions not set are off). */
function completeGrants(rows: MatrixRow[], grants: Grants | undefined): Grants {
  const out: Grants = {};
  for (const row of rows) {
    const g = grants?.[row.key] ?? NO_GRANT;
    out[row.key] = {
      ...NO_GRANT,
      ...Object.fromEntries(GRANT_OPERATIONS.map((op) => [op, g[op] ?? 'none'])),
      actions: Object.fromEntries(row.actions.map((a) => [a.name, g.actions?.[a.name] === true])),
      hiddenFields: (g.hiddenFields ?? []).filter((f) => row.fields.some((field) => field.name === f)),
    } as Grant;
  }
  return out;
}

interface Draft {
  name: RoleName;
  grants: Grants;
  concurrencyStamp?: string;
}

export function RoleEditPage() {
  const { roleId } = useParams();
  const id = roleId && roleId !== 'add' ? roleId : undefined;
  const { t } = useTranslation('roles');
  const query = useQuery({ queryKey: roleKey(id ?? 'add'), queryFn: serverRead((meta) => readRole(id!, meta)), enabled: id !== undefined, meta: { followChanges: false } });
  if (id !== undefined && query.isLoading) return <Spin />;
  if (id !== undefined && !query.data) return <Result status="404" title={t('notFound')} />;
  // key: a reload (after a conflict) starts from the saved role.
  return <RoleEditor key={`${id ?? 'add'}:${query.data?.concurrencyStamp ?? ''}`} role={query.data ?? null} onReload={() => void query.refetch()} />;
}

function RoleEditor({ role, onReload }: { role: RoleDetail | null; onReload(): void }) {
  const { t } = useTranslation(['roles', 'common', 'resources']);
  const navigate = useNavigate();
  const { websites } = useWorkspace();
  const groups = useMemo(() => matrixRows(), []);
  const rows = useMemo(() => groups.flatMap((g) => g.rows), [groups]);
  const [draft, setDraft] = useState<Draft>(() => ({
    name: role?.name ?? { 'vi-VN': '', 'en-US': '' },
    grants: completeGrants(rows, role?.grants),
    concurrencyStamp: role?.concurrencyStamp,
  }));
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);

  // Stable, so a group's table draws again only when one of its own grants changes (./MatrixGroup below).
  const setGrant = useCallback((key: string, change: (grant: Grant) => Partial<Grant>) => setDraft((d) => ({ ...d, grants: { ...d.grants, [key]: { ...d.grants[key], ...change(d.grants[key]) } } })), []);
  const nameMissing = (lang: keyof RoleName) => attempted && !draft.name[lang].trim();

  async function save() {
    setAttempted(true);
    if (!draft.name['vi-VN'].trim() || !draft.name['en-US'].trim()) return;
    setSaving(true);
    try {
      const { role: saved, message } = await saveRole(role?.id, { name: draft.name, grants: draft.grants, ...(role ? { concurrencyStamp: draft.concurrencyStamp } : {}) });
      notifySuccess(message ?? t('saved'));
      if (!role) navigate(`/roles/${saved.id}`, { replace: true });
      else setDraft((d) => ({ ...d, concurrencyStamp: saved?.concurrencyStamp ?? d.concurrencyStamp }));
    } catch (error) {
      // Someone saved the role since it was read: nothing was overwritten; the user reloads and decides again.
      if (error instanceof ApiError && error.status === 409) setConflict(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    if (!role || !(await confirmDecision({ title: t('deleteConfirm', { name: nameIn(role.name) }), okText: t('delete'), danger: true }))) return;
    try {
      await deleteRole(role.id);
      notifySuccess(t('deleted'));
      navigate('/roles');
    } catch {
      // The client showed the server's Message (the role is held by someone, or built in).
    }
  }

  const memberColumns: ColumnsType<NonNullable<RoleDetail['members']>[number]> = [
    { key: 'fullName', title: t('member'), dataIndex: 'fullName' },
    { key: 'website', title: t('website'), render: (_, m) => websites.find((w) => String(w.id) === String(m.websiteId))?.name ?? `#${m.websiteId}` },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="role-editor">
      <Typography.Title level={3} style={{ textAlign: 'center', margin: 0 }}>
        {role ? t('editTitle', { name: nameIn(role.name) }) : t('addTitle')}
      </Typography.Title>
      {conflict !== null && (
        <Alert
          type="warning"
          showIcon
          data-testid="role-conflict"
          message={t('resources:conflict.title')}
          description={
            <>
              <div>{conflict}</div>
              <div>{t('conflictText')}</div>
            </>
          }
          action={
            <Button size="small" onClick={onReload}>
              {t('reload')}
            </Button>
          }
        />
      )}
      <Card>
        <GridRow gutter={16}>
          {(['vi-VN', 'en-US'] as const).map((lang) => (
            <Col key={lang} xs={24} md={12}>
              <Typography.Text>{t(lang === 'vi-VN' ? 'nameVi' : 'nameEn')}</Typography.Text>
              <Input
                data-testid={`role-name-${lang}`}
                aria-label={t(lang === 'vi-VN' ? 'nameVi' : 'nameEn')}
                maxLength={100}
                status={nameMissing(lang) ? 'error' : undefined}
                value={draft.name[lang]}
                onChange={(e) => setDraft((d) => ({ ...d, name: { ...d.name, [lang]: e.target.value } }))}
              />
              {nameMissing(lang) && <Typography.Text type="danger">{t('nameRequired')}</Typography.Text>}
            </Col>
          ))}
        </GridRow>
      </Card>
      {groups.map((group) => (
        <MatrixGroup key={group.group} group={group} grants={draft.grants} setGrant={setGrant} />
      ))}
      {role && (
        <Card size="small" title={t('members')}>
          {role.members?.length ? (
            <Table size="small" rowKey={(m) => `${m.websiteId}:${m.userId}`} dataSource={role.members} columns={memberColumns} pagination={false} data-testid="role-members" />
          ) : (
            <Empty description={t('noMembers')} />
          )}
        </Card>
      )}
      <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
        <Button onClick={() => navigate('/roles')}>{t('back')}</Button>
        {role && !role.builtIn && (
          <Button danger icon={<DeleteOutlined />} onClick={() => void remove()}>
            {t('delete')}
          </Button>
        )}
        <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} data-testid="role-save">
          {t('save')}
        </Button>
      </Space>
    </Space>
  );
}

interface MatrixGroupProps {
  group: MatrixGroupData;
  grants: Grants;
  setGrant(key: string, change: (grant: Grant) => Partial<Grant>): void;
}

/** One group of the matrix (a card per group of the side navigation): a row per area. */
const MatrixGroup = memo(
  function MatrixGroup({ group, grants, setGrant }: MatrixGroupProps) {
    const { t } = useTranslation(['roles', 'common']);
    const scopeSelect = (row: MatrixRow, op: GrantOperation) => (
      <Select<Scope>
        size="small"
        style={{ width: 96 }}
        data-testid={`grant-${row.key}-${op}`}
        aria-label={`${resourceTitle(row.def)}: ${t(`operation.${op}`)}`}
        value={grants[row.key][op]}
        onChange={(value) => setGrant(row.key, () => ({ [op]: value }))}
        options={SCOPES.map((scope) => ({ value: scope, label: t(`scope.${scope}`) }))}
      />
    );

    const columns: ColumnsType<MatrixRow> = [
      { key: 'area', title: t('area'), width: 200, fixed: 'left', render: (_, row) => <Typography.Text strong>{resourceTitle(row.def)}</Typography.Text> },
      ...GRANT_OPERATIONS.map((op) => ({ key: op, title: t(`operation.${op}`), width: 110, render: (_: unknown, row: MatrixRow) => scopeSelect(row, op) })),
      {
        key: 'actions',
        title: t('actionsColumn'),
        width: 260,
        render: (_, row) =>
          row.actions.length ? (
            <Space size={[8, 4]} wrap>
              {row.actions.map((action) => (
                <Checkbox
                  key={action.name}
                  data-testid={`action-${row.key}-${action.name}`}
                  checked={grants[row.key].actions[action.name] === true}
                  onChange={(e) => setGrant(row.key, (g) => ({ actions: { ...g.actions, [action.name]: e.target.checked } }))}
                >
                  {action.label ? action.label[currentUi()] : t(`action.${action.name}`, { defaultValue: action.name })}
                </Checkbox>
              ))}
            </Space>
          ) : (
            <Typography.Text type="secondary">—</Typography.Text>
          ),
      },
      {
        key: 'hidden',
        title: t('hiddenFields'),
        width: 280,
        render: (_, row) => (
          <Select<string[]>
            mode="multiple"
            size="small"
            allowClear
            style={{ width: '100%' }}
            data-testid={`hidden-${row.key}`}
            aria-label={`${resourceTitle(row.def)}: ${t('hiddenFields')}`}
            placeholder={t('noneHidden')}
            value={grants[row.key].hiddenFields}
            onChange={(hiddenFields) => setGrant(row.key, () => ({ hiddenFields }))}
            options={row.fields.map((f) => ({ value: f.name, label: fieldLabel(f.def, f.field) }))}
            optionFilterProp="label"
          />
        ),
      },
    ];
    return (
      <Card size="small" title={t(`common:nav.group${group.group[0].toUpperCase()}${group.group.slice(1)}`)} data-testid={`matrix-${group.group}`}>
        <Table<MatrixRow> size="small" rowKey="key" dataSource={group.rows} columns={columns} pagination={false} scroll={{ x: 1400 }} onRow={(row) => ({ 'data-testid': `matrix-row-${row.key}` }) as HTMLAttributes<HTMLElement>} />
      </Card>
    );
  },
  // Drawn again only when a grant of its own areas changed (a name typed or another group's change leaves it).
  (before, after) => before.group === after.group && before.setGrant === after.setGrant && before.group.rows.every((r) => before.grants[r.key] === after.grants[r.key]),
);
