import { BgColorsOutlined, GlobalOutlined, MoreOutlined, TranslationOutlined } from '@ant-design/icons';
import { Button, Popover, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { THEMES } from '../../theme/themes';
import { localized, useWorkspace } from '../../workspace';
import { usePreference } from '../preferences';
import { UpdateControl } from './UpdateControl';

function ThemeSelect() {
  const { t } = useTranslation();
  const [theme, setTheme] = usePreference('theme');
  return (
    <Select
      aria-label={t('header.theme')}
      title={t('header.theme')}
      value={theme}
      onChange={setTheme}
      style={{ width: 150 }}
      suffixIcon={<BgColorsOutlined />}
      options={THEMES.map((item) => ({ value: item.key, label: t(`themes.${item.key}`) }))}
      popupMatchSelectWidth={false}
    />
  );
}

function WebsiteSelect({ width }: { width: number }) {
  const { t } = useTranslation();
  const { websites, websiteId, setWebsiteId, language } = useWorkspace();
  return (
    <Select
      aria-label={t('header.website')}
      title={t('header.website')}
      value={websiteId ?? undefined}
      placeholder={t('header.noWebsite')}
      disabled={!websites.length}
      onChange={setWebsiteId}
      style={{ width }}
      suffixIcon={<GlobalOutlined />}
      popupMatchSelectWidth={false}
      options={websites.map((w) => ({ value: w.id, label: localized(w.name, language) || String(w.id) }))}
    />
  );
}

function LanguageSelect() {
  const { t } = useTranslation();
  const { languages, language, setLanguage } = useWorkspace();
  return (
    <Select
      aria-label={t('header.language')}
      title={t('header.language')}
      value={language}
      onChange={setLanguage}
      style={{ width: 130 }}
      suffixIcon={<TranslationOutlined />}
      popupMatchSelectWidth={false}
      options={languages.map((l) => ({ value: l.languageId, label: l.name || l.languageId }))}
    />
  );
}

/**
 * Header: a downloaded app update (desktop), theme, website and content-language selectors; below 600 px
 * theme and language fold into a popover.
 */
export function HeaderControls({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  if (compact) {
    return (
      <Space size={4}>
        <UpdateControl />
        <WebsiteSelect width={130} />
        <Popover
          trigger="click"
          placement="bottomRight"
          content={
            <Space direction="vertical">
              <ThemeSelect />
              <LanguageSelect />
            </Space>
          }
        >
          <Button type="text" icon={<MoreOutlined />} aria-label={t('header.more')} />
        </Popover>
      </Space>
    );
  }
  return (
    <Space size={8} wrap={false}>
      <UpdateControl />
      <ThemeSelect />
      <WebsiteSelect width={200} />
      <LanguageSelect />
    </Space>
  );
}
