import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { PendingUserWire } from '@kindred/protocol';
import { App, Button, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApprovalsDecideMutation, usePendingMembersQuery } from '../../../api/admin-members';
import { useErrorText } from '../../../api/errors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatTime } from '../../format';

type Decision = 'approve' | 'refuse';

/** Accounts waiting for approval: select some or all, approve or refuse them at once. */
export function ApprovalsScreen() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const { modal, message } = App.useApp();
  const query = usePendingMembersQuery();
  const decide = useApprovalsDecideMutation();
  const [selected, setSelected] = useState<Key[]>([]);

  const run = (decision: Decision) =>
    modal.confirm({
      title: t(`approvals.confirm.${decision}`, { count: selected.length }),
      okText: t('actions.confirm'),
      cancelText: t('actions.cancel'),
      okButtonProps: { danger: decision === 'refuse' },
      onOk: () =>
        decide.mutateAsync({ ids: selected.map(Number), decision }).then(
          ({ done, skipped }) => {
            setSelected([]);
            void message.success(t(`approvals.done.${decision}`, { count: done.length }) + (skipped.length ? ` ${t('approvals.skipped', { count: skipped.length })}` : ''));
          },
          (error: unknown) => void message.error(errorText(error)),
        ),
    });

  const columns: ColumnsType<PendingUserWire> = [
    { title: t('members.id'), dataIndex: 'id', width: 80 },
    { title: t('members.username'), dataIndex: 'username', render: (name: string, m) => <Link to={`/admin/members/${m.id}`}>{name}</Link> },
    { title: t('members.email'), dataIndex: 'email' },
    { title: t('members.sex'), dataIndex: 'sex', width: 90, render: (sex: number) => t(`sex.${sex}`) },
    { title: t('members.age'), dataIndex: 'birthday', width: 80, render: (ms: number) => (ms ? dayjs().diff(dayjs(ms), 'year') : '—') },
    { title: t('members.country'), dataIndex: 'country', width: 120 },
    { title: t('members.registered'), dataIndex: 'create_time', width: 160, render: formatTime },
  ];

  return (
    <div data-testid="admin-approvals">
      <div className="ka-toolbar">
        <span className="ka-muted" aria-live="polite">
          {t('approvals.selected', { count: selected.length, total: query.data?.length ?? 0 })}
        </span>
        <span className="ka-grow" />
        <Space>
          <Button type="primary" icon={<CheckOutlined />} disabled={!selected.length} loading={decide.isPending} onClick={() => run('approve')}>
            {t('approvals.approve')}
          </Button>
          <Button danger icon={<CloseOutlined />} disabled={!selected.length} loading={decide.isPending} onClick={() => run('refuse')}>
            {t('approvals.refuse')}
          </Button>
        </Space>
      </div>
      {query.isError ? <ErrorAlert error={query.error} /> : null}
      <Table<PendingUserWire>
        rowKey="id"
        columns={columns}
        dataSource={query.data}
        loading={query.isFetching}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected, columnTitle: undefined }}
        locale={{ emptyText: t('approvals.empty') }}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
      />
    </div>
  );
}
