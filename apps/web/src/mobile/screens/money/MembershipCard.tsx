import { effectiveVip } from '@kindred/protocol';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../state/session';
import { VipBadge } from '../../../ui/VipBadge';

/** The member's level in force and the end of each paid period (silver and gold run separately). */
export function MembershipCard() {
  const { t, i18n } = useTranslation('mobile');
  const user = useSession((s) => s.user);
  if (!user) return null;
  const now = Date.now() / 1000;
  const level = effectiveVip(user, now);
  const date = (s: number) => new Date(s * 1000).toLocaleDateString(i18n.language);
  const periods = ([1, 2] as const).filter((l) => user[`overduedate_${l}`] > now);
  return (
    <section className="m-card m-card-pad m-membership" data-testid="membership-card">
      <div className="m-membership-head">
        <span>{t('money.membership.title')}</span>
        <VipBadge vip={level} />
      </div>
      {periods.length ? (
        periods.map((l) => (
          <p key={l} className="m-membership-until" data-testid={`membership-until-${l}`}>
            {t('money.membership.until', { level: t(l === 2 ? 'money.plan.gold' : 'money.plan.silver'), date: date(user[`overduedate_${l}`]) })}
          </p>
        ))
      ) : (
        <p className="m-membership-until">{t('money.membership.free')}</p>
      )}
    </section>
  );
}
