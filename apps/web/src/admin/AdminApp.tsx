import { App, ConfigProvider } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import './admin-i18n';
import './admin.css';
import { adminTheme, ANTD_LOCALES, applyDayjsLocale, asLanguage } from './admin-theme';
import { AdminRoutes } from './routes';

/** The /admin console: antd in a sober theme, the staff member's language, its own session. */
export function AdminApp() {
  const { i18n } = useTranslation();
  const lang = asLanguage(i18n.language);
  useEffect(() => applyDayjsLocale(lang), [lang]);
  // Drawers and dialogs render at the end of <body>: the console's colour fixes reach them through this class.
  useEffect(() => {
    document.body.classList.add('ka-console');
    return () => document.body.classList.remove('ka-console');
  }, []);
  return (
    <ConfigProvider locale={ANTD_LOCALES[lang]} theme={adminTheme}>
      <App className="ka-app">
        <AdminRoutes />
      </App>
    </ConfigProvider>
  );
}
