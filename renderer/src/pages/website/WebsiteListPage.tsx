import { useTranslation } from 'react-i18next';
import { resources } from '../../../../shared/resources';
import { workspaceLanguages } from '../../resources/languages';
import { ResourceListPage } from '../../resources/ResourcePages';
import { useWorkspace } from '../../core/workspace';
import type { Row } from '../../resources/dataProvider';

type LanguageRow = { languageId: string; name?: string; isActive?: boolean; isDefault?: boolean };

/** A website's own languages: its names are checked against them, not against the current website's. */
export const websiteRowLanguages = (row: Row) =>
  Array.isArray(row.websiteLanguages) ? workspaceLanguages(row.websiteLanguages as LanguageRow[]) : undefined;

/** /website: the website list (titled as its menu entry, app/nav.tsx); deleting one refreshes the header's website selector. */
export default function WebsiteListPage() {
  const { t } = useTranslation('resources');
  const { reloadWebsites } = useWorkspace();
  return <ResourceListPage def={resources.website} title={t('website.listTitle')} rowLanguages={websiteRowLanguages} onChanged={() => void reloadWebsites()} />;
}
