import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Interface labels (i18next). Vietnamese is the default, English the other. Every namespace is a file
 * `locales/<language>/<namespace>.json`: `common` ships with the first screen, any other namespace
 * (a screen's own labels: `useTranslation('files')`) is fetched the first time a screen asks for it,
 * so adding labels for a new area is just adding its two files.
 */
export const UI_LANGUAGES = [
  { id: 'vi-VN', label: 'Tiếng Việt' },
  { id: 'en-US', label: 'English' },
] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number]['id'];
export const DEFAULT_UI_LANGUAGE: UiLanguage = 'vi-VN';

export const isUiLanguage = (value: unknown): value is UiLanguage => UI_LANGUAGES.some((l) => l.id === value);

type Bundle = { default: ResourceKey };
const eager = import.meta.glob<Bundle>('../../locales/*/common.json', { eager: true });
const lazy = import.meta.glob<Bundle>(['../../locales/*/*.json', '!../../locales/*/common.json']);

const lazyNamespaces: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = lazy[`../../locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (bundle) => callback(null, bundle.default),
      (error: Error) => callback(error, null),
    );
  },
};

export async function initI18n(language: UiLanguage): Promise<typeof i18next> {
  const resources: Record<string, Record<string, ResourceKey>> = {};
  for (const [file, bundle] of Object.entries(eager)) {
    const lang = /locales\/([^/]+)\//.exec(file)![1];
    resources[lang] = { common: bundle.default };
  }
  await i18next
    .use(lazyNamespaces)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_UI_LANGUAGE,
      supportedLngs: UI_LANGUAGES.map((l) => l.id),
      ns: ['common'],
      defaultNS: 'common',
      resources,
      partialBundledLanguages: true,
      interpolation: { escapeValue: false }, // React escapes
      showSupportNotice: false,
    });
  return i18next;
}

export { i18next };
