import { App, Button, Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { loadGeneral, saveGeneral, type GeneralSettings } from '../../settings-store';
import { AccountDataCard } from '../reports/AccountDataCard';

/** General settings: the mass-mail subscription, kept in this browser. */
export function GeneralSettingsScreen() {
  const { t } = useTranslation('desktop');
  const { message } = App.useApp();
  const save = (v: GeneralSettings) => {
    saveGeneral({ form1: Boolean(v.form1) });
    void message.success(t('settings.saved'));
  };
  return (
    <>
    <section className="kd-card">
      <header className="kd-page-head">
        <h1>{t('titles.general')}</h1>
        <p>{t('settings.general.subtitle')}</p>
      </header>
      <Form<GeneralSettings> name="general" initialValues={loadGeneral()} onFinish={save} className="kd-settings-form">
        <div className="kd-settings-group">
          <Form.Item name="form1" valuePropName="checked" noStyle>
            <Checkbox name="form1">
              <span className="kd-check-label">{t('settings.general.form1')}</span>
              <span className="kd-check-hint">{t('settings.general.form1Hint')}</span>
            </Checkbox>
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
    <AccountDataCard />
    </>
  );
}
