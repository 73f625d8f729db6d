import { LockOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { LIMITS, Sex } from '@kindred/protocol';
import { Alert, App, Button, Checkbox, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useProofOfWork } from '../../../api/antispam';
import { ApiError } from '../../../api/client';
import { useRegisterMutation } from '../../../api/auth';
import { useErrorText } from '../../../api/errors';
import { BirthdaySelects, isCompleteBirthday, type BirthdayParts } from '../../components/BirthdaySelects';
import { CountrySelect } from '../../components/CountrySelect';
import { useFormRules } from '../../components/use-form-rules';
import { useDayjsLocale } from '../../use-dayjs-locale';
import { PowStatus } from '../../../ui/pow/PowStatus';

interface RegisterValues {
  username: string;
  email: string;
  password: string;
  passwordRepeat?: string;
  sex: number;
  birthday?: BirthdayParts;
  laid?: string;
  country?: string;
  agreement: boolean;
}

/** Failures that belong to one field of the form. */
const FIELD_OF: Record<string, keyof RegisterValues> = { username_taken: 'username', email_taken: 'email', disposable_email: 'email' };

/** Plain registration, or the invitation variant (`/w/regist/:code`) which adds Lai ID, country and a repeat. */
export function RegisterScreen() {
  useDayjsLocale();
  const { code } = useParams();
  const invited = Boolean(code);
  const { t } = useTranslation('desktop');
  const rules = useFormRules();
  const [form] = Form.useForm<RegisterValues>();
  const register = useRegisterMutation();
  const errorText = useErrorText();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const pow = useProofOfWork();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [min, max] = invited ? [LIMITS.invitationUsernameMin, LIMITS.invitationUsernameMax] : [LIMITS.usernameMin, LIMITS.usernameMax];

  const submit = async (v: RegisterValues) => {
    if (!isCompleteBirthday(v.birthday) || sending) return;
    setSending(true);
    setFailure(null);
    try {
      // Usually solved while the form was filled in; otherwise the button waits for it.
      const altcha = await pow.take();
      // mutateAsync: signing in unmounts this screen before per-call callbacks would run.
      const { pending } = await register.mutateAsync({
        username: v.username.trim(),
        email: v.email.trim(),
        password: v.password.trim(),
        sex: v.sex,
        birthday: Date.UTC(v.birthday.year, v.birthday.month - 1, v.birthday.day),
        country: invited ? (v.country ?? '') : '',
        ...(invited ? { laid: v.laid?.trim(), code } : {}),
        altcha,
      });
      if (pending) void message.info(t('common:messages.underReview'), 4);
      else void message.success(t('common:messages.registered'));
      navigate('/w/home/index', { replace: true });
    } catch (error) {
      setFailure(error);
      // Refused addresses and taken names point at their field as well as the banner.
      const field = error instanceof ApiError ? FIELD_OF[error.id ?? ''] : undefined;
      if (field) form.setFields([{ name: field, errors: [errorText(error)] }]);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <header className="kd-auth-head">
        <h1>{invited ? t('auth.regist.invitationTitle') : t('auth.regist.title')}</h1>
        <p>{invited ? t('auth.regist.invitationSubtitle', { code }) : t('auth.regist.subtitle')}</p>
      </header>
      <Form<RegisterValues>
        form={form}
        name="regist"
        layout="vertical"
        size="large"
        requiredMark={false}
        initialValues={{ agreement: true, birthday: {} }}
        onFinish={submit}
        className="kd-regist-form"
      >
        <div className="kd-form-grid">
          <Form.Item name="username" label={t('common:fields.username')} rules={[rules.required('username'), rules.username(min, max)]}>
            <Input name="username" prefix={<UserOutlined />} placeholder={t('auth.regist.usernameHint', { min, max })} maxLength={max} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="email" label={t('common:fields.email')} rules={[rules.required('email'), rules.email]}>
            <Input name="email" type="email" prefix={<MailOutlined />} maxLength={LIMITS.emailMax} autoComplete="email" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('common:fields.password')}
            rules={[rules.required('password'), rules.password]}
          >
            <Input.Password
              name="password"
              prefix={<LockOutlined />}
              placeholder={t('auth.regist.passwordHint', { min: LIMITS.passwordMin, max: LIMITS.passwordMax })}
              maxLength={LIMITS.passwordMax} autoComplete="new-password" />
          </Form.Item>
          {invited ? (
            <Form.Item name="passwordRepeat" label={t('common:fields.passwordRepeat')} dependencies={['password']} rules={[rules.required('passwordRepeat'), rules.sameAs('password')]}>
              <Input.Password name="passwordRepeat" prefix={<LockOutlined />} maxLength={LIMITS.passwordMax} autoComplete="new-password" />
            </Form.Item>
          ) : null}
          {invited ? (
            <Form.Item name="laid" label={t('common:fields.laid')} rules={[rules.required('laid')]}>
              <Input name="laid" maxLength={64} />
            </Form.Item>
          ) : null}
          {invited ? (
            <Form.Item name="country" label={t('common:fields.country')} rules={[rules.requiredChoice('country')]}>
              <CountrySelect />
            </Form.Item>
          ) : null}
          <Form.Item name="sex" label={t('common:fields.sex')} rules={[rules.requiredChoice('sex')]}>
            <Radio.Group name="sex" className="kd-sex-choice">
              <Radio.Button value={Sex.male}>{t('common:sex.male')}</Radio.Button>
              <Radio.Button value={Sex.female}>{t('common:sex.female')}</Radio.Button>
            </Radio.Group>
          </Form.Item>
        </div>
        <Form.Item
          name="birthday"
          label={t('common:fields.birthday')}
          rules={[
            {
              // Checked on submit only: a half-chosen date is not an error while the member is still choosing.
              validateTrigger: 'onSubmit',
              validator: (_, v?: BirthdayParts) =>
                isCompleteBirthday(v) ? Promise.resolve() : Promise.reject(new Error(t('common:validation.required', { field: t('common:fields.birthday') }))),
            },
          ]}
        >
          <BirthdaySelects />
        </Form.Item>
        <Form.Item
          name="agreement"
          valuePropName="checked"
          rules={[{ validator: (_, v?: boolean) => (v ? Promise.resolve() : Promise.reject(new Error(t('common:validation.agreement')))) }]}
        >
          <Checkbox name="agreement" data-testid="agreement">
            {t('auth.regist.agreePrefix')}{' '}
            <Link to="/w/info/terms-of-use" target="_blank" rel="noopener">
              {t('auth.regist.terms')}
            </Link>
          </Checkbox>
        </Form.Item>
        {failure ? <Alert className="kd-form-alert" type="error" showIcon title={errorText(failure)} /> : null}
        <Button type="primary" htmlType="submit" block loading={sending}>
          {t('common:actions.signUp')}
        </Button>
        <PowStatus state={pow.state} required={pow.required} />
      </Form>
      <p className="kd-auth-switch">
        {t('auth.regist.haveAccount')} <Link to="/w/login">{t('common:actions.signIn')}</Link>
      </p>
    </>
  );
}
