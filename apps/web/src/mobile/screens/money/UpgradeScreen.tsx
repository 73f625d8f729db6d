import { Button, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useInitDataQuery } from '../../../api/account';
import { useUpgradePackagesQuery } from '../../../api/billing';
import { useUpgradeChoice, type UpgradeLevel } from '../../../ui/use-money-choice';
import { SubPage } from '../../components/SubPage';
import { MembershipCard } from './MembershipCard';
import { PrivilegeList } from './PrivilegeList';
import { QueryState } from './QueryState';
import './money.css';

/**
 * /m/home/upgrade/index: tabs VIP and SVIP, each with its list price, its packages (months, price,
 * price per month, saving) and its privileges from the permission matrix. The first silver package
 * is chosen after 1 s; going on without one says "Please choose a set meal".
 */
export default function UpgradeScreen() {
  const { t } = useTranslation('mobile');
  const navigate = useNavigate();
  const plans = useUpgradePackagesQuery();
  const init = useInitDataQuery();
  const choice = useUpgradeChoice(plans.data);
  const [problem, setProblem] = useState('');

  const next = () => {
    if (!choice.chosen) return setProblem(t('money.chooseSetMeal'));
    navigate(`/m/home/upgrade/list?${new URLSearchParams({ amounts: choice.chosen.amounts, selected: String(choice.chosen.id) })}`);
  };

  return (
    <SubPage title={t('titles.upgrade')} back="/m/home/my/index" testId="upgrade-screen">
      <MembershipCard />
      {plans.data ? (
        <>
          <Tabs activeKey={String(choice.level)} onChange={(k) => choice.setLevel(Number(k) as UpgradeLevel)} className="m-card m-upgrade-tabs">
            {([1, 2] as const).map((level) => {
              const plan = plans.data[`vip${level}`];
              return (
                <Tabs.Tab key={level} title={<span data-testid={`upgrade-tab-${level}`}>{t(level === 2 ? 'money.plan.gold' : 'money.plan.silver')}</span>}>
                  <p className="m-upgrade-list-price">{t('money.plan.listPrice', { price: plan.price })}</p>
                  {plan.packages.length ? (
                    <div className="m-upgrade-packages" role="radiogroup" aria-label={t(level === 2 ? 'money.plan.goldLong' : 'money.plan.silverLong')}>
                      {plan.packages.map((p) => (
                        <button
                          key={p.id}
                          type="button"
                          role="radio"
                          aria-checked={choice.selected === p.id}
                          className={`m-upgrade-package m-upgrade-level-${level}${choice.selected === p.id ? ' is-on' : ''}`}
                          onClick={() => {
                            choice.choose(level, p.id);
                            setProblem('');
                          }}
                          data-testid={`upgrade-package-${p.id}`}
                        >
                          <span className="m-upgrade-months">{t('money.plan.months', { count: p.duration })}</span>
                          <strong className="m-upgrade-price">{t('money.plan.price', { price: p.amounts })}</strong>
                          <span className="m-upgrade-monthly">{t('money.plan.perMonth', { price: p.monthly })}</span>
                          {p.saving > 0 ? <span className="m-upgrade-save">{t('money.plan.save', { percent: p.saving })}</span> : null}
                        </button>
                      ))}
                    </div>
                  ) : (
                    <p className="m-hint">{t('money.plan.none')}</p>
                  )}
                  <h2 className="m-pay-heading">{t('money.plan.privileges')}</h2>
                  {init.data ? <PrivilegeList authority={init.data.authority} level={level} /> : null}
                </Tabs.Tab>
              );
            })}
          </Tabs>
          {problem ? (
            <p className="m-pay-problem m-pay-problem-page" role="alert" data-testid="upgrade-problem">
              {problem}
            </p>
          ) : null}
          <div className="m-actions">
            <Button color="primary" className="m-button-pill" block onClick={next} data-testid="upgrade-next">
              {t('money.upgradeNow')}
            </Button>
          </div>
          <p className="m-hint m-upgrade-links">
            <Link className="m-link" to="/m/home/upgrade/info" data-testid="upgrade-info-link">
              {t('money.plan.allPrivileges')}
            </Link>
          </p>
          <p className="m-hint">{t('money.membership.extendHint')} {t('money.terms.oneOff')}</p>
        </>
      ) : (
        <QueryState query={plans} />
      )}
    </SubPage>
  );
}
