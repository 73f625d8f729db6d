import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../api/errors';
import { flattenTrends, type TrendSource, useTrendsInfiniteQuery } from '../../../api/trends';
import { ListLoading, ListMessage } from './ListState';
import { LoadMore } from './LoadMore';
import { TrendItem } from './TrendItem';

/** A feed (everyone's, one member's or your own) with "click for more"; `empty` replaces the empty text. */
export function TrendFeed({ source, emptyText }: { source: TrendSource; emptyText?: string }) {
  const { t } = useTranslation('mobile');
  const errorText = useErrorText();
  const query = useTrendsInfiniteQuery(source);
  const trends = flattenTrends(query.data);
  if (query.isPending) return <ListLoading />;
  if (query.isError && !query.data) return <ListMessage text={errorText(query.error)} action={t('common:actions.retry')} onAction={() => void query.refetch()} />;
  if (!trends.length) return <ListMessage text={emptyText ?? t('discovery.trendsEmpty')} testId="trends-empty" />;
  return (
    <div className="m-trend-list" data-testid="trend-list">
      {trends.map((trend) => (
        <TrendItem key={trend.id} trend={trend} />
      ))}
      <LoadMore pager={query} endText={t('discovery.trendsEnd')} />
    </div>
  );
}
