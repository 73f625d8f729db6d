import type { AdminReportDetailWire, ReportPartyWire } from '@kindred/protocol';
import { Avatar, Card, Descriptions, Drawer, Empty, List, Skeleton, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAdminReportQuery } from '../../../api/admin-reports';
import { ErrorAlert } from '../../components/ErrorAlert';
import { StandingTag } from '../../components/StandingTag';
import { formatTime } from '../../format';
import { ReportActForm } from './ReportActForm';
import { STATUS_COLOURS } from './report-status';

function Party({ label, party }: { label: string; party: ReportPartyWire }) {
  return (
    <Card size="small" title={label}>
      <Space align="start">
        <Avatar src={party.avatar || undefined} alt="" size={40}>
          {party.username.slice(0, 1).toUpperCase()}
        </Avatar>
        <div>
          <Link to={`/admin/members/${party.id}`}>{party.username}</Link> <span className="ka-muted">#{party.id}</span>
          <div className="ka-muted">{party.email}</div>
          <StandingTag standing={party.standing} until={party.suspended_until} />
        </div>
      </Space>
    </Card>
  );
}

function Messages({ detail }: { detail: AdminReportDetailWire }) {
  const { t } = useTranslation('admin');
  const { reporter, reported } = detail.report;
  if (!detail.messages.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports.noMessages')} />;
  return (
    <div className="ka-messages" data-testid="report-messages">
      {detail.messages.map((m) => {
        const fromReported = m.sender_id === reported.id;
        const kind = String(m.type);
        return (
          <div key={m.id} className={fromReported ? 'ka-message ka-from-reported' : 'ka-message'}>
            <small>
              {fromReported ? reported.username : reporter.username} · {formatTime(m.create_time)}
            </small>
            {kind === 'img' || kind === 'gift' ? <Tag>{t(`reports.messageKind.${kind}`)}</Tag> : null}
            <span className="ka-pre">{m.content}</span>
          </div>
        );
      })}
    </div>
  );
}

/** One report with everything staff weigh before acting: the report, both members, their messages, earlier reports. */
export function ReportDrawer({ id, onClose }: { id: number | null; onClose(): void }) {
  const { t } = useTranslation('admin');
  const query = useAdminReportQuery(id);
  const detail = query.data;
  const report = detail?.report;

  return (
    <Drawer open={id != null} onClose={onClose} width={720} title={id != null ? t('reports.drawerTitle', { id }) : ''} destroyOnHidden data-testid="report-drawer">
      {query.isError ? <ErrorAlert error={query.error} /> : null}
      {!detail || !report ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions bordered size="small" column={1}>
            <Descriptions.Item label={t('reports.type')}>{t(`reportTypes.${report.type}`)}</Descriptions.Item>
            <Descriptions.Item label={t('reports.created')}>{formatTime(report.create_time)}</Descriptions.Item>
            <Descriptions.Item label={t('reports.status')}>
              <Tag color={STATUS_COLOURS[report.status]}>{t(`reportStatus.${report.status}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('reports.email')}>{report.email || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('reports.content')}>
              <p className="ka-pre" data-testid="report-content">{report.content || t('reports.noContent')}</p>
            </Descriptions.Item>
            {report.img ? (
              <Descriptions.Item label={t('reports.image')}>
                <a href={report.img} target="_blank" rel="noreferrer">
                  <img className="ka-report-img" src={report.img} alt={t('reports.imageAlt')} />
                </a>
              </Descriptions.Item>
            ) : null}
            {report.status !== 'open' ? (
              <>
                <Descriptions.Item label={t('reports.result')}>
                  <p className="ka-pre">{report.result}</p>
                </Descriptions.Item>
                <Descriptions.Item label={t('reports.handledBy')}>
                  {report.handled_by?.username ?? '—'} · {formatTime(report.handled_time)}
                </Descriptions.Item>
              </>
            ) : null}
          </Descriptions>
          <div className="ka-charts">
            <Party label={t('reports.reporter')} party={report.reporter} />
            <Party label={t('reports.reported')} party={report.reported} />
          </div>
          <section aria-labelledby="report-messages-title">
            <h3 id="report-messages-title">{t('reports.messagesTitle')}</h3>
            <Messages detail={detail} />
          </section>
          <section aria-labelledby="report-earlier-title">
            <h3 id="report-earlier-title">{t('reports.earlierTitle', { count: detail.earlier_reports.length })}</h3>
            <List
              size="small"
              bordered
              locale={{ emptyText: t('reports.noEarlier') }}
              dataSource={detail.earlier_reports}
              renderItem={(r) => (
                <List.Item>
                  <Space wrap>
                    <span className="ka-muted">#{r.id}</span>
                    <Tag>{t(`reportTypes.${r.type}`)}</Tag>
                    <Tag color={STATUS_COLOURS[r.status]}>{t(`reportStatus.${r.status}`)}</Tag>
                    <span>{t('reports.by', { name: r.reporter.username })}</span>
                    <span className="ka-muted">{formatTime(r.create_time)}</span>
                    {r.result ? <span>— {r.result}</span> : null}
                  </Space>
                </List.Item>
              )}
            />
          </section>
          {report.status === 'open' ? <ReportActForm report={report} onDone={onClose} /> : null}
        </Space>
      )}
    </Drawer>
  );
}
