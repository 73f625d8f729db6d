import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The heart mark of /static/favicon.svg with the brand name beside it. */
export function BrandMark({ size = 32, light = false }: { size?: number; light?: boolean }) {
  return (
    <svg className="kd-brand-mark" width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill={light ? '#fff' : '#e5486f'} />
      <path d="M32 50 14 32a10 10 0 0 1 18-12 10 10 0 0 1 18 12Z" fill={light ? '#e5486f' : '#fff'} />
    </svg>
  );
}

export function BrandLogo({ to = '/w/home/index', light = false }: { to?: string; light?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className={`kd-brand${light ? ' kd-brand-light' : ''}`} aria-label={t('brand')}>
      <BrandMark light={light} />
      <span className="kd-brand-name">{t('brand')}</span>
    </Link>
  );
}
