import { App, ConfigProvider } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import './desktop-i18n';
import './desktop.css';
import { DesktopRoutes } from './routes';
import { ANTD_LOCALES, applyDayjsLocale, asLanguage, desktopTheme } from './theme';

/** The /w interface: antd themed in the brand colour, speaking the member's language. */
export function DesktopApp() {
  const { i18n } = useTranslation();
  const lang = asLanguage(i18n.language);
  useEffect(() => applyDayjsLocale(lang), [lang]);
  return (
    <ConfigProvider locale={ANTD_LOCALES[lang]} theme={desktopTheme}>
      <App className="kd-app">
        <DesktopRoutes />
      </App>
    </ConfigProvider>
  );
}
