import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGoBack } from '../use-go-back';
import { useTitle } from '../use-title';
import './page.css';

/** A secondary screen: nav bar with a back arrow and the title, then the content on the grey page. */
export function SubPage({ title, back, right, children, testId }: { title: string; back: string; right?: ReactNode; children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const goBack = useGoBack(back);
  useTitle(title);
  return (
    <div className="m-page" data-testid={testId}>
      <header className="m-navbar">
        <NavBar onBack={goBack} back={<span className="m-sr-only">{t('actions.back')}</span>} right={right}>
          <h1 className="m-navbar-title">{title}</h1>
        </NavBar>
      </header>
      <main>{children}</main>
    </div>
  );
}
