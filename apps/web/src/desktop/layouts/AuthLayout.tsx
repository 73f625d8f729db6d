import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import './auth.css';
import { BrandLogo } from '../components/BrandLogo';
import { DesktopFooter } from '../components/DesktopFooter';
import { GuestIcon } from '../guest/guest-icons';
import { GuestLanguageMenu } from '../guest/GuestLanguageMenu';

/**
 * Sign-in pages: the brand panel with the tagline on the left, the form card on the right. No antd
 * here (issue 14): the screens that need it bring it themselves (AntdRoot).
 */
export function AuthLayout() {
  const { t } = useTranslation('desktop');
  const points = t('auth.heroPoints', { returnObjects: true }) as string[];
  return (
    <div className="kd-auth">
      <div className="kd-auth-stage">
        <aside className="kd-auth-hero">
          <BrandLogo to="/w/login" light />
          <div className="kd-auth-hero-copy">
            <p className="kd-auth-tagline">{t('common:tagline')}</p>
            <h2>{t('auth.heroTitle')}</h2>
            <ul>
              {points.map((p) => (
                <li key={p}>
                  <GuestIcon name="checkCircle" /> {p}
                </li>
              ))}
            </ul>
          </div>
          <p className="kd-auth-adults">{t('auth.adultsOnly')}</p>
          <svg className="kd-auth-hearts" viewBox="0 0 200 200" aria-hidden="true">
            <path d="M100 170 40 110a34 34 0 0 1 60-40 34 34 0 0 1 60 40Z" />
            <path d="M160 70 140 50a11 11 0 0 1 20-13 11 11 0 0 1 20 13Z" />
          </svg>
        </aside>
        <main className="kd-auth-panel">
          <div className="kd-auth-toolbar">
            <GuestLanguageMenu />
          </div>
          <div className="kd-auth-card">
            <Outlet />
          </div>
        </main>
      </div>
      <DesktopFooter light />
    </div>
  );
}
