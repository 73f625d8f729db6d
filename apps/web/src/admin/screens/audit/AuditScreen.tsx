import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, type AuditEntryWire } from '@kindred/protocol';
import { InputNumber, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAdminAuditQuery, type AdminAuditFilter } from '../../../api/admin-audit';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatTime } from '../../format';

/** The changed fields of one side, one per line; nothing when the action changed no field. */
function Fields({ value }: { value: Record<string, unknown> | null }) {
  if (!value || !Object.keys(value).length) return <span className="ka-muted">—</span>;
  return <pre className="ka-diff">{Object.entries(value).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join('\n')}</pre>;
}

/** Every staff action: who, what, on which object, before and after, when. Read-only by design. */
export function AuditScreen() {
  const { t } = useTranslation('admin');
  const [filter, setFilter] = useState<AdminAuditFilter>({ page: 1 });
  const query = useAdminAuditQuery(filter);

  const objectLink = (e: AuditEntryWire) => {
    const label = `${t(`audit.objects.${e.object_type}`, { defaultValue: e.object_type })}${e.object_id ? ` #${e.object_id}` : ''}`;
    return e.object_type === 'member' && e.object_id ? <Link to={`/admin/members/${e.object_id}`}>{label}</Link> : label;
  };

  const columns: ColumnsType<AuditEntryWire> = [
    { title: t('audit.time'), dataIndex: 'create_time', width: 150, render: formatTime },
    { title: t('audit.staff'), key: 'staff', width: 130, render: (_, e) => e.staff?.username ?? '—' },
    { title: t('audit.action'), dataIndex: 'action', width: 200, render: (a: string) => <Tag>{t(`audit.actions.${a.replace('.', '_')}`, { defaultValue: a })}</Tag> },
    { title: t('audit.object'), key: 'object', width: 170, render: (_, e) => objectLink(e) },
    { title: t('audit.before'), dataIndex: 'before', render: (v: AuditEntryWire['before']) => <Fields value={v} /> },
    { title: t('audit.after'), dataIndex: 'after', render: (v: AuditEntryWire['after']) => <Fields value={v} /> },
    { title: t('audit.address'), dataIndex: 'address', width: 130 },
  ];

  return (
    <div data-testid="admin-audit">
      <div className="ka-toolbar">
        <Select
          aria-label={t('audit.action')}
          allowClear
          placeholder={t('audit.allActions')}
          style={{ width: 240 }}
          value={filter.action}
          onChange={(action) => setFilter({ ...filter, action, page: 1 })}
          options={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`audit.actions.${a.replace('.', '_')}`, { defaultValue: a }) }))}
        />
        <Select
          aria-label={t('audit.object')}
          allowClear
          placeholder={t('audit.allObjects')}
          style={{ width: 200 }}
          value={filter.object_type}
          onChange={(object_type) => setFilter({ ...filter, object_type, page: 1 })}
          options={AUDIT_OBJECT_TYPES.map((o) => ({ value: o, label: t(`audit.objects.${o}`, { defaultValue: o }) }))}
        />
        <InputNumber
          aria-label={t('audit.objectId')}
          placeholder={t('audit.objectId')}
          min={1}
          precision={0}
          style={{ width: 140 }}
          onChange={(v) => setFilter({ ...filter, object_id: typeof v === 'number' ? v : undefined, page: 1 })}
        />
        <InputNumber
          aria-label={t('audit.staffId')}
          placeholder={t('audit.staffId')}
          min={1}
          precision={0}
          style={{ width: 140 }}
          onChange={(v) => setFilter({ ...filter, staff_id: typeof v === 'number' ? v : undefined, page: 1 })}
        />
      </div>
      {query.isError ? <ErrorAlert error={query.error} /> : null}
      <Table<AuditEntryWire>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.items}
        loading={query.isFetching}
        pagination={{
          current: Number(filter.page ?? 1),
          pageSize: query.data?.page_size ?? 20,
          total: query.data?.total ?? 0,
          showSizeChanger: false,
          onChange: (page) => setFilter({ ...filter, page }),
        }}
      />
    </div>
  );
}
