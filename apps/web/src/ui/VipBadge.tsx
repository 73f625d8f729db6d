import { useTranslation } from 'react-i18next';

/** Membership badge: grey for members, silver VIP, gold SVIP (colours in base.css, all WCAG AA); with the expiry when given (seconds). */
export function VipBadge({ vip, until }: { vip: number; until?: number }) {
  const { t, i18n } = useTranslation();
  const level = vip >= 2 ? 2 : vip >= 1 ? 1 : 0;
  const date = until ? new Date(until * 1000).toLocaleDateString(i18n.language) : '';
  return (
    <span className={`k-vip k-vip-${level}`} data-testid="vip-badge" data-vip={level} title={date ? t('vip.expires', { date }) : undefined}>
      {level > 0 ? '♛ ' : ''}
      {t(`vip.${level}`)}
      {date && level > 0 ? <span className="k-vip-until">{t('vip.expires', { date })}</span> : null}
    </span>
  );
}
