import { resources } from '../../../../shared/resources';
import { workspaceLanguages } from '../../resources/languages';
import { ResourceEditPage } from '../../resources/ResourcePages';
import { useWorkspace } from '../../core/workspace';
import type { Row } from '../../resources/dataProvider';
import { websiteRowLanguages } from './WebsiteListPage';

/**
 * /website/add and /website/{websiteId}: the website form in the website's own languages (vi-VN while it has
 * none), its languages and staff below. Any change refreshes the header's website selector (names,
 * languages); a language change also refreshes the form's tabs, keeping unsaved edits.
 */
export default function WebsiteEditPage() {
  const { reloadWebsites } = useWorkspace();
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
    />
  );
}
