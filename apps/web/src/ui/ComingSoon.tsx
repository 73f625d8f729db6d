import { useTranslation } from 'react-i18next';

/** A clear placeholder for screens later work builds: never a blank page, and a way back when given. */
export function ComingSoon({ title, onBack }: { title?: string; onBack?: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="k-coming-soon" data-testid="coming-soon">
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <path d="M12 21s-7-4.4-9.3-9A5.5 5.5 0 0 1 12 6a5.5 5.5 0 0 1 9.3 6c-2.3 4.6-9.3 9-9.3 9Z" />
      </svg>
      {title ? <h2>{title}</h2> : null}
      <p>{t('messages.comingSoon')}</p>
      <p>{t('messages.comingSoonHint')}</p>
      {onBack ? (
        <button type="button" className="k-plain-button" onClick={onBack} data-testid="coming-soon-back">
          {t('messages.comingSoonBack')}
        </button>
      ) : null}
    </section>
  );
}
