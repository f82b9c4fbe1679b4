import { EditOutlined } from '@ant-design/icons';
import type { ActionType } from '@ant-design/pro-components';
import { Button, Space, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { FieldDef, ResourceDef } from '../../../../shared/resources/define';
import { sick as sickDef, sickTranslationFields } from '../../../../shared/resources/sick';
import { ApiError } from '../../api/client';
import { notifyError, notifySuccess } from '../../core/notices';
import { ImageThumb } from '../../features/files/ImageField';
import { createDataProvider, idOf, type DataProvider, type Row } from '../../resources/dataProvider';
import { resourceTitle } from '../../resources/labels';
import { ResourceList } from '../../resources/ResourceList';
import { useWorkspace } from '../../core/workspace';

const sick: ResourceDef = sickDef;

const FilePickerModal = lazy(() => import('../../features/files/FilePickerModal'));

/**
 * /sick: the sick categories of the website in the content language, grouped by their alphabet letter (the
 * server sorts by the letter's place in the language's alphabet). Columns: letter, name, description, content,
 * SEO link, URL, image (50 px, changed in the grid through the file picker), active. The generic list: add,
 * refresh, delete and info per row; pages of 20/25/50/100 rows, 20 by default (the definition's).
 */
const text = (name: string): FieldDef => {
  const f = sickTranslationFields.find((x) => x.name === name)!;
  // The list answers each text in the requested language already: plain text, not a per-language map (the generic
  // cells show it on at most two lines, rich text without its markup).
  return { ...f, perLanguage: false, list: true };
};
const field = (name: string) => ({ ...sick.fields.find((x) => x.name === name)!, list: true });

export const sickListDef: ResourceDef = {
  ...sick,
  fields: [text('alphabet'), text('name'), text('description'), text('content'), text('seoLink'), field('url'), field('image'), field('isActive')],
};

function ImageCell({ row, provider }: { row: Row; provider: DataProvider }) {
  const { t } = useTranslation('editorial');
  const [open, setOpen] = useState(false);
  const url = typeof row.image === 'string' && row.image ? row.image : undefined;
  async function save(image: string) {
    setOpen(false);
    const id = idOf(sick, row);
    if (id === undefined) return;
    try {
      const result = await provider.update({ id, values: { image }, concurrencyStamp: row.concurrencyStamp as string | undefined });
      notifySuccess(result.message ?? t('sick.imageSaved'));
    } catch (error) {
      // 409: someone changed the record meanwhile. Saved or not, the write invalidated the list: it reads again.
      if (error instanceof ApiError && error.status === 409) notifyError(error.message);
    }
  }
  return (
    <Space size={4} wrap={false} data-testid="sick-image-cell">
      <ImageThumb url={url} height={50} />
      <Tooltip title={t('sick.changeImage')}>
        <Button size="small" type="text" icon={<EditOutlined />} aria-label={`${t('sick.changeImage')}: ${String(row.name ?? '')}`} onClick={() => setOpen(true)} />
      </Tooltip>
      {open && (
        // React events bubble out of the picker's portal to the row: a double-click on a file must not open the record.
        <span onDoubleClick={(e) => e.stopPropagation()}>
          <Suspense fallback={null}>
            <FilePickerModal open accept="image" currentUrl={url} onCancel={() => setOpen(false)} onPick={(file) => void save(file.url)} />
          </Suspense>
        </span>
      )}
    </Space>
  );
}

export default function SickListPage() {
  const { t } = useTranslation('editorial');
  const navigate = useNavigate();
  const { websiteId, language } = useWorkspace();
  const actionRef = useRef<ActionType>();
  const provider = useMemo(() => createDataProvider(sick, { websiteId, language }), [websiteId, language]);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ textAlign: 'center', margin: 0 }}>
        {resourceTitle(sick)}
      </Typography.Title>
      <ResourceList
        def={sickListDef}
        actionRef={actionRef}
        onOpen={(row) => navigate(`/sick/${encodeURIComponent(String(idOf(sick, row)))}`)}
        onAdd={() => navigate('/sick/add')}
        exportable={false}
        groupBy="alphabet"
        groupTitle={(letter, count) => <span data-testid="sick-group">{t('sick.group', { letter, count })}</span>}
        columns={(generic) =>
          generic.map((column) => {
            // The thumbnail and its change button, on one line: the column is as wide as both.
            if (column.key === 'image') return { ...column, width: undefined, render: (_, row) => <ImageCell row={row} provider={provider} /> };
            return column;
          })
        }
      />
    </Space>
  );
}
