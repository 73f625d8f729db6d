import { CameraOutlined, LockOutlined, MailOutlined } from '@ant-design/icons';
import { LIMITS, Sex } from '@kindred/protocol';
import { Alert, App, Button, DatePicker, Form, Input, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfileMutation } from '../../../api/account';
import { useErrorText } from '../../../api/errors';
import { useSession } from '../../../state/session';
import { Avatar } from '../../../ui/Avatar';
import { AvatarCropDialog } from '../../components/AvatarCropDialog';
import { birthdayMs, birthdayToDayjs } from '../../components/birthday';
import { ChangePasswordDialog } from '../../components/ChangePasswordDialog';
import { useFormRules } from '../../components/use-form-rules';
import './profile.css';

interface EditValues {
  email: string;
  birthday: Dayjs | null;
  sex: number;
  /** Asked for only when the e-mail changes (the server requires it then). */
  password?: string;
}

/**
 * Avatar, e-mail, birthday and gender; the password is changed in its own dialog. A new e-mail
 * needs the current password, so the field appears as soon as the address differs.
 */
export function EditProfileScreen() {
  const { t } = useTranslation('desktop');
  const user = useSession((s) => s.user);
  const rules = useFormRules();
  const profile = useProfileMutation();
  const errorText = useErrorText();
  const { message } = App.useApp();
  const [cropping, setCropping] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const latestAdultDay = dayjs().subtract(LIMITS.minAge, 'year');
  const [form] = Form.useForm<EditValues>();
  const typedEmail = Form.useWatch('email', form);
  const emailChanged = typeof typedEmail === 'string' && typedEmail.trim().toLowerCase() !== (user?.email ?? '').toLowerCase();

  const submit = (v: EditValues) => {
    if (!v.birthday) return;
    profile.mutate(
      { email: v.email.trim(), birthday: birthdayMs(v.birthday), sex: v.sex, ...(emailChanged ? { password: v.password?.trim() } : {}) },
      {
        onSuccess: () => {
          form.setFieldValue('password', '');
          void message.success(t('common:messages.modified'));
        },
      },
    );
  };

  return (
    <div className="kd-edit">
      <section className="kd-card">
        <header className="kd-page-head">
          <h1>{t('titles.edit')}</h1>
          <p>{t('edit.subtitle')}</p>
        </header>
        <div className="kd-edit-avatar">
          <Avatar src={user?.avatar} name={user?.username ?? ''} size={88} />
          <div>
            <Button icon={<CameraOutlined />} onClick={() => setCropping(true)} data-testid="change-avatar">
              {t('profile.changeAvatar')}
            </Button>
            <p className="kd-muted">{t('edit.avatarHint')}</p>
          </div>
        </div>
        <Form<EditValues>
          form={form}
          name="profile"
          layout="vertical"
          size="large"
          requiredMark={false}
          className="kd-edit-form"
          initialValues={{ email: user?.email ?? '', birthday: birthdayToDayjs(user?.birthday), sex: user?.sex ?? Sex.male }}
          onFinish={submit}
        >
          <Form.Item name="email" label={t('common:fields.email')} rules={[rules.required('email'), rules.email]}>
            <Input name="email" type="email" prefix={<MailOutlined />} maxLength={LIMITS.emailMax} autoComplete="email" />
          </Form.Item>
          {emailChanged ? (
            <Form.Item name="password" label={t('edit.currentPassword')} extra={t('edit.currentPasswordHint')} rules={[rules.required('password')]}>
              <Input.Password name="password" prefix={<LockOutlined />} maxLength={128} autoComplete="current-password" data-testid="profile-password" />
            </Form.Item>
          ) : null}
          <Form.Item name="birthday" label={t('common:fields.birthday')} rules={[rules.requiredChoice('birthday'), rules.adult]}>
            <DatePicker
              name="birthday"
              className="kd-block"
              format="YYYY-MM-DD"
              placeholder={t('edit.birthdayPlaceholder')}
              disabledDate={(d) => d.isAfter(latestAdultDay, 'day') || d.year() < 1900}
              defaultPickerValue={latestAdultDay}
              allowClear={false}
            />
          </Form.Item>
          <Form.Item name="sex" label={t('common:fields.sex')} rules={[rules.requiredChoice('sex')]}>
            <Radio.Group name="sex">
              <Radio value={Sex.male}>{t('common:sex.male')}</Radio>
              <Radio value={Sex.female}>{t('common:sex.female')}</Radio>
            </Radio.Group>
          </Form.Item>
          {profile.error ? <Alert className="kd-form-alert" type="error" showIcon title={errorText(profile.error, 'messages.modifyFailed')} /> : null}
          <Button type="primary" htmlType="submit" loading={profile.isPending} data-testid="save-profile">
            {t('common:actions.save')}
          </Button>
        </Form>
      </section>

      <section className="kd-card kd-security">
        <div>
          <h2>{t('edit.security')}</h2>
          <p className="kd-muted">{t('edit.securityHint')}</p>
        </div>
        <Button icon={<LockOutlined />} onClick={() => setChangingPassword(true)} data-testid="change-password">
          {t('edit.changePassword')}
        </Button>
      </section>

      <AvatarCropDialog open={cropping} onClose={() => setCropping(false)} />
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </div>
  );
}
