import { Alert, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../api/errors';
import { flattenTrends, type TrendSource, useTrendsInfiniteQuery } from '../../../api/trends';
import { LoadMore } from '../LoadMore';
import { TrendItem } from './TrendItem';
import './trends.css';

/** A feed (everyone's, one member's or your own) with "click for more". */
export function TrendList({ source }: { source: TrendSource }) {
  const { t } = useTranslation('desktop');
  const errorText = useErrorText();
  const query = useTrendsInfiniteQuery(source);
  const trends = flattenTrends(query.data);
  if (query.isPending) return <Skeleton active avatar paragraph={{ rows: 3 }} className="kd-trend-skeleton" />;
  if (query.isError && !query.data) return <Alert type="error" showIcon title={errorText(query.error)} />;
  if (!trends.length) return <Empty className="kd-empty" description={t('trends.empty')} />;
  return (
    <div className="kd-trend-list" data-testid="trend-list">
      {trends.map((trend) => (
        <TrendItem key={trend.id} trend={trend} />
      ))}
      <LoadMore pager={query} endText={t('trends.end')} />
    </div>
  );
}
