import { PERMISSION_FLAGS } from '@kindred/protocol';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useInitDataQuery } from '../../../api/account';
import { SubPage } from '../../components/SubPage';
import { CheckIcon } from '../../icons';
import { MembershipCard } from './MembershipCard';
import { QueryState } from './QueryState';
import './money.css';

/** /m/home/upgrade/info: the member's membership, every privilege of every level side by side, and the terms of paying. */
export default function UpgradeInfoScreen() {
  const { t } = useTranslation('mobile');
  const navigate = useNavigate();
  const init = useInitDataQuery();
  const levels = [0, 1, 2] as const;
  return (
    <SubPage title={t('titles.upgradeInfo')} back="/m/home/upgrade/index" testId="upgrade-info">
      <MembershipCard />
      {init.data ? (
        <section className="m-card">
          <table className="m-privilege-table">
            <thead>
              <tr>
                <th scope="col">{t('money.plan.privileges')}</th>
                {levels.map((l) => (
                  <th key={l} scope="col">
                    {l === 0 ? t('money.membership.level0') : t(l === 2 ? 'money.plan.gold' : 'money.plan.silver')}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {PERMISSION_FLAGS.map((flag) => (
                <tr key={flag}>
                  <th scope="row">{t(`money.flags.${flag}`)}</th>
                  {levels.map((l) => (
                    <td key={l}>
                      {init.data.authority[`vip${l}`][flag] === 1 ? <CheckIcon /> : <span aria-hidden="true">–</span>}
                      <span className="m-sr-only">{t(init.data.authority[`vip${l}`][flag] === 1 ? 'money.plan.included' : 'money.plan.notIncluded')}</span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : (
        <QueryState query={init} />
      )}
      <ul className="m-card m-card-pad m-terms">
        {(['oneOff', 'disputes', 'refunds', 'virtual'] as const).map((k) => (
          <li key={k}>{t(`money.terms.${k}`)}</li>
        ))}
      </ul>
      <div className="m-actions">
        <Button color="primary" className="m-button-pill" block onClick={() => navigate('/m/home/upgrade/index')}>
          {t('money.upgradeNow')}
        </Button>
      </div>
    </SubPage>
  );
}
