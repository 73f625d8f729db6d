import { useTranslation } from 'react-i18next';
import { TrendComposer } from '../../components/trends/TrendComposer';
import { TrendList } from '../../components/trends/TrendList';
import '../../components/members/members.css';
import { BalanceCard } from './BalanceCard';
import { MemberPanel } from './MemberPanel';
import { MemberWall } from './MemberWall';
import './home.css';

/** /w/home/index: member wall, newsfeed with composer, and a side column with credits, invitation and members. */
export function HomeScreen() {
  const { t } = useTranslation('desktop');
  return (
    <div className="kd-home">
      <MemberWall />
      <div className="kd-home-columns">
        <div className="kd-home-main">
          <TrendComposer />
          <section className="kd-card kd-feed" aria-label={t('home.feed')}>
            <header className="kd-home-head">
              <h2>{t('home.feed')}</h2>
            </header>
            <TrendList source={{ kind: 'feed' }} />
          </section>
        </div>
        <aside className="kd-home-side">
          <BalanceCard />
          <MemberPanel />
        </aside>
      </div>
    </div>
  );
}
