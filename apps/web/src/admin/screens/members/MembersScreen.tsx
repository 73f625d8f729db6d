import { SafetyCertificateFilled } from '@ant-design/icons';
import type { AdminMemberWire, MemberStanding } from '@kindred/protocol';
import { Avatar, Input, Select, Space, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAdminMemberSearchQuery, type AdminMemberFilter } from '../../../api/admin-members';
import { ErrorAlert } from '../../components/ErrorAlert';
import { StandingTag } from '../../components/StandingTag';
import { formatCredits, formatTime } from '../../format';

const STANDINGS = ['all', 'active', 'pending', 'disabled', 'suspended', 'banned'] as const;

/** Members by name, e-mail or id, with their standing; a row opens the member's page. */
export function MembersScreen() {
  const { t, i18n } = useTranslation('admin');
  const navigate = useNavigate();
  const [filter, setFilter] = useState<AdminMemberFilter>({ q: '', standing: 'all', page: 1 });
  const query = useAdminMemberSearchQuery(filter);

  const columns: ColumnsType<AdminMemberWire> = [
    { title: t('members.id'), dataIndex: 'id', width: 80 },
    {
      title: t('members.username'),
      dataIndex: 'username',
      render: (name: string, m) => (
        <Space>
          <Avatar src={m.avatar || undefined} alt="" size="small">
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Link to={`/admin/members/${m.id}`}>{name}</Link>
          {m.is_auth ? (
            <Tooltip title={t('members.verified')}>
              <SafetyCertificateFilled style={{ color: '#1d4ed8' }} aria-label={t('members.verified')} />
            </Tooltip>
          ) : null}
          {m.role !== 'member' ? <span className="ka-muted">({t(`roles.${m.role}`)})</span> : null}
        </Space>
      ),
    },
    { title: t('members.email'), dataIndex: 'email', ellipsis: true },
    { title: t('members.vip'), dataIndex: 'vip', width: 100, render: (vip: number) => t(`vip.${vip}`) },
    { title: t('members.credits'), dataIndex: 'credits', width: 110, align: 'right', render: (c: number) => formatCredits(c, i18n.language) },
    { title: t('members.standing'), dataIndex: 'standing', width: 170, render: (s: MemberStanding, m) => <StandingTag standing={s} until={m.suspended_until} /> },
    { title: t('members.registered'), dataIndex: 'create_time', width: 150, render: formatTime },
    { title: t('members.lastLogin'), dataIndex: 'last_login_time', width: 150, render: formatTime },
  ];

  return (
    <div data-testid="admin-members">
      <div className="ka-toolbar">
        <Input.Search
          aria-label={t('members.search')}
          placeholder={t('members.searchPlaceholder')}
          allowClear
          enterButton
          style={{ maxWidth: 380 }}
          onSearch={(q) => setFilter({ ...filter, q: q.trim(), page: 1 })}
        />
        <Select
          aria-label={t('members.standing')}
          style={{ width: 180 }}
          value={filter.standing}
          onChange={(standing) => setFilter({ ...filter, standing, page: 1 })}
          options={STANDINGS.map((s) => ({ value: s, label: s === 'all' ? t('members.allStandings') : t(`standing.${s}`) }))}
        />
        <Select
          aria-label={t('members.vip')}
          style={{ width: 160 }}
          value={Number(filter.vip ?? -1)}
          onChange={(vip: number) => setFilter({ ...filter, vip: vip < 0 ? undefined : vip, page: 1 })}
          options={[-1, 0, 1, 2].map((vip) => ({ value: vip, label: vip < 0 ? t('members.allLevels') : t(`vip.${vip}`) }))}
        />
      </div>
      {query.isError ? <ErrorAlert error={query.error} /> : null}
      <Table<AdminMemberWire>
        rowKey="id"
        columns={columns}
        dataSource={query.data?.items}
        loading={query.isFetching}
        onRow={(m) => ({ onClick: (e) => !(e.target as HTMLElement).closest('a') && navigate(`/admin/members/${m.id}`), style: { cursor: 'pointer' } })}
        pagination={{
          current: Number(filter.page ?? 1),
          pageSize: query.data?.page_size ?? 20,
          total: query.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('members.total', { count: total }),
          onChange: (page) => setFilter({ ...filter, page }),
        }}
      />
    </div>
  );
}
