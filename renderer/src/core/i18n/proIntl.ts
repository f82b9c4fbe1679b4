import { enUSIntl, viVNIntl, type IntlType } from '@ant-design/pro-components';
import type { UiLanguage } from './index';

// pro-components' own Vietnamese calls a list's rows "mặt hàng" (goods) in the pager's total; a console
// counts records: "mục". Everything else is pro-components' text as shipped.
const OVERRIDES: Record<UiLanguage, Record<string, string>> = {
  'vi-VN': { 'pagination.total.item': 'mục' },
  'en-US': {},
};

const withOverrides = (base: IntlType, overrides: Record<string, string>): IntlType => ({
  locale: base.locale,
  getMessage: (id, defaultMessage) => overrides[id] ?? base.getMessage(id, defaultMessage),
});

const intls: Record<UiLanguage, IntlType> = {
  'vi-VN': withOverrides(viVNIntl, OVERRIDES['vi-VN']),
  'en-US': withOverrides(enUSIntl, OVERRIDES['en-US']),
};

/** The texts of ProTable and ProForm in the interface language. */
export const proIntlFor = (language: UiLanguage): IntlType => intls[language];
