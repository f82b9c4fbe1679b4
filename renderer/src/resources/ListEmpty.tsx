import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Skeleton } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What a list shows when it has no rows: skeleton rows while it loads (never "no data" under a spinner), then an
 * empty state that offers the first record ("Thêm tin tức đầu tiên"), or says nothing matches when filtered.
 * Spread the result into a ProTable: `<ProTable {...useListEmpty({ title, onAdd })} … />`.
 */
export function useListEmpty({ title, onAdd, filtered }: { title: string; onAdd?: () => void; filtered?: boolean }) {
  const { t } = useTranslation('resources');
  const [loading, setLoading] = useState(true);
  let emptyText: ReactNode;
  if (loading) emptyText = <Skeleton active title={false} paragraph={{ rows: 4 }} data-testid="list-loading" />;
  else if (filtered) emptyText = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emptyFiltered')} />;
  else
    emptyText = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emptyList', { title: title.toLocaleLowerCase() })}>
        {onAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            {t('addFirst', { title: title.toLocaleLowerCase() })}
          </Button>
        )}
      </Empty>
    );
  return {
    onLoadingChange: (next: unknown) => setLoading(Boolean(next)),
    locale: { emptyText },
  };
}
