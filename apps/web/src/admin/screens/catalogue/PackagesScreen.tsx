import { PlusOutlined } from '@ant-design/icons';
import type { RechargePackageAdminWire, UpgradePackageAdminWire } from '@kindred/protocol';
import { Button, Card, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRechargePackageDeleteMutation, useRechargePackagesQuery, useUpgradePackageDeleteMutation, useUpgradePackagesQuery } from '../../../api/admin-catalogue';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useCatalogueDelete } from '../../components/use-catalogue-feedback';
import { formatCents, formatCredits } from '../../format';
import { MonthlyPricesCard } from './MonthlyPricesCard';
import { RechargePackageDialog, UpgradePackageDialog } from './PackageDialogs';

/** Recharge packages (money → credits), upgrade packages (money → months of a level) and the monthly list prices. */
export function PackagesScreen() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language;
  const recharge = useRechargePackagesQuery();
  const upgrade = useUpgradePackagesQuery();
  const deleteRecharge = useRechargePackageDeleteMutation();
  const deleteUpgrade = useUpgradePackageDeleteMutation();
  const confirmDelete = useCatalogueDelete();
  const [editRecharge, setEditRecharge] = useState<RechargePackageAdminWire | 'new' | null>(null);
  const [editUpgrade, setEditUpgrade] = useState<UpgradePackageAdminWire | 'new' | null>(null);
  const activeTag = (a: number) => (a ? <Tag color="green">{t('catalogue.on')}</Tag> : <Tag>{t('catalogue.off')}</Tag>);

  const rechargeColumns: ColumnsType<RechargePackageAdminWire> = [
    { title: t('catalogue.id'), dataIndex: 'id', width: 70 },
    { title: t('catalogue.amount'), dataIndex: 'amount_cents', align: 'right', render: (c: number) => formatCents(c, lang) },
    { title: t('catalogue.credits'), dataIndex: 'credits', align: 'right', render: (c: number) => formatCredits(c, lang) },
    { title: t('catalogue.active'), dataIndex: 'active', width: 100, render: activeTag },
    { title: t('catalogue.sort'), dataIndex: 'sort', width: 70, align: 'right' },
    {
      title: t('catalogue.actions'),
      key: 'actions',
      width: 150,
      render: (_, p) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditRecharge(p)}>{t('actions.edit')}</Button>
          <Button type="link" size="small" danger onClick={() => confirmDelete(formatCents(p.amount_cents, lang), () => deleteRecharge.mutateAsync({ id: p.id }))}>
            {t('actions.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  const upgradeColumns: ColumnsType<UpgradePackageAdminWire> = [
    { title: t('catalogue.id'), dataIndex: 'id', width: 70 },
    { title: t('catalogue.level'), dataIndex: 'vip', render: (vip: number) => t(`vip.${vip}`) },
    { title: t('catalogue.months'), dataIndex: 'months', align: 'right' },
    { title: t('catalogue.amount'), dataIndex: 'amount_cents', align: 'right', render: (c: number) => formatCents(c, lang) },
    { title: t('catalogue.active'), dataIndex: 'active', width: 100, render: activeTag },
    { title: t('catalogue.sort'), dataIndex: 'sort', width: 70, align: 'right' },
    {
      title: t('catalogue.actions'),
      key: 'actions',
      width: 150,
      render: (_, p) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditUpgrade(p)}>{t('actions.edit')}</Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() => confirmDelete(`${t(`vip.${p.vip}`)} · ${t('catalogue.monthsCount', { count: p.months })}`, () => deleteUpgrade.mutateAsync({ id: p.id }))}
          >
            {t('actions.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="admin-packages">
      <Card title={t('catalogue.recharge')} extra={<Button icon={<PlusOutlined />} onClick={() => setEditRecharge('new')}>{t('catalogue.addPackage')}</Button>}>
        {recharge.isError ? <ErrorAlert error={recharge.error} /> : null}
        <Table<RechargePackageAdminWire> rowKey="id" size="small" columns={rechargeColumns} dataSource={recharge.data} loading={recharge.isFetching} pagination={false} />
      </Card>
      <Card title={t('catalogue.upgrade')} extra={<Button icon={<PlusOutlined />} onClick={() => setEditUpgrade('new')}>{t('catalogue.addPackage')}</Button>}>
        {upgrade.isError ? <ErrorAlert error={upgrade.error} /> : null}
        <Table<UpgradePackageAdminWire> rowKey="id" size="small" columns={upgradeColumns} dataSource={upgrade.data} loading={upgrade.isFetching} pagination={false} />
      </Card>
      <MonthlyPricesCard />
      <RechargePackageDialog pkg={editRecharge} onClose={() => setEditRecharge(null)} />
      <UpgradePackageDialog pkg={editUpgrade} onClose={() => setEditUpgrade(null)} />
    </Space>
  );
}
