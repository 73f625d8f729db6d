import type { AdminMemberDetailWire } from '@kindred/protocol';
import { App, Button, Form, Input, InputNumber, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useAdminBanMutation,
  useAdminCreditsMutation,
  useAdminEndSessionsMutation,
  useAdminMembershipMutation,
  useAdminSuspendMutation,
  useAdminUnbanMutation,
  useAdminVerifyMutation,
} from '../../../api/admin-members';
import { useErrorText } from '../../../api/errors';
import { ActionDialog } from '../../components/ActionDialog';

type Dialog = 'suspend' | 'ban' | 'unban' | 'credits' | 'membership' | null;

/** Every staff action on one member, each confirmed before it runs; the answer is said in a message. */
export function MemberActions({ member }: { member: AdminMemberDetailWire }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const { modal, message } = App.useApp();
  const [dialog, setDialog] = useState<Dialog>(null);
  const suspend = useAdminSuspendMutation();
  const ban = useAdminBanMutation();
  const unban = useAdminUnbanMutation();
  const verify = useAdminVerifyMutation();
  const credits = useAdminCreditsMutation();
  const membership = useAdminMembershipMutation();
  const endSessions = useAdminEndSessionsMutation();
  const id = member.id;
  const name = member.username;
  const restricted = member.standing === 'suspended' || member.standing === 'banned';

  /** Runs an action, then says it worked or why not. */
  const done = <T,>(run: Promise<T>, okKey: string, vars: Record<string, unknown> = {}) =>
    run.then(
      (r) => {
        void message.success(t(okKey, { name, ...vars }));
        return r;
      },
      (error: unknown) => {
        void message.error(errorText(error));
        throw error;
      },
    );

  const confirm = (titleKey: string, run: () => Promise<unknown>, danger = false) =>
    modal.confirm({ title: t(titleKey, { name }), okText: t('actions.confirm'), cancelText: t('actions.cancel'), okButtonProps: { danger }, onOk: () => run().catch(() => undefined) });

  const reason = (required: boolean) => (
    <Form.Item name="reason" label={t('memberActions.reason')} rules={[{ required, whitespace: required, message: t('form.required') }, { max: 500 }]}>
      <Input.TextArea name="reason" rows={2} maxLength={500} showCount />
    </Form.Item>
  );

  return (
    <>
      <Space wrap data-testid="member-actions">
        {restricted ? (
          <Button onClick={() => setDialog('unban')}>{t('memberActions.unban')}</Button>
        ) : (
          <>
            <Button onClick={() => setDialog('suspend')}>{t('memberActions.suspend')}</Button>
            <Button danger onClick={() => setDialog('ban')}>
              {t('memberActions.ban')}
            </Button>
          </>
        )}
        <Button
          onClick={() =>
            confirm(member.is_auth ? 'memberActions.confirmUnverify' : 'memberActions.confirmVerify', () =>
              done(verify.mutateAsync({ id, verified: member.is_auth ? 0 : 1 }), member.is_auth ? 'memberActions.unverified' : 'memberActions.verifiedDone'),
            )
          }
        >
          {member.is_auth ? t('memberActions.unverify') : t('memberActions.verify')}
        </Button>
        <Button onClick={() => setDialog('credits')}>{t('memberActions.credits')}</Button>
        <Button onClick={() => setDialog('membership')}>{t('memberActions.membership')}</Button>
        <Button
          onClick={() =>
            confirm('memberActions.confirmEndSessions', () => done(endSessions.mutateAsync({ id }), 'memberActions.sessionsEnded'), true)
          }
        >
          {t('memberActions.endSessions')}
        </Button>
      </Space>

      <ActionDialog<{ days: number; reason: string }>
        open={dialog === 'suspend'}
        title={t('memberActions.suspendTitle', { name })}
        warning={t('memberActions.suspendWarning')}
        okText={t('memberActions.suspend')}
        danger
        initialValues={{ days: 7 }}
        busy={suspend.isPending}
        onSubmit={(v) => done(suspend.mutateAsync({ id, ...v }), 'memberActions.suspended', { count: v.days })}
        onClose={() => setDialog(null)}
      >
        <Form.Item name="days" label={t('memberActions.days')} rules={[{ required: true, message: t('form.required') }]}>
          <InputNumber min={1} max={3650} precision={0} style={{ width: 160 }} />
        </Form.Item>
        {reason(true)}
      </ActionDialog>

      <ActionDialog<{ reason: string }>
        open={dialog === 'ban'}
        title={t('memberActions.banTitle', { name })}
        warning={t('memberActions.banWarning')}
        okText={t('memberActions.ban')}
        danger
        busy={ban.isPending}
        onSubmit={(v) => done(ban.mutateAsync({ id, ...v }), 'memberActions.banned')}
        onClose={() => setDialog(null)}
      >
        {reason(true)}
      </ActionDialog>

      <ActionDialog<{ reason?: string }>
        open={dialog === 'unban'}
        title={t('memberActions.unbanTitle', { name })}
        okText={t('memberActions.unban')}
        busy={unban.isPending}
        onSubmit={(v) => done(unban.mutateAsync({ id, reason: v.reason ?? '' }), 'memberActions.unbanned')}
        onClose={() => setDialog(null)}
      >
        {reason(false)}
      </ActionDialog>

      <ActionDialog<{ direction: 'grant' | 'deduct'; amount: number; reason: string }>
        open={dialog === 'credits'}
        title={t('memberActions.creditsTitle', { name })}
        okText={t('actions.confirm')}
        initialValues={{ direction: 'grant' }}
        busy={credits.isPending}
        onSubmit={(v) => done(credits.mutateAsync({ id, direction: v.direction, amount: Math.round(v.amount * 100), reason: v.reason }), `memberActions.credits_${v.direction}`, { amount: v.amount })}
        onClose={() => setDialog(null)}
      >
        <Form.Item name="direction" label={t('memberActions.direction')}>
          <Radio.Group optionType="button" options={[{ value: 'grant', label: t('memberActions.grant') }, { value: 'deduct', label: t('memberActions.deduct') }]} />
        </Form.Item>
        <Form.Item name="amount" label={t('memberActions.amount')} extra={t('memberActions.balance', { amount: (member.credits / 100).toFixed(2) })} rules={[{ required: true, message: t('form.required') }]}>
          <InputNumber min={0.01} max={1_000_000} precision={2} step={1} style={{ width: 200 }} />
        </Form.Item>
        {reason(true)}
      </ActionDialog>

      <ActionDialog<{ vip: number; months: number; reason?: string }>
        open={dialog === 'membership'}
        title={t('memberActions.membershipTitle', { name })}
        okText={t('actions.confirm')}
        initialValues={{ vip: 1, months: 1 }}
        busy={membership.isPending}
        onSubmit={(v) => done(membership.mutateAsync({ id, vip: v.vip, months: v.months, reason: v.reason ?? '' }), 'memberActions.extended', { count: v.months })}
        onClose={() => setDialog(null)}
      >
        <Form.Item name="vip" label={t('memberActions.level')}>
          <Radio.Group optionType="button" options={[1, 2].map((vip) => ({ value: vip, label: t(`vip.${vip}`) }))} />
        </Form.Item>
        <Form.Item name="months" label={t('memberActions.months')} rules={[{ required: true, message: t('form.required') }]}>
          <InputNumber min={1} max={60} precision={0} style={{ width: 160 }} />
        </Form.Item>
        {reason(false)}
      </ActionDialog>
    </>
  );
}
