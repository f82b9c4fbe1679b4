import { Alert, Card, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { resources } from '../../../../shared/resources';
import type { ResourceDef } from '../../../../shared/resources/define';
import { idOf, type Row } from '../../resources/dataProvider';
import { editPath } from '../../resources/navigation';
import { fieldLabel } from '../../resources/labels';
import { ResourceEditor } from '../../resources/ResourceEditor';
import { ResourceList } from '../../resources/ResourceList';
import { useAccess } from '../../resources/access';
import { localized, useWorkspace } from '../../core/workspace';
import { webhook } from '../../../../shared/resources/webhook';
import { WebhooksTab } from './WebhooksTab';

/**
 * /info-website: Information (the website's settings), Social Network, Branch Contact, Hard Content,
 * Languages, Preview (the preview addresses per delivery area), and for administrators the publish webhooks. The active tab comes from the router state (`{ tab: 3 }` after saving a hard content, branch
 * contact or social network, spec part 1 section 2) and is kept there, so Back returns to it.
 */
export const INFO_TABS = ['information', 'socialNetwork', 'branchContact', 'hardContent', 'languages', 'previews', 'webhooks'] as const;

function InfoList({ def, tab }: { def: ResourceDef; tab: number }) {
  const navigate = useNavigate();
  const backTo = { path: '/info-website', state: { tab } };
  return (
    <ResourceList
      def={def}
      onAdd={() => navigate(def.routes!.add!, { state: { backTo } })}
      onOpen={(row: Row) => navigate(editPath(def, idOf(def, row)!)!, { state: { backTo } })}
    />
  );
}

const flagLabel = (name: string) => {
  const def = resources.websiteLanguage;
  const field = def.fields.find((f) => f.name === name)!;
  return fieldLabel(def, field);
};

function Languages() {
  const { t } = useTranslation('resources');
  const { website } = useWorkspace();
  // Languages are changed on the website's own form: offered to whoever may change the website (its access).
  const mayEdit = useAccess(resources.website).can('update').allowed;
  return (
    <>
      <Table
        rowKey="languageId"
        size="small"
        pagination={false}
        dataSource={website?.websiteLanguages ?? []}
        columns={[
          { key: 'id', title: t('info-website.languageId'), dataIndex: 'languageId' },
          { key: 'name', title: t('info-website.languageName'), dataIndex: 'name' },
          { key: 'active', title: flagLabel('isActive'), dataIndex: 'isActive', render: (v: boolean) => <Tag color={v ? 'success' : undefined}>{v ? t('yes') : t('no')}</Tag> },
          { key: 'default', title: flagLabel('isDefault'), dataIndex: 'isDefault', render: (v: boolean) => (v ? <Tag color="blue">{t('yes')}</Tag> : null) },
        ]}
      />
      {website && mayEdit && (
        <Typography.Paragraph style={{ marginTop: 12 }}>
          <Link to={`/website/${encodeURIComponent(String(website.id))}`}>{t('info-website.editLanguages')}</Link>
        </Typography.Paragraph>
      )}
    </>
  );
}

export default function InfoWebsitePage() {
  const { t } = useTranslation('resources');
  const location = useLocation();
  const navigate = useNavigate();
  const { website, language } = useWorkspace();
  // The webhooks are the administrators' (their definition's access): the tab is not there for anyone else.
  const webhooks = useAccess(webhook).can('list').allowed;
  const tabs = webhooks ? INFO_TABS.length : INFO_TABS.length - 1;
  const requested = Number((location.state as { tab?: unknown } | null)?.tab);
  const active = Number.isInteger(requested) && requested >= 0 && requested < tabs ? requested : 0;

  if (!website) return <Alert type="info" showIcon message={t('info-website.noWebsite')} />;
  return (
    <Card>
      <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
        {t('info-website.title')}: {localized(website.name, language)}
      </Typography.Title>
      <Tabs
        activeKey={String(active)}
        onChange={(key) => navigate('.', { replace: true, state: { ...(location.state as object | null), tab: Number(key) } })}
        items={[
          { key: '0', label: t('info-website.information'), children: <ResourceEditor def={resources.settings} embedded /> },
          { key: '1', label: t('info-website.socialNetwork'), children: <InfoList def={resources.socialNetwork} tab={1} /> },
          { key: '2', label: t('info-website.branchContact'), children: <InfoList def={resources.branchContact} tab={2} /> },
          { key: '3', label: t('info-website.hardContent'), children: <InfoList def={resources.hardContent} tab={3} /> },
          { key: '4', label: t('info-website.languages'), children: <Languages /> },
          { key: '5', label: t('info-website.previews'), children: <InfoList def={resources.websitePreview} tab={5} /> },
          ...(webhooks ? [{ key: '6', label: t('info-website.webhooks'), children: <WebhooksTab /> }] : []),
        ]}
      />
    </Card>
  );
}
