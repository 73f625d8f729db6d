import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../state/session';
import { NotFound } from '../../ui/NotFound';

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

/** react-router keeps the position in its history entry: above 0 there is a page of ours to go back to. */
const canGoBack = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/** An address under /w that leads nowhere (issue 13): said plainly, with the way back and home. */
export function NotFoundPage() {
  const { t } = useTranslation('desktop');
  const navigate = useNavigate();
  const signedIn = useSession((s) => Boolean(s.token));
  usePageTitle(t('titles.notFound'));
  return (
    <div className="kd-card kd-placeholder">
      <NotFound home={signedIn ? '/w/home/index' : '/w/login'} onBack={canGoBack() ? () => navigate(-1) : undefined} />
    </div>
  );
}
