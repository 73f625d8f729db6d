import type { AdminSessionWire } from '@kindred/protocol';
import { App, Button, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useAdminEndSessionsMutation, useAdminMemberSessionsQuery } from '../../../api/admin-members';
import { useErrorText } from '../../../api/errors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatTime } from '../../format';

/** The member's open sessions; one can be ended (signed out on every node, its sockets closed). */
export function MemberSessions({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const { modal, message } = App.useApp();
  const query = useAdminMemberSessionsQuery(id);
  const end = useAdminEndSessionsMutation();

  const endOne = (session: AdminSessionWire) =>
    modal.confirm({
      title: t('sessions.confirmEnd'),
      okText: t('actions.confirm'),
      cancelText: t('actions.cancel'),
      okButtonProps: { danger: true },
      onOk: () =>
        end.mutateAsync({ id, session_ids: [session.id] }).then(
          () => void message.success(t('sessions.ended')),
          (error: unknown) => void message.error(errorText(error)),
        ),
    });

  const columns: ColumnsType<AdminSessionWire> = [
    { title: t('sessions.terminal'), dataIndex: 'terminal', width: 110 },
    { title: t('sessions.userAgent'), dataIndex: 'user_agent', ellipsis: true },
    { title: t('sessions.created'), dataIndex: 'create_time', width: 150, render: formatTime },
    { title: t('sessions.lastSeen'), dataIndex: 'last_seen_time', width: 150, render: formatTime },
    { title: t('sessions.expires'), dataIndex: 'expires_time', width: 150, render: formatTime },
    {
      title: t('sessions.action'),
      key: 'end',
      width: 110,
      render: (_, s) => (
        <Button size="small" danger onClick={() => endOne(s)}>
          {t('sessions.end')}
        </Button>
      ),
    },
  ];

  if (query.isError) return <ErrorAlert error={query.error} />;
  return <Table<AdminSessionWire> rowKey="id" size="small" columns={columns} dataSource={query.data} loading={query.isFetching} pagination={false} locale={{ emptyText: t('sessions.none') }} />;
}
