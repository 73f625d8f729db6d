import { CrownOutlined, WalletOutlined } from '@ant-design/icons';
import { effectiveVip, PERMISSION_FLAGS, type UpgradePlanWire } from '@kindred/protocol';
import { Alert, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInitDataQuery } from '../../../api/account';
import { useUpgradePackagesQuery } from '../../../api/billing';
import { useErrorText } from '../../../api/errors';
import { useSession } from '../../../state/session';
import { useUpgradeChoice, type UpgradeLevel } from '../../../ui/use-money-choice';
import { VipBadge } from '../../../ui/VipBadge';
import { PaymentForm } from './PaymentForm';
import './money.css';

/** One level's section: list price, packages (price, months, price per month, saving) and its privileges. */
function PlanSection({ level, plan, selected, onChoose }: { level: UpgradeLevel; plan: UpgradePlanWire; selected: number; onChoose: (id: number) => void }) {
  const { t } = useTranslation('desktop');
  const init = useInitDataQuery();
  const authority = init.data?.authority;
  const flags = authority ? PERMISSION_FLAGS.filter((f) => authority[`vip${level}`][f] === 1) : [];
  return (
    <section className={`kd-card kd-plan kd-plan-${level}`} data-testid={`plan-${level}`}>
      <header className="kd-plan-head">
        <CrownOutlined />
        <h2>{t(level === 2 ? 'money.plan.goldLong' : 'money.plan.silverLong')}</h2>
        <span className="kd-muted">{t('money.plan.listPrice', { price: plan.price })}</span>
      </header>
      {plan.packages.length ? (
        <div className="kd-plan-packages" role="radiogroup" aria-label={t(level === 2 ? 'money.plan.goldLong' : 'money.plan.silverLong')}>
          {plan.packages.map((p) => (
            <button key={p.id} type="button" role="radio" aria-checked={selected === p.id} className={`kd-plan-package${selected === p.id ? ' is-on' : ''}`} onClick={() => onChoose(p.id)} data-testid={`upgrade-package-${p.id}`}>
              <span className="kd-plan-months">{t('money.plan.months', { count: p.duration })}</span>
              <strong className="kd-plan-price">{t('money.plan.price', { price: p.amounts })}</strong>
              <span className="kd-muted">{t('money.plan.perMonth', { price: p.monthly })}</span>
              {p.saving > 0 ? <Tag color="red" className="kd-plan-save">{t('money.plan.save', { percent: p.saving })}</Tag> : null}
            </button>
          ))}
        </div>
      ) : (
        <p className="kd-muted">{t('money.plan.none')}</p>
      )}
      <h3 className="kd-pay-heading">{t('money.plan.privileges')}</h3>
      <ul className="kd-privileges" data-testid={`privileges-${level}`}>
        {flags.map((f) => (
          <li key={f} className={authority?.vip0[f] === 1 ? '' : 'is-extra'}>
            {t(`money.flags.${f}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /w/home/upgrade: silver and gold sections, the member's level and balance, and the payment form
 * (balance allowed). The first silver package is chosen after 1 s; paying with none says "Please
 * choose a set meal".
 */
export function UpgradeScreen() {
  const { t, i18n } = useTranslation('desktop');
  const errorText = useErrorText();
  const user = useSession((s) => s.user);
  const plans = useUpgradePackagesQuery();
  const choice = useUpgradeChoice(plans.data);
  const chosen = choice.chosen;
  const now = Date.now() / 1000;
  const level = user ? effectiveVip(user, now) : 0;
  const date = (s: number) => new Date(s * 1000).toLocaleDateString(i18n.language);

  return (
    <div className="kd-pay kd-upgrade" data-testid="upgrade-screen">
      <div className="kd-upgrade-plans">
        <section className="kd-card kd-upgrade-status">
          <header className="kd-page-head">
            <h1>{t('titles.upgrade')}</h1>
            <p>{t('money.membership.extendHint')}</p>
          </header>
          <div className="kd-upgrade-status-row">
            <span>
              {t('money.membership.title')} <VipBadge vip={level} />
            </span>
            {user
              ? ([1, 2] as const)
                  .filter((l) => user[`overduedate_${l}`] > now)
                  .map((l) => (
                    <span key={l} className="kd-muted" data-testid={`membership-until-${l}`}>
                      {t('money.membership.until', { level: t(l === 2 ? 'money.plan.gold' : 'money.plan.silver'), date: date(user[`overduedate_${l}`]) })}
                    </span>
                  ))
              : null}
            <span className="kd-pay-balance-inline">
              <WalletOutlined /> {t('money.balance')} <strong data-testid="money-balance">{(user?.amount ?? 0).toFixed(2)}</strong>
            </span>
          </div>
        </section>
        {plans.isError ? <Alert type="error" showIcon title={errorText(plans.error)} /> : null}
        {plans.data ? (
          ([1, 2] as const).map((l) => <PlanSection key={l} level={l} plan={plans.data[`vip${l}`]} selected={choice.selected} onChoose={(id) => choice.choose(l, id)} />)
        ) : plans.isPending ? (
          <Skeleton active />
        ) : null}
      </div>
      <section className="kd-card kd-pay-side">
        <h2 className="kd-pay-heading">{t('money.upgrade')}</h2>
        <p className="kd-pay-chosen" data-testid="upgrade-chosen">
          {chosen ? (
            <>
              <strong>{`${t(chosen.level === 2 ? 'money.plan.gold' : 'money.plan.silver')} · ${t('money.plan.months', { count: chosen.duration })}`}</strong>
              <span>{t('money.plan.price', { price: chosen.amounts })}</span>
            </>
          ) : (
            <span className="kd-muted">{t('money.chooseSetMeal')}</span>
          )}
        </p>
        <PaymentForm orderType={2} order={chosen ? { packageId: chosen.id, income: chosen.amounts } : null} check={() => (chosen ? null : t('money.chooseSetMeal'))} />
        <ul className="kd-pay-terms kd-muted">
          <li>{t('money.terms.oneOff')}</li>
          <li>{t('money.terms.refunds')}</li>
        </ul>
      </section>
    </div>
  );
}
