import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, theme } from 'antd';
import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import { i18next } from '../core/i18n';
import { antdLocaleFor } from '../core/i18n/antd';
import { findTheme } from '../core/theme/themes';
import { useReducedMotion } from '../core/theme/reducedMotion';
import { ConsoleStyles } from '../core/theme/ConsoleStyles';
import { usePreference } from '../core/preferences';
import { queryClient } from '../resources/queries';
import { FieldWidgetsContext } from '../resources/widgets';
import { fieldWidgets } from './fieldWidgets';
import type { AppRouter } from './router';

/** The page behind the screens follows the theme: background, text colour, font (index.html starts dark). */
function BodyBackground() {
  const { token } = theme.useToken(); // cached per theme, unlike theme.getDesignToken
  useEffect(() => {
    document.body.style.background = token.colorBgLayout;
    document.body.style.color = token.colorText;
    document.body.style.fontFamily = token.fontFamily;
  }, [token.colorBgLayout, token.colorText, token.fontFamily]);
  return null;
}

/** The query client (resources/queries.ts), theme and antd locale from the preferences. */
export function Root({ router }: { router: AppRouter }) {
  const [themeKey] = usePreference('theme');
  const [uiLanguage] = usePreference('uiLanguage');
  const named = findTheme(themeKey);
  const reducedMotion = useReducedMotion();
  const themeConfig = useMemo(
    () => (reducedMotion ? { ...named.config, token: { ...named.config.token, motion: false } } : named.config),
    [named.config, reducedMotion],
  );

  useEffect(() => {
    if (i18next.language !== uiLanguage) void i18next.changeLanguage(uiLanguage);
    document.documentElement.lang = uiLanguage.slice(0, 2);
    document.documentElement.style.colorScheme = named.dark ? 'dark' : 'light';
  }, [uiLanguage, named.dark]);

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={themeConfig} locale={antdLocaleFor(uiLanguage)}>
        <BodyBackground />
        <ConsoleStyles />
        <FieldWidgetsContext.Provider value={fieldWidgets}>
          <RouterProvider router={router} />
        </FieldWidgetsContext.Provider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
