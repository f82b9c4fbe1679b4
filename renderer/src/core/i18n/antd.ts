import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import viVN from 'antd/es/locale/vi_VN';
import dayjs from 'dayjs';
import 'dayjs/locale/vi';
import 'dayjs/locale/en';
import type { UiLanguage } from './index';

const antdLocales: Record<UiLanguage, Locale> = { 'vi-VN': viVN, 'en-US': enUS };
const dayjsLocales: Record<UiLanguage, string> = { 'vi-VN': 'vi', 'en-US': 'en' };

/** antd's own texts (pagination, pickers…) and dayjs follow the interface language. */
export function antdLocaleFor(language: UiLanguage): Locale {
  dayjs.locale(dayjsLocales[language]);
  return antdLocales[language];
}
