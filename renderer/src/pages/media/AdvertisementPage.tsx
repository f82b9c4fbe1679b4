import type { ProColumns } from '@ant-design/pro-components';
import { Space, Tabs, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { advertisement, advertisementTitle, MEDIA_KINDS } from '../../../../shared/resources/advertisement';
import { ChildCollection } from '../../resources/ChildCollections';
import type { Row } from '../../resources/dataProvider';
import { optionLabel, resourceTitle } from '../../resources/labels';
import { editPath } from '../../resources/navigation';
import { ResourceList } from '../../resources/ResourceList';
import { useUrlTab } from './useUrlTab';
import { MediaPlayer } from './MediaPlayer';

/** The player column after the file's (before the row buttons): music gets the shorter player. */
const withPlayer =
  (title: string) =>
  (columns: ProColumns<Row>[]): ProColumns<Row>[] => {
    const player: ProColumns<Row> = {
      key: 'player',
      title,
      search: false,
      width: 280,
      render: (_, row) => (typeof row.url === 'string' && row.url ? <MediaPlayer url={row.url} /> : null),
    };
    return [...columns.slice(0, -1), player, ...columns.slice(-1)];
  };

/** One media kind's advertisements: the list of that type; a new one is of that type. */
function MediaAds({ type }: { type: number }) {
  const { t } = useTranslation('media');
  const kind = MEDIA_KINDS.find((k) => k.value === type)!;
  const label = optionLabel(advertisement, advertisement.fields.find((f) => f.name === 'type')!, kind);
  return (
    <ChildCollection
      def={advertisement}
      params={{ type }}
      adapter={{ toBody: (body) => ({ ...body, type }) }}
      inputs={{ type: () => <Tag color={kind.color}>{label}</Tag> }}
      headerTitle={label}
      columns={withPlayer(t('preview'))}
    />
  );
}

/**
 * /advertisement: video advertisements, music advertisements, and the waiting screens (each opening onto its
 * detail, "Chi tiết Màn hình chờ"). The tab is in the address, so back and reload come back to it.
 */
export default function AdvertisementPage() {
  const { t } = useTranslation('media');
  const navigate = useNavigate();
  const [tab, setTab] = useUrlTab('tab', 'video');
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ textAlign: 'center', margin: 0 }}>
        {t('advertisements')}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'video', label: t('videoAds'), children: <MediaAds type={0} /> },
          { key: 'music', label: t('musicAds'), children: <MediaAds type={1} /> },
          {
            key: 'screens',
            label: resourceTitle(advertisementTitle),
            children: (
              <ResourceList
                def={advertisementTitle}
                headerTitle={resourceTitle(advertisementTitle)}
                onAdd={() => navigate(advertisementTitle.routes!.add!)}
                onOpen={(row) => navigate(editPath(advertisementTitle, row.id as number)!)}
              />
            ),
          },
        ]}
      />
    </Space>
  );
}
