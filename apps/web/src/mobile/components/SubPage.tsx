import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon } from '../icons';
import { useGoBack } from '../use-go-back';
import { useTitle } from '../use-title';
import './page.css';

/**
 * A secondary screen: nav bar with a back arrow and the title, then the content on the grey page.
 * The bar is drawn here rather than with antd-mobile's NavBar, whose back area is a `div
 * role="button"` with no accessible name that a keyboard cannot reach.
 */
export function SubPage({ title, back, right, children, testId }: { title: string; back: string; right?: ReactNode; children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const goBack = useGoBack(back);
  useTitle(title);
  return (
    <div className="m-page" data-testid={testId}>
      <header className="m-navbar">
        <button type="button" className="m-nav-back" onClick={goBack} aria-label={t('actions.back')} data-testid="nav-back">
          <ChevronLeftIcon />
        </button>
        <h1 className="m-navbar-title">{title}</h1>
        <div className="m-nav-right">{right}</div>
      </header>
      <main>{children}</main>
    </div>
  );
}
