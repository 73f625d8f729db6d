import { Mask, SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** The loading overlay while a payment is sent (ui/use-payment closes it after 5 s at most). */
export function PayOverlay({ visible }: { visible: boolean }) {
  const { t } = useTranslation('mobile');
  return (
    <Mask visible={visible} opacity="thin" disableBodyScroll={false}>
      <div className="m-pay-overlay" role="status" data-testid="pay-overlay">
        <SpinLoading color="white" />
        <span>{t('money.processing')}</span>
      </div>
    </Mask>
  );
}
