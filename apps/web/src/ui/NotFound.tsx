import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * An address that leads nowhere (issue 13): say so and offer the way home, never a silent redirect
 * that drops the member somewhere else. Kit-free: the root router, /m and /w all show it.
 */
export function NotFound({ home, onBack }: { home: string; onBack?: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="k-not-found" role="alert" data-testid="not-found">
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" aria-hidden="true">
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5M8.5 8.5l5 5M13.5 8.5l-5 5" />
      </svg>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <div className="k-not-found-actions">
        <Link to={home} replace className="k-pill-link" data-testid="not-found-home">
          {t('notFound.home')}
        </Link>
        {onBack ? (
          <button type="button" className="k-plain-button" onClick={onBack} data-testid="not-found-back">
            {t('notFound.back')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
