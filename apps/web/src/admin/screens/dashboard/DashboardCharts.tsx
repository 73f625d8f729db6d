import type { DashboardWire } from '@kindred/protocol';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CONSOLE_BLUE } from '../../admin-theme';
import { formatCents } from '../../format';

const shortDay = (day: string) => day.slice(5);

/** Sign-ups per day and revenue per day (UTC days, zeros included, oldest first). */
export default function DashboardCharts({ data }: { data: DashboardWire }) {
  const { t, i18n } = useTranslation('admin');
  const money = (cents: number) => formatCents(cents, i18n.language);
  return (
    <div className="ka-charts">
      <Card title={t('dashboard.signupsChart')}>
        <figure className="ka-chart" aria-label={t('dashboard.signupsChart')} data-testid="chart-signups">
          <ResponsiveContainer width="100%" height="100%">
            <AreaChart data={data.signups} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
              <XAxis dataKey="day" tickFormatter={shortDay} tick={{ fontSize: 12, fill: '#4b5563' }} minTickGap={16} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#4b5563' }} />
              <Tooltip formatter={(v) => [v, t('dashboard.signupsSeries')]} />
              <Area type="monotone" dataKey="count" stroke={CONSOLE_BLUE} fill="#bfdbfe" strokeWidth={2} isAnimationActive={false} />
            </AreaChart>
          </ResponsiveContainer>
        </figure>
      </Card>
      <Card title={t('dashboard.revenueChart')}>
        <figure className="ka-chart" aria-label={t('dashboard.revenueChart')} data-testid="chart-revenue">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data.revenue} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
              <XAxis dataKey="day" tickFormatter={shortDay} tick={{ fontSize: 12, fill: '#4b5563' }} minTickGap={16} />
              <YAxis tickFormatter={(c: number) => money(c)} tick={{ fontSize: 12, fill: '#4b5563' }} width={72} />
              <Tooltip formatter={(v, _n, item) => [`${money(Number(v))} · ${t('dashboard.orders', { count: (item.payload as { orders: number }).orders })}`, t('dashboard.revenueSeries')]} />
              <Bar dataKey="cents" fill="#059669" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </figure>
      </Card>
    </div>
  );
}
