import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { resources } from '../../../../shared/resources';
import { ResourceEditPage } from '../../resources/ResourcePages';
import { MenuItemTree } from './MenuItemTree';

/**
 * /menu/add and /menu/{menuId}: the menu form (per-language name and description, position, order, active;
 * Save returns to /menu) and, once the menu has an id, its items as a draggable tree edited in a 1000×850 popup.
 */
export default function MenuEditPage() {
  const { t } = useTranslation('editorial');
  return (
    <ResourceEditPage
      def={resources.menu}
      renderChildren={(menuId) => (menuId === undefined ? <Alert type="info" showIcon message={t('menu.saveFirst')} /> : <MenuItemTree menuId={menuId} />)}
    />
  );
}
