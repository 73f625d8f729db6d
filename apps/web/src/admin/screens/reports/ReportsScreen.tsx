import type { AdminReportWire } from '@kindred/protocol';
import { Segmented, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAdminReportsQuery, type AdminReportFilter } from '../../../api/admin-reports';
import { ErrorAlert } from '../../components/ErrorAlert';
import { StandingTag } from '../../components/StandingTag';
import { formatTime } from '../../format';
import { ReportDrawer } from './ReportDrawer';
import { STATUS_COLOURS } from './report-status';

const STATUSES = ['open', 'handled', 'all'] as const;

/** The reports queue: filter by state and type, open one to see everything and act on it. */
export function ReportsScreen() {
  const { t } = useTranslation('admin');
  // From a member's page: that member's reports, handled ones too.
  const reported = Number(useSearchParams()[0].get('reported')) || undefined;
  const [filter, setFilter] = useState<AdminReportFilter>({ status: reported ? 'all' : 'open', reported_id: reported, page: 1 });
  const [openId, setOpenId] = useState<number | null>(null);
  const query = useAdminReportsQuery(filter);

  const columns: ColumnsType<AdminReportWire> = [
    { title: t('reports.id'), dataIndex: 'id', width: 72 },
    { title: t('reports.type'), dataIndex: 'type', width: 130, render: (type: number) => <Tag>{t(`reportTypes.${type}`)}</Tag> },
    {
      title: t('reports.reported'),
      key: 'reported',
      render: (_, r) => (
        <span>
          {r.reported.username} <StandingTag standing={r.reported.standing} until={r.reported.suspended_until} />
        </span>
      ),
    },
    { title: t('reports.reporter'), key: 'reporter', render: (_, r) => r.reporter.username },
    { title: t('reports.content'), dataIndex: 'content', ellipsis: true, render: (c: string) => c || <span className="ka-muted">{t('reports.noContent')}</span> },
    { title: t('reports.created'), dataIndex: 'create_time', width: 150, render: formatTime },
    { title: t('reports.status'), dataIndex: 'status', width: 110, render: (s: AdminReportWire['status']) => <Tag color={STATUS_COLOURS[s]}>{t(`reportStatus.${s}`)}</Tag> },
    {
      title: t('reports.open'),
      key: 'open',
      width: 90,
      render: (_, r) => (
        <Typography.Link onClick={() => setOpenId(r.id)} data-testid={`open-report-${r.id}`}>
          {t('reports.view')}
        </Typography.Link>
      ),
    },
  ];

  return (
    <div data-testid="admin-reports">
      <div className="ka-toolbar">
        {filter.reported_id ? (
          <Tag closable onClose={() => setFilter({ ...filter, reported_id: undefined, page: 1 })}>
            {t('reports.aboutMember', { id: filter.reported_id })}
          </Tag>
        ) : null}
        <Segmented
          aria-label={t('reports.status')}
          value={filter.status}
          onChange={(status) => setFilter({ ...filter, status: status as AdminReportFilter['status'], page: 1 })}
          options={STATUSES.map((s) => ({ value: s, label: t(`reports.filter.${s}`) }))}
        />
        <Select
          aria-label={t('reports.type')}
          style={{ width: 200 }}
          value={Number(filter.type ?? 0)}
          onChange={(type: number) => setFilter({ ...filter, type: type || undefined, page: 1 })}
          options={[0, 1, 2, 3].map((type) => ({ value: type, label: type ? t(`reportTypes.${type}`) : t('reports.allTypes') }))}
        />
      </div>
      {query.isError ? <ErrorAlert error={query.error} /> : null}
      <Table<AdminReportWire>
        rowKey="id"
        columns={columns}
        dataSource={query.data?.items}
        loading={query.isFetching}
        onRow={(r) => ({ onClick: () => setOpenId(r.id), style: { cursor: 'pointer' } })}
        pagination={{
          current: Number(filter.page ?? 1),
          pageSize: query.data?.page_size ?? 20,
          total: query.data?.total ?? 0,
          showSizeChanger: false,
          onChange: (page) => setFilter({ ...filter, page }),
        }}
      />
      <ReportDrawer id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
