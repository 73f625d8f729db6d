import { TIMINGS } from '@kindred/protocol';
import { App } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * Free members asking for more than the first page: "Need to upgrade~", then the upgrade page
 * after TIMINGS.upgradeRedirectMs (docs/product-rules.md §6, §9). Leaving the screen first cancels the move.
 */
export function useUpgradeRedirect() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    void message.warning(t('errors.need_upgrade'));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => navigate('/w/home/upgrade'), TIMINGS.upgradeRedirectMs);
  }, [message, navigate, t]);
}

export type LaterFeature = 'gift' | 'report';

/** Buttons whose flows later updates finish (gifts, reports) say so instead of doing nothing. */
export function useComingLater() {
  const { message } = App.useApp();
  const { t } = useTranslation('desktop');
  return useCallback((feature: LaterFeature) => void message.info(t(`later.${feature}`)), [message, t]);
}
