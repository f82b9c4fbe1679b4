import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { resources } from '../../../../shared/resources';
import { workspaceLanguages } from '../../resources/languages';
import { ResourceEditPage } from '../../resources/ResourcePages';
import { useWorkspace } from '../../core/workspace';
import { notifySuccess } from '../../core/notices';
import type { Row } from '../../resources/dataProvider';
import { RoleSelect, roleNameText } from '../../features/roles/RoleSelect';
import { setMemberRole } from '../../features/roles/api';
import { websiteRowLanguages } from './WebsiteListPage';

/**
 * /website/add and /website/{websiteId}: the website form in the website's own languages (vi-VN while it has
 * none), its languages and staff below. Any change refreshes the header's website selector (names,
 * languages); a language change also refreshes the form's tabs, keeping unsaved edits. Each member of the staff has
 * a role on the website (issue 39), changed in the table and chosen when adding them.
 */
export default function WebsiteEditPage() {
  const { reloadWebsites } = useWorkspace();
  const { t } = useTranslation('roles');
  const { websiteId } = useParams();

  // The role column: a select that gives the member another role at once (PUT Websites/user/{website}/{userId}).
  const roleColumn: ProColumns<Row> = {
    key: 'roleName',
    title: t('role'),
    width: 200,
    render: (_, row) => (
      <RoleSelect
        size="small"
        value={row.roleId}
        fallback={roleNameText(row.roleName as string | undefined)}
        aria-label={t('memberRole')}
        data-testid={`member-role-${String(row.userId)}`}
        onChange={(roleId) => {
          if (websiteId === undefined || websiteId === 'add') return;
          void setMemberRole(websiteId, row.userId as number, roleId).then(
            () => notifySuccess(t('roleChanged')),
            () => undefined, // the client showed the server's Message
          );
        }}
      />
    ),
  };

  return (
    <ResourceEditPage
      def={resources.website}
      languages={(record: Row | null) => (record ? (websiteRowLanguages(record) ?? workspaceLanguages([])) : workspaceLanguages([]))}
      onSaved={() => void reloadWebsites()}
      onChildrenChanged={(refreshForm) => {
        // The lookups (its languages) were invalidated by the child's write (resources/queries.ts).
        void reloadWebsites();
        void refreshForm();
      }}
      childSlots={{
        websiteUser: {
          // The generic role column (its name) gives way to the select; it goes before the row's actions.
          columns: (generic) => {
            const others = generic.filter((c) => c.key !== 'roleName' && c.key !== 'roleId');
            const at = others.findIndex((c) => c.key === '__actions');
            return at < 0 ? [...others, roleColumn] : [...others.slice(0, at), roleColumn, ...others.slice(at)];
          },
          // Adding a member (or opening one) picks the role; none picked is Staff.
          formFields: ['roleId'],
          inputs: { roleId: ({ id, value, onChange, disabled, label }) => <RoleSelect id={id} value={value} onChange={onChange} disabled={disabled} aria-label={label} data-testid="member-role-input" /> },
        },
      }}
    />
  );
}
