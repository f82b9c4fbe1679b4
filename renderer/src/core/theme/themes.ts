import { theme, type ThemeConfig } from 'antd';
import { readable } from './readable';

/**
 * The twelve named themes of the spec, built from antd's algorithms and a few colour tokens.
 * Dark is the default. Labels are `themes.<key>` in the common namespace.
 */
export interface NamedTheme {
  key: string;
  dark: boolean;
  config: ThemeConfig;
}

const { darkAlgorithm, defaultAlgorithm, compactAlgorithm } = theme;

/**
 * A theme whose config is made the first time it is read: `readable` asks antd for its tokens several times per theme,
 * a tenth of a second for all twelve at every start of the console, where one is shown.
 */
function named(key: string, dark: boolean, token: ThemeConfig['token'] = {}, compact = false): NamedTheme {
  let config: ThemeConfig | undefined;
  return {
    key,
    dark,
    get config() {
      // Text at WCAG AA contrast (./readable.ts): links, tabs, the selected menu entry, placeholders, tags.
      config ??= readable({ algorithm: compact ? [dark ? darkAlgorithm : defaultAlgorithm, compactAlgorithm] : dark ? darkAlgorithm : defaultAlgorithm, token }, dark);
      return config;
    },
  };
}

export const THEMES: readonly NamedTheme[] = [
  named('dark', true),
  named('light', false),
  named('darkCompact', true, {}, true),
  named('lightCompact', false, {}, true),
  named('midnight', true, { colorPrimary: '#597ef7', colorBgBase: '#0b1021' }),
  named('forest', false, { colorPrimary: '#389e0d', colorInfo: '#389e0d' }),
  named('ocean', false, { colorPrimary: '#08979c', colorInfo: '#08979c' }),
  named('sunset', true, { colorPrimary: '#fa8c16', colorInfo: '#fa8c16' }),
  named('rose', false, { colorPrimary: '#eb2f96', colorInfo: '#eb2f96', borderRadius: 10 }),
  named('violet', true, { colorPrimary: '#9254de', colorInfo: '#9254de' }),
  named('amber', false, { colorPrimary: '#d48806', colorInfo: '#d48806', borderRadius: 4 }),
  named('graphite', true, { colorPrimary: '#8c8c8c', colorInfo: '#8c8c8c', borderRadius: 2 }),
];

export const DEFAULT_THEME = 'dark';

export function findTheme(key: unknown): NamedTheme {
  return THEMES.find((t) => t.key === key) ?? THEMES.find((t) => t.key === DEFAULT_THEME)!;
}
