import { PERMISSION_FLAGS, VIP_LEVELS, type PermissionFlag, type VipLevel } from '@kindred/protocol';
import { App, Button, Card, Checkbox, Form, InputNumber, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAdminSettingsQuery, useAdminSettingsSaveMutation, usePermissionMatrixQuery, usePermissionSetMutation } from '../../../api/admin-catalogue';
import { useErrorText } from '../../../api/errors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useSaved } from '../../components/use-catalogue-feedback';

/** The free-chat quota: conversations a member without free chat may start. */
function FreeChatsCard() {
  const { t } = useTranslation('admin');
  const settings = useAdminSettingsQuery();
  const save = useAdminSettingsSaveMutation();
  const saved = useSaved();
  return (
    <Card title={t('permissions.freeChats')} data-testid="free-chats">
      {settings.isError ? <ErrorAlert error={settings.error} /> : null}
      <p className="ka-muted">{t('permissions.freeChatsHint')}</p>
      {settings.data ? (
        <Form
          key={settings.data.free_chats}
          layout="inline"
          initialValues={settings.data}
          onFinish={(v: { free_chats: number }) => void saved(save.mutateAsync(v)).catch(() => undefined)}
        >
          <Form.Item name="free_chats" label={t('permissions.freeChatsLabel')} rules={[{ required: true, message: t('form.required') }]}>
            <InputNumber min={0} max={1000} precision={0} style={{ width: 120 }} />
          </Form.Item>
          <Button htmlType="submit" type="primary" loading={save.isPending}>
            {t('actions.save')}
          </Button>
        </Form>
      ) : (
        <Skeleton.Input active />
      )}
    </Card>
  );
}

/** The 21 × 3 permission matrix: each box saves at once and reaches members on every node within seconds. */
export function PermissionsScreen() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const { message } = App.useApp();
  const matrix = usePermissionMatrixQuery();
  const set = usePermissionSetMutation();
  const busy = (vip: VipLevel, flag: PermissionFlag) => set.isPending && set.variables?.flag === flag && Number(set.variables.vip) === vip;

  const toggle = (vip: VipLevel, flag: PermissionFlag, allowed: boolean) =>
    set.mutate(
      { vip, flag, allowed: allowed ? 1 : 0 },
      {
        onSuccess: () => void message.success(t('permissions.saved', { flag: t(`flags.${flag}`), level: t(`vip.${vip}`) })),
        onError: (error) => void message.error(errorText(error)),
      },
    );

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="admin-permissions">
      <Card title={t('permissions.title')}>
        <p className="ka-muted">{t('permissions.hint')}</p>
        {matrix.isError ? <ErrorAlert error={matrix.error} /> : null}
        {!matrix.data ? (
          <Skeleton active />
        ) : (
          <div>
            <table className="ka-matrix" style={{ width: '100%' }}>
              <thead>
                <tr>
                  <th scope="col">{t('permissions.flag')}</th>
                  {VIP_LEVELS.map((vip) => (
                    <th key={vip} scope="col" style={{ width: 140 }}>
                      {t(`vip.${vip}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {PERMISSION_FLAGS.map((flag) => (
                  <tr key={flag}>
                    <th scope="row" style={{ fontWeight: 'normal' }}>
                      {t(`flags.${flag}`)} <code className="ka-muted">{flag}</code>
                    </th>
                    {VIP_LEVELS.map((vip) => {
                      const allowed = matrix.data[`vip${vip}`][flag] === 1;
                      return (
                        <td key={vip}>
                          <Checkbox
                            checked={allowed}
                            disabled={busy(vip, flag)}
                            aria-label={t('permissions.cell', { flag: t(`flags.${flag}`), level: t(`vip.${vip}`) })}
                            data-testid={`perm-${vip}-${flag}`}
                            onChange={(e) => toggle(vip, flag, e.target.checked)}
                          />
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <FreeChatsCard />
    </Space>
  );
}
