import { useTranslation } from 'react-i18next';

/** Shown instead of a blank page when a screen throws (e.g. a chunk failed to load after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="k-center-page" role="alert">
      <p>{t('errors.generic')}</p>
      <button type="button" className="k-plain-button" onClick={() => window.location.reload()}>
        {t('actions.retry')}
      </button>
    </div>
  );
}
