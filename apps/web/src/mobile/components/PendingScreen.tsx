import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogoutMutation } from '../../api/auth';
import { ClockIcon, LogoMark } from '../icons';
import { useTitle } from '../use-title';
import { useSingleFlight } from '../use-single-flight';
import './page.css';

/** Status 2: the account waits for approval; the notice and sign-out are all there is. */
export function PendingScreen() {
  const { t } = useTranslation('mobile');
  const logout = useLogoutMutation();
  const navigate = useNavigate();
  useTitle(t('pending.title'));
  const signOut = useSingleFlight(async () => {
    await logout.mutateAsync();
    navigate('/m/login', { replace: true });
  });
  return (
    <main className="m-pending" data-testid="pending-screen">
      <div className="m-pending-card" role="status">
        <LogoMark size={52} />
        <span className="m-pending-badge">
          <ClockIcon /> {t('pending.title')}
        </span>
        <h1>{t('common:messages.pending')}</h1>
        <p>{t('pending.hint')}</p>
      </div>
      <Button className="m-button-pill" block color="primary" fill="outline" loading={logout.isPending} onClick={signOut}>
        {t('common:actions.signOut')}
      </Button>
    </main>
  );
}
