import { PAY_RETURN_PATHS, type OrderType } from '@kindred/protocol';
import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PayOutcome } from '../../../ui/use-payment';
import { toastFail, toastSuccess } from '../../toast';

export const RECHARGE_PATH = '/m/home/invest/index';
export const resultPath = (guid: string) => `${PAY_RETURN_PATHS.m}?guid=${encodeURIComponent(guid)}`;
export const framePath = (url: string, guid: string) => `/m/UpgradeCode?url=${encodeURIComponent(url)}&guid=${encodeURIComponent(guid)}`;

/**
 * What a phone does with a payment's outcome (docs/product-rules.md §4): ok → the success message and the result
 * page; jump → the browser goes to the provider; iframe → /m/UpgradeCode (a full-page frame); scan →
 * a confirmation, then the QR page in a new window while the result page waits; a balance short of
 * credits → "Sorry, your credit is running low" with the way to recharge; anything else → "Payment failed".
 */
export function useMobilePayOutcome(orderType: OrderType) {
  const { t } = useTranslation('mobile');
  const navigate = useNavigate();
  return (outcome: PayOutcome) => {
    switch (outcome.kind) {
      case 'ok':
        toastSuccess(t(orderType === 2 ? 'money.upgradeSuccess' : 'money.rechargeSuccess'));
        navigate(resultPath(outcome.guid), { replace: true });
        return;
      case 'jump':
        window.location.assign(outcome.url);
        return;
      case 'iframe':
        navigate(framePath(outcome.url, outcome.guid));
        return;
      case 'scan':
        void Dialog.confirm({
          title: t('money.scan.confirmTitle'),
          content: t('money.scan.confirmText', { amount: outcome.order.amounts }),
          confirmText: t('money.scan.open'),
          cancelText: t('common:actions.cancel'),
          onConfirm: () => {
            window.open(outcome.url, '_blank', 'noopener');
            navigate(resultPath(outcome.guid));
          },
        });
        return;
      case 'short':
        void Dialog.confirm({
          title: t('money.insufficient'),
          content: t('money.creditLow'),
          confirmText: t('money.rechargeNow'),
          cancelText: t('common:actions.cancel'),
          onConfirm: () => navigate(RECHARGE_PATH),
        });
        return;
      case 'failed':
        toastFail(outcome.detail ? `${t('money.paymentFailed')}: ${outcome.detail}` : t('money.paymentFailed'));
        return;
      case 'invalid':
        toastFail(outcome.text);
        return;
      case 'busy':
        toastFail(t('money.waitPatiently'));
    }
  };
}
