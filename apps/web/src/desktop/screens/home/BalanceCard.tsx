import { ShareAltOutlined, WalletOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../state/session';
import { InviteDialog } from './InviteDialog';

/** Credits balance with the pay button, and the invitation link behind a dialog. */
export function BalanceCard() {
  const { t } = useTranslation('desktop');
  const amount = useSession((s) => s.user?.amount ?? 0);
  const [inviting, setInviting] = useState(false);
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
      <Button block icon={<ShareAltOutlined />} onClick={() => setInviting(true)} data-testid="invite-button">
        {t('home.invite')}
      </Button>
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
    </section>
  );
}
