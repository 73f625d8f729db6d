import type { RechargePackageAdminWire, UpgradePackageAdminWire } from '@kindred/protocol';
import { Form, InputNumber, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRechargePackageSaveMutation, useUpgradePackageSaveMutation } from '../../../api/admin-catalogue';
import { ActionDialog } from '../../components/ActionDialog';
import { useSaved } from '../../components/use-catalogue-feedback';

/** Money and credits are typed with two decimals; the wire takes cents and hundredths. */
const toHundredths = (n: number) => Math.round(n * 100);

function SortAndActive() {
  const { t } = useTranslation('admin');
  return (
    <>
      <Form.Item name="sort" label={t('catalogue.sort')}>
        <InputNumber min={0} max={1_000_000} precision={0} />
      </Form.Item>
      <Form.Item name="active" label={t('catalogue.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}

export function RechargePackageDialog({ pkg, onClose }: { pkg: RechargePackageAdminWire | 'new' | null; onClose(): void }) {
  const { t } = useTranslation('admin');
  const save = useRechargePackageSaveMutation();
  const saved = useSaved();
  const editing = pkg && pkg !== 'new' ? pkg : null;
  type Values = { amount: number; credits: number; sort: number; active: boolean };
  const initial: Values = editing
    ? { amount: editing.amount_cents / 100, credits: editing.credits / 100, sort: editing.sort, active: Boolean(editing.active) }
    : { amount: 9.99, credits: 100, sort: 0, active: true };
  return (
    <ActionDialog<Values>
      open={pkg != null}
      title={editing ? t('catalogue.editPackage') : t('catalogue.addPackage')}
      okText={t('actions.save')}
      initialValues={initial}
      busy={save.isPending}
      onSubmit={(v) => saved(save.mutateAsync({ id: editing?.id, amount_cents: toHundredths(v.amount), credits: toHundredths(v.credits), sort: v.sort, active: v.active ? 1 : 0 }))}
      onClose={onClose}
    >
      <Form.Item name="amount" label={t('catalogue.amountUsd')} rules={[{ required: true, message: t('form.required') }]}>
        <InputNumber min={0.01} max={1_000_000} precision={2} prefix="$" style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="credits" label={t('catalogue.credits')} rules={[{ required: true, message: t('form.required') }]}>
        <InputNumber min={0.01} max={10_000_000} precision={2} style={{ width: 180 }} />
      </Form.Item>
      <SortAndActive />
    </ActionDialog>
  );
}

export function UpgradePackageDialog({ pkg, onClose }: { pkg: UpgradePackageAdminWire | 'new' | null; onClose(): void }) {
  const { t } = useTranslation('admin');
  const save = useUpgradePackageSaveMutation();
  const saved = useSaved();
  const editing = pkg && pkg !== 'new' ? pkg : null;
  type Values = { vip: number; months: number; amount: number; sort: number; active: boolean };
  const initial: Values = editing
    ? { vip: editing.vip, months: editing.months, amount: editing.amount_cents / 100, sort: editing.sort, active: Boolean(editing.active) }
    : { vip: 1, months: 1, amount: 29.99, sort: 0, active: true };
  return (
    <ActionDialog<Values>
      open={pkg != null}
      title={editing ? t('catalogue.editPackage') : t('catalogue.addPackage')}
      okText={t('actions.save')}
      initialValues={initial}
      busy={save.isPending}
      onSubmit={(v) => saved(save.mutateAsync({ id: editing?.id, vip: v.vip, months: v.months, amount_cents: toHundredths(v.amount), sort: v.sort, active: v.active ? 1 : 0 }))}
      onClose={onClose}
    >
      <Form.Item name="vip" label={t('catalogue.level')}>
        <Radio.Group optionType="button" options={[1, 2].map((vip) => ({ value: vip, label: t(`vip.${vip}`) }))} />
      </Form.Item>
      <Form.Item name="months" label={t('catalogue.months')} rules={[{ required: true, message: t('form.required') }]}>
        <InputNumber min={1} max={60} precision={0} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="amount" label={t('catalogue.amountUsd')} rules={[{ required: true, message: t('form.required') }]}>
        <InputNumber min={0.01} max={1_000_000} precision={2} prefix="$" style={{ width: 180 }} />
      </Form.Item>
      <SortAndActive />
    </ActionDialog>
  );
}
