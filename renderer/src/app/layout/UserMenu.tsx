import { BgColorsOutlined, LogoutOutlined, SettingOutlined, TranslationOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Space, Typography, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isUiLanguage, UI_LANGUAGES } from '../../core/i18n';
import { session, useSession } from '../../session';
import { THEMES } from '../../core/theme/themes';
import { usePreference } from '../../core/preferences';

/** Avatar menu: Profile, Settings, interface language, theme, Logout (the current language and theme checked). */
export function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const [uiLanguage, setUiLanguage] = usePreference('uiLanguage');
  const [theme, setTheme] = usePreference('theme');

  const logout = async () => {
    try {
      await session.signOut();
      navigate('/login', { replace: true });
    } catch {
      // Spec section 8: a logout error goes to /expiredToken (the local session is wiped either way).
      navigate('/expiredToken', { replace: true });
    }
  };

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: t('header.profile'), onClick: () => navigate('/profile') },
    { key: 'settings', icon: <SettingOutlined />, label: t('header.settings'), onClick: () => navigate('/settings') },
    {
      key: 'uiLanguage',
      icon: <TranslationOutlined />,
      label: t('header.uiLanguage'),
      children: UI_LANGUAGES.map((l) => ({
        key: `ui:${l.id}`,
        label: l.label,
        onClick: () => {
          if (isUiLanguage(l.id)) setUiLanguage(l.id); // Root switches i18next and antd's locale
        },
      })),
    },
    {
      key: 'theme',
      icon: <BgColorsOutlined />,
      label: t('header.theme'),
      children: THEMES.map((item) => ({ key: `theme:${item.key}`, label: t(`themes.${item.key}`), onClick: () => setTheme(item.key) })),
    },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout'), danger: true, onClick: () => void logout() },
  ];

  const name = user?.fullName || user?.userName || '';
  return (
    // Submenus open on click: a pointer crossing one submenu on its way to the next does not flip them.
    <Dropdown menu={{ items, selectable: true, selectedKeys: [`ui:${uiLanguage}`, `theme:${theme}`], triggerSubMenuAction: 'click' }} trigger={['click']} placement="bottomRight">
      {/* A real button, so the menu opens from the keyboard too. */}
      <Button type="text" data-testid="user-menu" aria-label={name || t('header.profile')} style={{ height: 'auto', paddingInline: 8 }}>
        <Space>
          <Avatar size="small" icon={<UserOutlined />} />
          {!compact && name ? <Typography.Text style={{ whiteSpace: 'nowrap' }}>{name}</Typography.Text> : null}
        </Space>
      </Button>
    </Dropdown>
  );
}
