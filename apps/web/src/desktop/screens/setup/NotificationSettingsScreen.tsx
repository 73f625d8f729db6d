import { App, Button, Checkbox, Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { DELIVERY_CHOICES, loadNotification, NOTIFICATION_KINDS, saveNotification, type NotificationSettings } from '../../settings-store';

/** Which events to be told about (form1-form10) and when (form11), kept in this browser. */
export function NotificationSettingsScreen() {
  const { t } = useTranslation('desktop');
  const { message } = App.useApp();
  const save = (v: NotificationSettings) => {
    saveNotification(v);
    void message.success(t('settings.saved'));
  };
  return (
    <section className="kd-card">
      <header className="kd-page-head">
        <h1>{t('titles.notification')}</h1>
        <p>{t('settings.notification.subtitle')}</p>
      </header>
      <Form<NotificationSettings> name="notification" initialValues={loadNotification()} onFinish={save} className="kd-settings-form">
        <h2 className="kd-settings-title">{t('settings.notification.kinds')}</h2>
        <div className="kd-settings-group kd-settings-grid">
          {NOTIFICATION_KINDS.map((kind) => (
            <Form.Item key={kind} name={kind} valuePropName="checked" noStyle>
              <Checkbox name={kind}>{t(`settings.notification.${kind}`)}</Checkbox>
            </Form.Item>
          ))}
        </div>
        <h2 className="kd-settings-title">{t('settings.notification.delivery')}</h2>
        <div className="kd-settings-group">
          <Form.Item name="form11" noStyle>
            <Radio.Group name="form11" className="kd-settings-radios">
              {DELIVERY_CHOICES.map((choice) => (
                <Radio key={choice} value={choice}>
                  {t(`settings.notification.${choice}`)}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        </div>
        <footer className="kd-settings-footer">
          <span className="kd-muted">{t('settings.localHint')}</span>
          <Button type="primary" htmlType="submit" data-testid="save-settings">
            {t('common:actions.save')}
          </Button>
        </footer>
      </Form>
    </section>
  );
}
