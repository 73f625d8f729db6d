import { CloseOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useOrderStatusQuery } from '../../../api/billing';
import { frameAddress } from '../../../ui/frame-address';
import { resultPath } from './use-desktop-pay-outcome';

/**
 * The provider's challenge (spec "iframe") in a full-page frame over the desktop. The order is asked
 * for meanwhile; once it is settled the member goes to the result page, whatever the frame shows.
 */
export function PaymentFrame({ url, guid, onClose }: { url: string; guid: string; onClose: () => void }) {
  const { t } = useTranslation('desktop');
  const navigate = useNavigate();
  const order = useOrderStatusQuery(guid);
  const src = frameAddress(url);
  const settled = order.data && order.data.status !== 'pending';

  useEffect(() => {
    if (settled) {
      onClose();
      navigate(resultPath(guid));
    }
  }, [settled, guid, navigate, onClose]);

  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  const cancel = () => {
    onClose();
    navigate(resultPath(guid));
  };

  return createPortal(
    <div className="kd-pay-frame" role="dialog" aria-modal="true" aria-label={t('money.frame.title')} data-testid="pay-frame-overlay">
      <header className="kd-pay-frame-head">
        <SafetyCertificateOutlined />
        <strong>{t('money.frame.title')}</strong>
        <span className="kd-muted">{t('money.frame.hint')}</span>
        <Button icon={<CloseOutlined />} onClick={cancel} data-testid="frame-cancel">
          {t('money.frame.cancel')}
        </Button>
      </header>
      {src ? <iframe className="kd-pay-frame-body" src={src} title={t('money.frame.title')} data-testid="pay-frame" /> : <Result status="warning" title={t('money.frame.badAddress')} />}
    </div>,
    document.body,
  );
}
