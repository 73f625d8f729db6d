import { LIMITS } from '@kindred/protocol';
import { Button, Popup } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../state/session';
import { Field, FieldInput, PasswordField } from '../../components/Field';
import { checkEmail, problemText } from '../../form-rules';
import { KeyIcon, MailIcon } from '../../icons';
import { toastFail } from '../../toast';
import { useSaveProfile } from '../../use-save-profile';
import { useSingleFlight } from '../../use-single-flight';

/**
 * The e-mail editor of the data screen: a new address needs the current password (the server
 * refuses it otherwise), and saving it signs the member's other devices out.
 */
export default function EmailPopup({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('mobile');
  const username = useSession((s) => s.user?.username ?? '');
  const current = useSession((s) => s.user?.email ?? '');
  const { save, saving } = useSaveProfile();
  const [email, setEmail] = useState(current);
  const [password, setPassword] = useState('');

  const submit = useSingleFlight(async (event: FormEvent) => {
    event.preventDefault();
    const problem = checkEmail(email);
    if (problem) return toastFail(problemText(t, problem));
    if (email.trim().toLowerCase() === current.toLowerCase()) return onClose();
    if (!password.trim()) return toastFail(problemText(t, { key: 'common:validation.required', values: { fieldKey: 'password' } }));
    if (await save({ email: email.trim(), password: password.trim() })) onClose();
  });

  return (
    <Popup visible onClose={onClose} destroyOnClose bodyClassName="m-email-popup" aria-label={t('setup.changeEmail')}>
      <form className="m-password-form" onSubmit={submit} noValidate data-testid="email-popup">
        <h2 className="m-email-title">{t('setup.changeEmail')}</h2>
        {/* Lets password managers find the account the password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <Field icon={<MailIcon />}>
          <FieldInput name="email" type="email" autoComplete="email" maxLength={LIMITS.emailMax} placeholder={t('setup.newEmailPlaceholder')} value={email} onChange={setEmail} />
        </Field>
        <PasswordField icon={<KeyIcon />} name="password" autoComplete="current-password" maxLength={128} placeholder={t('setup.oldPlaceholder')} value={password} onChange={setPassword} />
        <p className="m-hint m-hint-flush">{t('setup.emailHint')}</p>
        <Button className="m-submit" type="submit" color="primary" block size="large" loading={saving} data-testid="email-save">
          {t('common:actions.save')}
        </Button>
      </form>
    </Popup>
  );
}
