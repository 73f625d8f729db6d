import type { LedgerEntryWire } from '@kindred/protocol';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMemberLedgerQuery } from '../../../api/admin-members';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatCredits, formatTime } from '../../format';

/** Every change of the member's credits, newest first, with the balance after it. */
export function MemberLedger({ id }: { id: number }) {
  const { t, i18n } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const query = useAdminMemberLedgerQuery(id, page);
  const credits = (n: number) => formatCredits(n, i18n.language);

  const columns: ColumnsType<LedgerEntryWire> = [
    { title: t('ledger.time'), dataIndex: 'create_time', width: 160, render: formatTime },
    { title: t('ledger.reason'), dataIndex: 'reason', render: (r: string) => t(`ledger.reasons.${r}`, { defaultValue: r }) },
    { title: t('ledger.ref'), key: 'ref', render: (_, e) => (e.ref_type ? `${e.ref_type}${e.ref_id ? ` #${e.ref_id}` : ''}` : '—') },
    {
      title: t('ledger.delta'),
      dataIndex: 'delta',
      align: 'right',
      width: 130,
      render: (d: number) => <span style={{ color: d < 0 ? '#cf1322' : '#237804' }}>{d > 0 ? `+${credits(d)}` : credits(d)}</span>,
    },
    { title: t('ledger.balance'), dataIndex: 'balance_after', align: 'right', width: 130, render: credits },
  ];

  if (query.isError) return <ErrorAlert error={query.error} />;
  return (
    <Table<LedgerEntryWire>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={query.data?.items}
      loading={query.isFetching}
      locale={{ emptyText: t('ledger.none') }}
      pagination={{ current: page, pageSize: query.data?.page_size ?? 20, total: query.data?.total ?? 0, showSizeChanger: false, onChange: setPage, hideOnSinglePage: true }}
    />
  );
}
