import type { ReportWire } from '@kindred/protocol';
import { Button, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { reportsOf, useReportsInfiniteQuery, type ReportListType } from '../../../api/reports';
import { Avatar } from '../../../ui/Avatar';
import { RelativeTime } from '../../../ui/RelativeTime';
import { activeReportTab, REPORT_STATUS_KEYS } from '../../../ui/report-form';
import { SubPage } from '../../components/SubPage';
import './reports.css';

/** /m/reportList?active: "reports I made" and "reports against me", masked by the server. */
export default function ReportListScreen() {
  const { t } = useTranslation('mobile');
  const [params, setParams] = useSearchParams();
  const active = activeReportTab(params.get('active'));
  return (
    <SubPage title={t('reports.listTitle')} back="/m/home/my/index" testId="report-list">
      <Tabs className="m-report-tabs" activeKey={String(active)} onChange={(key) => setParams({ active: key }, { replace: true })}>
        <Tabs.Tab title={t('reports.mine')} key="1" />
        <Tabs.Tab title={t('reports.againstMe')} key="2" />
      </Tabs>
      <ReportList type={active} key={active} />
    </SubPage>
  );
}

function ReportList({ type }: { type: ReportListType }) {
  const { t } = useTranslation('mobile');
  const query = useReportsInfiniteQuery(type);
  const reports = reportsOf(query.data);
  return (
    <section className="m-report-list" aria-label={t(type === 1 ? 'reports.mine' : 'reports.againstMe')} data-testid={`report-list-${type}`}>
      {type === 2 ? <p className="m-report-hint">{t('reports.anonymousHint')}</p> : null}
      {query.isSuccess && reports.length === 0 ? <p className="m-report-empty">{t(type === 1 ? 'reports.empty' : 'reports.emptyAgainst')}</p> : null}
      {reports.map((report) => (
        <ReportCard key={report.id} report={report} />
      ))}
      {query.hasNextPage ? (
        <Button block onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
          {t('reports.more')}
        </Button>
      ) : null}
    </section>
  );
}

function ReportCard({ report }: { report: ReportWire }) {
  const { t } = useTranslation('mobile');
  return (
    <article className="m-report-card" data-testid="report-card">
      <header className="m-report-head">
        <Avatar src={report.avatar} name={report.username} size={40} />
        <div className="m-report-names">
          <strong data-testid="report-card-username">{report.username}</strong>
          <span className="m-report-time">
            <RelativeTime seconds={report.create_time} />
          </span>
        </div>
        <span className={`m-report-status is-${report.status}`}>{t(REPORT_STATUS_KEYS[report.status] ?? 'reports.open')}</span>
      </header>
      {report.type ? <p className="m-report-type">{t(`reports.types.${report.type}`)}</p> : null}
      {report.email ? <p className="m-report-email" data-testid="report-card-email">{report.email}</p> : null}
      {report.content ? <p className="m-report-content">{report.content}</p> : null}
      {report.img ? <img className="m-report-img" src={report.img} alt={t('reports.picture')} loading="lazy" /> : null}
      {report.result ? (
        <p className="m-report-result">
          <strong>{t('reports.result')}: </strong>
          {report.result}
        </p>
      ) : null}
    </article>
  );
}
