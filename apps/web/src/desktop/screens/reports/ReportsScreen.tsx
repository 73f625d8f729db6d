import type { ReportWire } from '@kindred/protocol';
import { Button, Empty, Image, List, Spin, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useErrorText } from '../../../api/errors';
import { reportsOf, useReportsInfiniteQuery, type ReportListType } from '../../../api/reports';
import { Avatar } from '../../../ui/Avatar';
import { RelativeTime } from '../../../ui/RelativeTime';
import { activeReportTab, REPORT_STATUS_KEYS } from '../../../ui/report-form';
import { usePageTitle } from '../../components/Page';
import './reports.css';

/** /w/home/user/reports?active: the desktop's report records, "reports I made" and "reports against me". */
export function ReportsScreen() {
  const { t } = useTranslation('desktop');
  const [params, setParams] = useSearchParams();
  const active = activeReportTab(params.get('active'));
  usePageTitle(t('reports.listTitle'));
  return (
    <section className="kd-card kd-reports">
      <header className="kd-page-head">
        <h1>{t('reports.listTitle')}</h1>
      </header>
      <Tabs
        activeKey={String(active)}
        onChange={(key) => setParams({ active: key }, { replace: true })}
        items={[
          { key: '1', label: t('reports.mine'), children: active === 1 ? <ReportList type={1} /> : null },
          { key: '2', label: t('reports.againstMe'), children: active === 2 ? <ReportList type={2} /> : null },
        ]}
      />
    </section>
  );
}

function ReportList({ type }: { type: ReportListType }) {
  const { t } = useTranslation('desktop');
  const errorText = useErrorText();
  const query = useReportsInfiniteQuery(type);
  const reports = reportsOf(query.data);
  if (query.isPending) return <Spin className="kd-reports-state" />;
  if (query.isError)
    return (
      <div className="kd-reports-state" role="alert">
        <p>{errorText(query.error)}</p>
        <Button onClick={() => void query.refetch()}>{t('common:actions.retry')}</Button>
      </div>
    );
  return (
    <div data-testid={`report-list-${type}`}>
      {type === 2 ? <p className="kd-muted">{t('reports.anonymousHint')}</p> : null}
      {reports.length === 0 ? (
        <Empty description={t(type === 1 ? 'reports.empty' : 'reports.emptyAgainst')} />
      ) : (
        <List dataSource={reports} renderItem={(report) => <ReportItem report={report} />} />
      )}
      {query.hasNextPage ? (
        <Button block onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
          {t('reports.more')}
        </Button>
      ) : null}
    </div>
  );
}

function ReportItem({ report }: { report: ReportWire }) {
  const { t } = useTranslation('desktop');
  return (
    <List.Item data-testid="report-card" extra={report.img ? <Image width={96} src={report.img} alt={t('reports.picture')} /> : null}>
      <List.Item.Meta
        avatar={<Avatar src={report.avatar} name={report.username} size={44} />}
        title={
          <span className="kd-report-title">
            <strong data-testid="report-card-username">{report.username}</strong>
            {report.type ? <Tag className="kd-report-tag">{t(`reports.types.${report.type}`)}</Tag> : null}
            <Tag className={`kd-report-tag ${report.status === 'open' ? 'is-open' : 'is-closed'}`}>{t(REPORT_STATUS_KEYS[report.status] ?? 'reports.open')}</Tag>
          </span>
        }
        description={
          <>
            <RelativeTime seconds={report.create_time} />
            {report.email ? <span className="kd-report-email"> · {report.email}</span> : null}
          </>
        }
      />
      {report.content ? <p className="kd-report-content">{report.content}</p> : null}
      {report.result ? (
        <p className="kd-report-content">
          <strong>{t('reports.result')}: </strong>
          {report.result}
        </p>
      ) : null}
    </List.Item>
  );
}
