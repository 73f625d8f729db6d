import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../ui/ComingSoon';

/** The document title follows the route title; without one it is the brand alone. */
export function usePageTitle(title: string | undefined) {
  const { t } = useTranslation('desktop');
  useEffect(() => {
    document.title = title ? t('documentTitle', { title }) : t('common:brand');
    return () => {
      document.title = t('common:brand');
    };
  }, [title, t]);
}

/** A route's screen with its title (a key of `desktop:titles`). */
export function Page({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('desktop');
  usePageTitle(t(`titles.${title}`));
  return <>{children}</>;
}

/** A screen that later work builds: a titled card, never a blank page. */
export function PlaceholderPage({ title }: { title: string }) {
  const { t } = useTranslation('desktop');
  const text = t(`titles.${title}`);
  usePageTitle(text);
  return (
    <div className="kd-card kd-placeholder">
      <ComingSoon title={text} />
    </div>
  );
}
