import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { trendKeys, type TrendSource } from '../../../api/trends';
import { PlusIcon } from '../../icons';
import { useTitle } from '../../use-title';
import { RefreshableList } from './RefreshableList';
import { TrendFeed } from './TrendFeed';
import './trends.css';

const FEED: TrendSource = { kind: 'feed' };

/** /m/home/trend/list: everyone's newsfeed, pull to refresh, and the add button to /m/home/trend/new. */
export default function TrendListScreen() {
  const { t } = useTranslation('mobile');
  const qc = useQueryClient();
  useTitle(t('titles.trends'));
  return (
    <div className="m-trends" data-testid="trends-screen">
      <header className="m-page-title m-trends-head">
        <h1>{t('titles.trends')}</h1>
        <Link to="/m/home/trend/new" className="m-trends-add" aria-label={t('discovery.newTrend')} data-testid="trend-add">
          <PlusIcon />
        </Link>
      </header>
      <RefreshableList refetch={() => qc.refetchQueries({ queryKey: trendKeys.list(FEED) })}>
        <TrendFeed source={FEED} />
      </RefreshableList>
    </div>
  );
}
