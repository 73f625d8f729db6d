import { Card } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AdminLanguageMenu } from '../components/AdminLanguageMenu';

/** The staff sign-in: one card, nothing of the members' site around it. */
export function AdminAuthLayout() {
  const { t } = useTranslation('admin');
  useEffect(() => {
    document.title = t('shell.documentTitle', { title: t('login.title') });
  }, [t]);
  return (
    <div className="ka-auth">
      <div className="ka-auth-top">
        <div className="ka-brand">
          <span className="ka-brand-mark" aria-hidden="true">K</span>
          {t('shell.brand')}
        </div>
        <AdminLanguageMenu className="ka-lang" />
      </div>
      <main className="ka-auth-card">
        <Card>
          <Outlet />
        </Card>
      </main>
    </div>
  );
}
