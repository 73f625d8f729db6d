import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import '../../components/members/members.css';
import { useAfterFirstData } from '../../../ui/use-after-first-data';
import { BalanceCard } from './BalanceCard';
import { MemberPanel } from './MemberPanel';
import { MemberWall } from './MemberWall';
import './home.css';

// Below the member wall: the composer (form, upload, emoticons) and the feed (image preview) come
// once the first members are drawn instead of delaying them (issue 14, the desktop home's weight).
const TrendComposer = lazy(() => import('../../components/trends/TrendComposer').then((m) => ({ default: m.TrendComposer })));
const TrendList = lazy(() => import('../../components/trends/TrendList').then((m) => ({ default: m.TrendList })));

/** /w/home/index: member wall, newsfeed with composer, and a side column with credits, invitation and members. */
export function HomeScreen() {
  const { t } = useTranslation('desktop');
  const settled = useAfterFirstData();
  const feedSkeleton = <Skeleton active avatar paragraph={{ rows: 3 }} className="kd-trend-skeleton" />;
  return (
    <div className="kd-home">
      <MemberWall />
      <div className="kd-home-columns">
        <div className="kd-home-main">
          {settled ? (
            <Suspense fallback={null}>
              <TrendComposer />
            </Suspense>
          ) : null}
          <section className="kd-card kd-feed" aria-label={t('home.feed')}>
            <header className="kd-home-head">
              <h2>{t('home.feed')}</h2>
            </header>
            {settled ? (
              <Suspense fallback={feedSkeleton}>
                <TrendList source={{ kind: 'feed' }} />
              </Suspense>
            ) : (
              feedSkeleton
            )}
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
