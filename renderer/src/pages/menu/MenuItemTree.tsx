import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { resources } from '../../../../shared/resources';
import type { ResourceDef } from '../../../../shared/resources/define';
import { ChildTree } from '../../resources/ChildTree';
import { createDataProvider, idOf, type Id, type Row } from '../../resources/dataProvider';
import { optionLabel } from '../../resources/labels';
import type { Placement } from '../../resources/tree';
import { TreeParentSelect } from '../../resources/TreeParentSelect';
import { useWorkspace } from '../../core/workspace';
import { ObjectPicker, ObjectTypeSelect } from './ObjectPicker';

const def: ResourceDef = resources.menuItem;
const objectTypeField = def.fields.find((f) => f.name === 'objectType')!;

/**
 * The items of a menu as a tree: drag and drop re-orders and re-parents (saved at once through
 * `PUT Menus/item/order/{website}/{menuId}`), the popup (1000×850, a tab per language) edits every item field,
 * with the parent among this menu's items and the linked object picked by its type.
 */
export function MenuItemTree({ menuId }: { menuId: Id }) {
  const { t } = useTranslation('editorial');
  const { websiteId } = useWorkspace();

  async function reorder(items: Placement[]) {
    const { message } = await createDataProvider(def, { websiteId }).custom({ path: def.api.actions!.reorder, params: { menuId }, body: items });
    return { message };
  }

  const describe = (row: Row) => {
    const option = objectTypeField.options?.find((o) => String(o.value) === String(row.objectType));
    const link = typeof row.seoLink === 'string' && row.seoLink ? row.seoLink : typeof row.url === 'string' ? row.url : '';
    return (
      <>
        {option && <Tag bordered={false}>{optionLabel(def, objectTypeField, option)}</Tag>}
        {link && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {link}
          </Typography.Text>
        )}
        {row.isActive === false && <Tag>{t('menu.inactive')}</Tag>}
      </>
    );
  };

  return (
    <>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('menu.dragHint')}
      </Typography.Paragraph>
      <ChildTree
        def={def}
        parentId={menuId}
        reorder={reorder}
        describe={describe}
        inputs={(row) => ({
          parentId: ({ id, value, onChange, disabled, label }) => (
            <TreeParentSelect
              lookup="api:Menus/item/get-all/{website}/{menuId}"
              params={{ menuId }}
              recordId={idOf(def, row)}
              id={id}
              value={value}
              onChange={onChange}
              disabled={disabled}
              aria-label={label}
            />
          ),
          objectType: (props) => <ObjectTypeSelect {...props} />,
          objectId: (props) => <ObjectPicker {...props} knownLabel={typeof row.seoLink === 'string' ? row.seoLink : undefined} />,
        })}
      />
    </>
  );
}
