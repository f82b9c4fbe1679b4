import { BgColorsOutlined, GlobalOutlined, MoreOutlined, TranslationOutlined } from '@ant-design/icons';
import { Button, Modal, Popover, Select, Space } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { THEMES } from '../../theme/themes';
import { localized, useWorkspace } from '../../workspace';
import { usePreference } from '../preferences';
import { unsavedWork } from '../unsavedWork';
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

/**
 * Switching website or content language reloads the screens (their data belongs to the old choice):
 * when a form holds unsaved changes, ask first; cancelling leaves the selector where it was.
 */
function useSwitchGuard() {
  const { t } = useTranslation();
  return useCallback(
    <T,>(apply: (value: T) => void) =>
      (value: T) => {
        const unsaved = unsavedWork();
        if (!unsaved.length) {
          apply(value);
          return;
        }
        Modal.confirm({
          title: t('header.unsavedTitle'),
          content: t('header.unsavedSwitch', { list: unsaved.join(', ') }),
          okText: t('header.discardAndSwitch'),
          okButtonProps: { danger: true },
          cancelText: t('header.stay'),
          onOk: () => apply(value),
        });
      },
    [t],
  );
}

function WebsiteSelect({ width }: { width: number }) {
  const { t } = useTranslation();
  const { websites, websiteId, setWebsiteId, language } = useWorkspace();
  const guard = useSwitchGuard();
  return (
    <Select
      aria-label={t('header.website')}
      title={t('header.website')}
      value={websiteId ?? undefined}
      placeholder={t('header.noWebsite')}
      disabled={!websites.length}
      onChange={guard(setWebsiteId)}
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
  const guard = useSwitchGuard();
  return (
    <Select
      aria-label={t('header.language')}
      title={t('header.language')}
      value={language}
      onChange={guard(setLanguage)}
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
