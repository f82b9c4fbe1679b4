import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { newsDef } from '../../../../shared/editorial';
import { localized } from '../../core/workspace/localized';
import { useWorkspace } from '../../core/workspace';
import { ReviewedListPage } from '../../features/editorial/ReviewedListPage';
import { ImageThumb } from '../../features/files/ImageField';
import { DateTimeCell } from '../../resources/columns';
import type { Row } from '../../resources/dataProvider';
import { fieldLabel, optionLabel } from '../../resources/labels';

/**
 * /news: the website's news in the content language, on the list of reviewed items. Keyword, status and type filters,
 * refresh, export, add; the info button or a double-click opens the detail; the row context menu offers Detail and
 * the review's moves. The definition's columns (title in the content language, active, type, status as coloured tags)
 * with the picture, categories, author and date around them.
 */
const field = (name: string) => newsDef.fields.find((f) => f.name === name)!;
const enumOptions = (name: string) => (field(name).options ?? []).map((o) => ({ value: o.value as number, label: optionLabel(newsDef, field(name), o) }));

export default function NewsListPage() {
  const { t } = useTranslation(['news', 'resources']);
  const { language } = useWorkspace();
  return (
    <ReviewedListPage
      def={newsDef}
      title={t('news:title')}
      filters={[
        { name: 'status', kind: 'int', param: 'approvedStatus', label: t('news:status'), width: 150, options: enumOptions('approvedStatus') },
        { name: 'type', kind: 'int', param: 'type', label: t('news:type'), width: 130, options: enumOptions('type') },
      ]}
      before={[{ key: 'featureImage', title: fieldLabel(newsDef, field('featureImage')), width: 90, render: (_, row) => <ImageThumb url={(row.featureImage as string) || undefined} height={50} /> }]}
      after={[
        {
          key: 'categories',
          title: t('news:categories'),
          render: (_, row) => ((row.categoriesNews as Row[] | undefined) ?? []).map((c) => <Tag key={String(c.categoryId)}>{localized(c.name, language)}</Tag>),
        },
        { key: 'creator', dataIndex: 'creatorFullName', title: t('news:creator') },
        { key: 'createTime', title: t('news:createTime'), render: (_, row) => <DateTimeCell value={row.createTime} /> },
      ]}
      contextMenu={{ detail: t('news:menu.detail'), anchorTestId: 'news-context-anchor' }}
    />
  );
}
