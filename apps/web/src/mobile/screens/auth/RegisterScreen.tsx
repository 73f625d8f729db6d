import type { Language } from '@kindred/protocol';
import { LIMITS, Sex } from '@kindred/protocol';
import { Button, Checkbox, Radio } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useLanguageMutation } from '../../../api/account';
import { useProofOfWork } from '../../../api/antispam';
import { useRegisterMutation } from '../../../api/auth';
import { useErrorText } from '../../../api/errors';
import { AuthLayout } from '../../components/AuthLayout';
import { BirthdayField } from '../../components/BirthdayPicker';
import { KitLocale } from '../../components/KitLocale';
import { Field, FieldInput, PasswordField } from '../../components/Field';
import { BIRTHDAY_DEFAULT, pickerToBirthday } from '../../dates';
import { checkRegister, problemText, type RegisterForm } from '../../form-rules';
import { GlobeIcon, IdIcon, LockIcon, MailIcon, UserIcon } from '../../icons';
import { toast, toastFail } from '../../toast';
import { PowStatus } from '../../../ui/pow/PowStatus';
import { useSingleFlight } from '../../use-single-flight';
import '../../auth.css';

const initialForm: RegisterForm = {
  username: '',
  email: '',
  password: '',
  repeat: '',
  sex: Sex.male,
  birthday: pickerToBirthday(BIRTHDAY_DEFAULT),
  country: '',
  laid: '',
};

/** /m/Register and /m/regist/:code (invitation: adds Lai ID, country and the password repeat). */
export default function RegisterScreen() {
  const { t, i18n } = useTranslation('mobile');
  const errorText = useErrorText();
  const { code } = useParams();
  const invitation = Boolean(code);
  const register = useRegisterMutation();
  const saveLanguage = useLanguageMutation();
  const pow = useProofOfWork();
  const [sending, setSending] = useState(false);
  const [form, setForm] = useState<RegisterForm>(initialForm);
  const [agreed, setAgreed] = useState(true);
  const set = <K extends keyof RegisterForm>(key: K) => (value: RegisterForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const submit = useSingleFlight(async (event: FormEvent) => {
    // docs/product-rules.md §5: without the terms accepted, submitting does nothing but point at them.
    if (!agreed) return toastFail(t('common:validation.agreement'));
    const problem = checkRegister(form, invitation);
    if (problem) return toastFail(problemText(t, problem));
    setSending(true);
    try {
      // Usually solved while the member filled the form in; otherwise the button waits for it.
      const altcha = await pow.take();
      const { pending } = await register.mutateAsync({
        username: form.username.trim(),
        email: form.email.trim(),
        password: form.password.trim(),
        sex: form.sex,
        birthday: form.birthday!,
        country: form.country.trim(),
        ...(invitation ? { laid: form.laid.trim(), code } : {}),
        altcha,
      });
      toast(t(pending ? 'common:messages.underReview' : 'common:messages.registered'), pending ? 'info' : 'success', 3000);
      // The account keeps the language chosen here, so its e-mails arrive in it.
      const lang = (i18n.resolvedLanguage ?? 'en') as Language;
      if (lang !== 'en') saveLanguage.mutateAsync(lang).catch(() => undefined);
    } catch (error) {
      toastFail(errorText(error));
    } finally {
      setSending(false);
    }
  });

  const usernameMax = invitation ? LIMITS.invitationUsernameMax : LIMITS.usernameMax;
  return (
    <KitLocale>
      <AuthLayout
        compact
        title={t(invitation ? 'register.invitationTitle' : 'register.title')}
        subtitle={invitation ? t('register.invitationSubtitle', { code }) : t('register.subtitle')}
        below={
          <p className="m-auth-switch">
            {t('register.haveAccount')}{' '}
            <Link className="m-link" to="/m/login">
              {t('register.signIn')}
            </Link>
          </p>
        }
      >
        <form onSubmit={submit} noValidate>
          <Field icon={<UserIcon />}>
            <FieldInput name="username" placeholder={t('register.usernamePlaceholder')} autoComplete="username" autoCapitalize="off" autoCorrect="off" spellCheck={false} maxLength={usernameMax} value={form.username} onChange={set('username')} />
          </Field>
          {invitation ? (
            <Field icon={<IdIcon />}>
              <FieldInput name="laid" placeholder={t('register.laidPlaceholder')} value={form.laid} onChange={set('laid')} maxLength={64} />
            </Field>
          ) : null}
          <Field icon={<MailIcon />}>
            <FieldInput name="email" type="email" inputMode="email" placeholder={t('register.emailPlaceholder')} autoComplete="email" maxLength={LIMITS.emailMax} value={form.email} onChange={set('email')} />
          </Field>
          <PasswordField
            icon={<LockIcon />}
            name="password"
            placeholder={t('register.passwordPlaceholder', { min: LIMITS.passwordMin, max: LIMITS.passwordMax })}
            autoComplete="new-password"
            maxLength={LIMITS.passwordMax}
            value={form.password}
            onChange={set('password')}
          />
          {invitation ? (
            <PasswordField icon={<LockIcon />} name="passwordRepeat" placeholder={t('register.repeatPlaceholder')} autoComplete="new-password" maxLength={LIMITS.passwordMax} value={form.repeat} onChange={set('repeat')} />
          ) : null}
          <Field icon={<GlobeIcon />}>
            <FieldInput
              name="country"
              placeholder={t(invitation ? 'register.countryPlaceholder' : 'register.countryOptional')}
              autoComplete="country-name"
              maxLength={LIMITS.countryMax}
              value={form.country}
              onChange={set('country')}
            />
          </Field>
          <BirthdayField value={form.birthday} onChange={set('birthday')} />
          <div className="m-gender" role="group" aria-label={t('common:fields.sex')}>
            <span className="m-gender-label">{t('register.iAm')}</span>
            <Radio.Group value={form.sex} onChange={(v) => set('sex')(Number(v))}>
              <Radio value={Sex.male} className="m-chip" data-testid="gender-male">
                {t('common:sex.male')}
              </Radio>
              <Radio value={Sex.female} className="m-chip" data-testid="gender-female">
                {t('common:sex.female')}
              </Radio>
            </Radio.Group>
          </div>
          <div className="m-terms">
            <Checkbox checked={agreed} onChange={setAgreed} aria-label={t('common:validation.agreement')}>
              {t('register.agreeBefore')}
            </Checkbox>{' '}
            <Link className="m-link" to="/m/agreement">
              {t('register.agreeLink')}
            </Link>
          </div>
          <Button className="m-submit" type="submit" color="primary" block size="large" loading={sending}>
            {t('register.submit')}
          </Button>
          <PowStatus state={pow.state} required={pow.required} />
        </form>
      </AuthLayout>
    </KitLocale>
  );
}
