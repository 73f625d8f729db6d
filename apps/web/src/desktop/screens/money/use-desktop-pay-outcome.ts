import { PAY_RETURN_PATHS, type OrderType } from '@kindred/protocol';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PayOutcome } from '../../../ui/use-payment';

export const resultPath = (guid: string) => `${PAY_RETURN_PATHS.w}?guid=${encodeURIComponent(guid)}`;

/**
 * What a desktop does with a payment's outcome (docs/product-rules.md §4): ok → the success message and the result
 * page; jump → the browser goes to the provider; iframe → a full-page frame over the page (`frame`);
 * scan → a confirmation, then the QR page in a new window while the result page waits; short of
 * credits → "Insufficient Credits" with the way to recharge; else "Payment failed".
 */
export function useDesktopPayOutcome(orderType: OrderType) {
  const { t } = useTranslation('desktop');
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [frame, setFrame] = useState<{ url: string; guid: string } | null>(null);

  const handle = (outcome: PayOutcome) => {
    switch (outcome.kind) {
      case 'ok':
        void message.success(t(orderType === 2 ? 'money.upgradeSuccess' : 'money.rechargeSuccess'));
        navigate(resultPath(outcome.guid));
        return;
      case 'jump':
        window.location.assign(outcome.url);
        return;
      case 'iframe':
        setFrame({ url: outcome.url, guid: outcome.guid });
        return;
      case 'scan':
        modal.confirm({
          title: t('money.scan.confirmTitle'),
          content: t('money.scan.confirmText', { amount: outcome.order.amounts }),
          okText: t('money.scan.open'),
          cancelText: t('common:actions.cancel'),
          okButtonProps: { 'data-testid': 'scan-open' },
          onOk: () => {
            window.open(outcome.url, '_blank', 'noopener');
            navigate(resultPath(outcome.guid));
          },
        });
        return;
      case 'short':
        modal.confirm({
          title: t('money.insufficient'),
          content: t('money.creditLow'),
          okText: t('money.rechargeNow'),
          cancelText: t('common:actions.cancel'),
          okButtonProps: { 'data-testid': 'short-recharge' },
          onOk: () => navigate('/w/home/pay'),
        });
        return;
      case 'failed':
        void message.error(outcome.detail ? `${t('money.paymentFailed')}: ${outcome.detail}` : t('money.paymentFailed'));
        return;
      case 'invalid':
        void message.error(outcome.text);
        return;
      case 'busy':
        void message.warning(t('money.waitPatiently'));
    }
  };
  return { handle, frame, closeFrame: () => setFrame(null) };
}
