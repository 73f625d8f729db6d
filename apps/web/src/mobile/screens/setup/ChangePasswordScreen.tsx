import { LIMITS } from '@kindred/protocol';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangePasswordMutation } from '../../../api/auth';
import { useErrorText } from '../../../api/errors';
import { useSession } from '../../../state/session';
import { PasswordField } from '../../components/Field';
import { SubPage } from '../../components/SubPage';
import { useGoBack } from '../../use-go-back';
import { checkChangePassword, problemText } from '../../form-rules';
import { KeyIcon, LockIcon } from '../../icons';
import { toastFail, toastSuccess } from '../../toast';
import { useSingleFlight } from '../../use-single-flight';
import '../../setup.css';

const BACK = '/m/home/my/setup/index';

/** /m/home/my/setup/changepwd: old, new and repeat, trimmed and masked; status 0 means the old one is wrong. */
export default function ChangePasswordScreen() {
  const { t } = useTranslation('mobile');
  const errorText = useErrorText();
  const goBack = useGoBack(BACK);
  const change = useChangePasswordMutation();
  const username = useSession((s) => s.user?.username ?? '');
  const [form, setForm] = useState({ oldpassword: '', newpassword: '', repeat: '' });
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const submit = useSingleFlight(async (event: FormEvent) => {
    const problem = checkChangePassword(form);
    if (problem) return toastFail(problemText(t, problem));
    try {
      await change.mutateAsync({ oldpassword: form.oldpassword.trim(), newpassword: form.newpassword.trim() });
      toastSuccess(t('common:messages.modified'));
      goBack();
    } catch (error) {
      // Status 0 with the id old_password_wrong: "The old password is incorrect".
      toastFail(errorText(error, 'messages.modifyFailed'));
    }
  });

  const range = { min: LIMITS.passwordMin, max: LIMITS.passwordMax };
  return (
    <SubPage title={t('titles.password')} back={BACK}>
      <form className="m-form-card m-password-form" onSubmit={submit} noValidate>
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <PasswordField icon={<KeyIcon />} name="oldpassword" autoComplete="current-password" placeholder={t('setup.oldPlaceholder')} value={form.oldpassword} onChange={set('oldpassword')} />
        <PasswordField
          icon={<LockIcon />}
          name="newpassword"
          autoComplete="new-password"
          maxLength={LIMITS.passwordMax}
          placeholder={t('setup.newPlaceholder', range)}
          value={form.newpassword}
          onChange={set('newpassword')}
        />
        <PasswordField icon={<LockIcon />} name="passwordRepeat" autoComplete="new-password" maxLength={LIMITS.passwordMax} placeholder={t('setup.repeatPlaceholder')} value={form.repeat} onChange={set('repeat')} />
        <p className="m-hint m-hint-flush">{t('setup.passwordHint')}</p>
        <Button className="m-submit" type="submit" color="primary" block size="large" loading={change.isPending} data-testid="password-save">
          {t('common:actions.save')}
        </Button>
      </form>
    </SubPage>
  );
}
