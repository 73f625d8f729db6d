import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useOrderStatusQuery } from '../../../api/billing';
import { frameAddress } from '../../../ui/frame-address';
import { useTitle } from '../../use-title';
import { CloseIcon } from '../../icons';
import { ListMessage } from '../discovery/ListState';
import { resultPath } from './use-mobile-pay-outcome';
import './money.css';

/**
 * /m/UpgradeCode?url=…&guid=…: the provider's page (a 3-D Secure-like challenge) in a full-page
 * frame. The page asks for the order meanwhile and moves on to the result as soon as it is settled,
 * whatever the frame shows. Only our own origin (or the configured provider's) may be framed: the
 * address comes from the query string, so anything else is refused here as the CSP refuses it.
 */
export default function UpgradeCodeScreen() {
  const { t } = useTranslation('mobile');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const guid = params.get('guid');
  const src = frameAddress(params.get('url'));
  const order = useOrderStatusQuery(guid);
  const settled = order.data && order.data.status !== 'pending';
  useTitle(t('money.frame.title'));

  useEffect(() => {
    if (settled && guid) navigate(resultPath(guid), { replace: true });
  }, [settled, guid, navigate]);

  const leave = () => (guid ? navigate(resultPath(guid), { replace: true }) : navigate('/m/home/my/index', { replace: true }));

  return (
    <div className="m-frame-page" data-testid="upgrade-code">
      <header className="m-navbar">
        <button type="button" className="m-nav-back" onClick={leave} aria-label={t('money.frame.cancel')} data-testid="frame-cancel">
          <CloseIcon />
        </button>
        <h1 className="m-navbar-title">{t('money.frame.title')}</h1>
        <div className="m-nav-right" />
      </header>
      {src ? (
        <iframe className="m-frame" src={src} title={t('money.frame.title')} data-testid="pay-frame" />
      ) : (
        <ListMessage text={t('money.frame.badAddress')} testId="frame-bad-address" />
      )}
    </div>
  );
}
