import { Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { banner, bannerItem } from '../../../../shared/resources/banner';
import { useWorkspace } from '../../core/workspace';
import { buildColumns } from '../../resources/columns';
import { createDataProvider, listKey, type Row } from '../../resources/dataProvider';
import { useQuery } from '@tanstack/react-query';
import { serverRead } from '../../resources/queries';
import { resourceTitle } from '../../resources/labels';
import { ResourceListPage } from '../../resources/ResourcePages';
import { columnLabels } from '../../resources/ResourceList';

/** A banner's items as they are, read-only (the master-detail row of /banner). */
function BannerItems({ bannerId }: { bannerId: number }) {
  const { websiteId, language, languages } = useWorkspace();
  const { t } = useTranslation('resources');
  // Through the query client: an item saved in the banner's editor invalidates these (bannerItem), so they read again.
  const context = { websiteId, language };
  const query = useQuery({
    queryKey: listKey(bannerItem, context, { parentId: bannerId }),
    queryFn: serverRead((meta) => createDataProvider(bannerItem, context).getList({ parentId: bannerId, meta })),
  });
  const rows = query.data?.data ?? (query.error ? [] : null);
  const columns = useMemo(() => buildColumns(bannerItem, { language, languages, searchPanel: false, labels: columnLabels(t) }), [language, languages, t]);
  return (
    <Table<Row>
      data-testid={`banner-items-${bannerId}`}
      size="small"
      rowKey={(row) => String(row.id)}
      loading={rows === null}
      dataSource={rows ?? []}
      columns={columns.map((c) => ({ key: String(c.key), title: c.title as string, render: (_: unknown, row: Row, i: number) => (c.render as (d: unknown, r: Row, i: number) => unknown)?.(null, row, i) as never }))}
      pagination={false}
    />
  );
}

/** /banner: the generic list, each row opening onto its items; right-click offers "Chi tiết Banner". */
export default function BannerListPage() {
  const { t } = useTranslation('resources');
  return <ResourceListPage def={banner} expandedRow={(row) => <BannerItems bannerId={row.id as number} />} openLabel={t('openNamed', { title: resourceTitle(banner) })} />;
}
