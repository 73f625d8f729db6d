import { Sex } from '@kindred/protocol';
import { List } from 'antd-mobile';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../state/session';
import { SubPage } from '../../components/SubPage';
import { formatBirthday } from '../../dates';
import '../../setup.css';

const EmailPopup = lazy(() => import('./EmailPopup'));

/** /m/home/my/setup/data: what the profile holds; birthday, gender and e-mail open their editors. */
export default function DataScreen() {
  const { t, i18n } = useTranslation('mobile');
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const [editingEmail, setEditingEmail] = useState(false);
  if (!user) return null;
  return (
    <SubPage title={t('titles.data')} back="/m/home/my/setup/index">
      <List className="m-card m-setup-list">
        <List.Item extra={user.username}>{t('common:fields.username')}</List.Item>
        <List.Item extra={<span data-testid="data-birthday">{formatBirthday(user.birthday, i18n.resolvedLanguage ?? 'en')}</span>} onClick={() => navigate('/m/home/my/setup/changebrith')}>
          {t('common:fields.birthday')}
        </List.Item>
        <List.Item extra={<span data-testid="data-gender">{t(user.sex === Sex.female ? 'common:sex.female' : 'common:sex.male')}</span>} onClick={() => navigate('/m/home/my/setup/changegender')}>
          {t('common:fields.sex')}
        </List.Item>
        <List.Item extra={user.country || t('setup.notSet')}>{t('common:fields.country')}</List.Item>
        <List.Item extra={<span className="m-setup-extra" data-testid="data-email">{user.email}</span>} onClick={() => setEditingEmail(true)}>
          {t('common:fields.email')}
        </List.Item>
      </List>
      {editingEmail ? (
        <Suspense fallback={null}>
          <EmailPopup onClose={() => setEditingEmail(false)} />
        </Suspense>
      ) : null}
    </SubPage>
  );
}
