import { ConfigProvider, theme } from 'antd';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { antdLocaleFor } from '../i18n/antd';
import { findTheme } from '../theme/themes';
import { usePreference } from './preferences';
import type { AppRouter } from './router';

/** Theme and antd locale from the preferences. */
export function Root({ router }: { router: AppRouter }) {
  const [themeKey] = usePreference('theme');
  const [uiLanguage] = usePreference('uiLanguage');
  const named = findTheme(themeKey);

  useEffect(() => {
    document.documentElement.lang = uiLanguage.slice(0, 2);
    document.documentElement.style.colorScheme = named.dark ? 'dark' : 'light';
    // The page behind the screens (index.html starts dark, the default theme).
    document.body.style.background = theme.getDesignToken(named.config).colorBgLayout;
  }, [uiLanguage, named]);

  return (
    <ConfigProvider theme={named.config} locale={antdLocaleFor(uiLanguage)}>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
