import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from './BrandLogo';

const LINKS = [
  { to: '/w/info/about-us', key: 'about' },
  { to: '/w/info/terms-of-use', key: 'terms' },
  { to: '/w/info/privacy-policy', key: 'privacy' },
  { to: '/w/info/help-center', key: 'help' },
  { to: '/w/info/contact-us', key: 'contact' },
] as const;

export function DesktopFooter({ light = false }: { light?: boolean }) {
  const { t } = useTranslation('desktop');
  return (
    <footer className={`kd-footer${light ? ' kd-footer-light' : ''}`}>
      <div className="kd-container kd-footer-inner">
        <div className="kd-footer-brand">
          <BrandMark size={20} />
          <span>{t('common:tagline')}</span>
        </div>
        <nav className="kd-footer-links" aria-label={t('info:menu')}>
          {LINKS.map((l) => (
            <Link key={l.key} to={l.to}>
              {t(`footer.${l.key}`)}
            </Link>
          ))}
        </nav>
        <p className="kd-copyright">{t('common:copyright')}</p>
      </div>
    </footer>
  );
}
