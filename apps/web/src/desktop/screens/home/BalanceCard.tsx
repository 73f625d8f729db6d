import { ShareAltOutlined, WalletOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../state/session';

// The dialog (antd's Modal, the copy field) loads the first time it is opened.
const InviteDialog = lazy(() => import('./InviteDialog').then((m) => ({ default: m.InviteDialog })));

/** Credits balance with the pay button, and the invitation link behind a dialog. */
export function BalanceCard() {
  const { t } = useTranslation('desktop');
  const amount = useSession((s) => s.user?.amount ?? 0);
  const [inviting, setInviting] = useState(false);
  const [invited, setInvited] = useState(false);
  return (
    <section className="kd-card kd-balance" data-testid="balance-card">
      <div className="kd-balance-row">
        <span className="kd-balance-icon">
          <WalletOutlined />
        </span>
        <div className="kd-balance-text">
          <span className="kd-muted">{t('home.balance')}</span>
          <strong data-testid="balance-amount">{amount.toFixed(2)}</strong>
        </div>
        <Link to="/w/home/pay">
          <Button type="primary" shape="round" data-testid="pay-button">
            {t('home.pay')}
          </Button>
        </Link>
      </div>
      <p className="kd-muted kd-balance-hint">{t('home.balanceHint')}</p>
      <Button block icon={<ShareAltOutlined />} onClick={() => {
          setInvited(true);
          setInviting(true);
        }} data-testid="invite-button">
        {t('home.invite')}
      </Button>
      {invited ? (
        <Suspense fallback={null}>
          <InviteDialog open={inviting} onClose={() => setInviting(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
