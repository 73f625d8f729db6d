import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogoutMutation } from '../../api/auth';
import { usePageTitle } from '../components/Page';

/** Status 2: the approval notice replaces every screen; signing out is the only action. */
export function PendingNotice() {
  const { t } = useTranslation('desktop');
  const navigate = useNavigate();
  const logout = useLogoutMutation();
  usePageTitle(t('titles.pending'));
  return (
    <div className="kd-card kd-pending" data-testid="pending-screen">
      <Result
        icon={<ClockCircleOutlined />}
        title={t('pending.title')}
        subTitle={t('pending.text')}
        extra={
          <Button type="primary" size="large" loading={logout.isPending} onClick={() => void logout.mutateAsync().finally(() => navigate('/w/login', { replace: true }))}>
            {t('nav.signOut')}
          </Button>
        }
      />
    </div>
  );
}
