import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../icons';
import { useTitle } from '../use-title';
import { LanguageButton } from './LanguageButton';

/** The guest pages: brand header with logo and tagline, a white card, the copyright line. `compact` suits long forms. */
export function AuthLayout({ title, subtitle, children, below, compact = false }: { title: string; subtitle?: ReactNode; children: ReactNode; below?: ReactNode; compact?: boolean }) {
  const { t } = useTranslation('mobile');
  useTitle(title);
  return (
    <div className="m-auth">
      <header className={compact ? 'm-auth-hero m-auth-hero-compact' : 'm-auth-hero'}>
        <LanguageButton />
        <div className="m-auth-logo">
          <LogoMark size={compact ? 48 : 60} />
          <div className="m-auth-brand">{t('common:brand')}</div>
          <div className="m-auth-tagline">{t('common:tagline')}</div>
        </div>
      </header>
      <main className="m-auth-main">
        <div className="m-auth-card">
          <h1 className="m-auth-title">{title}</h1>
          {subtitle ? <p className="m-auth-subtitle">{subtitle}</p> : null}
          {children}
        </div>
        {below}
      </main>
      <footer className="m-auth-foot">{t('common:copyright')}</footer>
    </div>
  );
}
