import { Alert, Card, Segmented, Skeleton, Statistic } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAdminDashboardQuery } from '../../../api/admin-dashboard';
import { useErrorText } from '../../../api/errors';
import { formatCents } from '../../format';

// The chart library is the console's heaviest piece: it loads after the totals are on screen.
const DashboardCharts = lazy(() => import('./DashboardCharts'));

const RANGES = [7, 30, 90] as const;

/** Totals now and the trend of sign-ups and revenue over the chosen days. */
export function DashboardScreen() {
  const { t, i18n } = useTranslation('admin');
  const errorText = useErrorText();
  const [days, setDays] = useState<number>(30);
  const query = useAdminDashboardQuery(days);
  const data = query.data;
  const signups = data?.signups.reduce((n, d) => n + d.count, 0) ?? 0;
  const revenue = data?.revenue.reduce((n, d) => n + d.cents, 0) ?? 0;

  if (query.isError) return <Alert type="error" showIcon message={errorText(query.error)} />;
  return (
    <div data-testid="admin-dashboard">
      <div className="ka-toolbar">
        <span className="ka-grow" />
        <Segmented
          aria-label={t('dashboard.range')}
          value={days}
          onChange={(v) => setDays(Number(v))}
          options={RANGES.map((d) => ({ value: d, label: t('dashboard.days', { count: d }) }))}
        />
      </div>
      <div className="ka-stats">
        <Card><Statistic loading={!data} title={t('dashboard.members')} value={data?.members ?? 0} /></Card>
        <Card><Statistic loading={!data} title={t('dashboard.onlineNow')} value={data?.online_now ?? 0} /></Card>
        <Card>
          <Statistic loading={!data} title={<Link to="/admin/reports">{t('dashboard.openReports')}</Link>} value={data?.open_reports ?? 0} valueStyle={data?.open_reports ? { color: '#cf1322' } : undefined} />
        </Card>
        <Card><Statistic loading={!data} title={<Link to="/admin/approvals">{t('dashboard.pendingApprovals')}</Link>} value={data?.pending_approvals ?? 0} /></Card>
        <Card><Statistic loading={!data} title={t('dashboard.signups', { count: days })} value={signups} /></Card>
        <Card><Statistic loading={!data} title={t('dashboard.revenue', { count: days })} value={formatCents(revenue, i18n.language)} /></Card>
      </div>
      <Suspense fallback={<Card><Skeleton active /></Card>}>{data ? <DashboardCharts data={data} /> : <Card><Skeleton active /></Card>}</Suspense>
    </div>
  );
}
