import { GlobalOutlined, MoreOutlined, TranslationOutlined } from '@ant-design/icons';
import { Button, Popover, Select, Space } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { localized, useWorkspace } from '../../core/workspace';
import { confirmDialog } from '../../core/dialogs';
import { unsavedWork } from '../../core/unsavedWork';
import { NotificationBell } from './NotificationBell';
import { UpdateControl } from './UpdateControl';

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
        confirmDialog({
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

/** The content language: which language's texts the screens show and edit (not the interface language). */
function LanguageSelect({ labelled }: { labelled: boolean }) {
  const { t } = useTranslation();
  const { languages, language, setLanguage } = useWorkspace();
  const guard = useSwitchGuard();
  return (
    <Select
      aria-label={t('header.language')}
      title={t('header.language')}
      value={language}
      onChange={guard(setLanguage)}
      style={{ minWidth: 130 }}
      prefix={labelled ? <span style={{ opacity: 0.65 }}>{t('header.language')}:</span> : undefined}
      suffixIcon={<TranslationOutlined />}
      popupMatchSelectWidth={false}
      options={languages.map((l) => ({ value: l.languageId, label: l.name || l.languageId }))}
    />
  );
}

/**
 * Header: a downloaded app update (desktop), then the website, then the content language (the language of the
 * records being edited), then the notifications bell; the user menu follows. Interface language and theme live in the user menu. Below
 * 600 px the content language folds into a popover.
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
          content={<LanguageSelect labelled />}
        >
          <Button type="text" icon={<MoreOutlined />} aria-label={t('header.more')} />
        </Popover>
        <NotificationBell />
      </Space>
    );
  }
  return (
    <Space size={8} wrap={false}>
      <UpdateControl />
      <WebsiteSelect width={200} />
      <LanguageSelect labelled />
      <NotificationBell />
    </Space>
  );
}
