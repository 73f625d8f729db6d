import { TIMINGS } from '@kindred/protocol';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../toast';

export const UPGRADE_PATH = '/m/home/upgrade/index';

/**
 * Free members asking for more than the first page: "Need to upgrade~", then the upgrade page after
 * TIMINGS.upgradeRedirectMs (docs/product-rules.md §6, §9). Leaving the screen first cancels the move.
 */
export function useUpgradeRedirect(): () => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    toast(t('errors.need_upgrade'), 'info', TIMINGS.upgradeRedirectMs);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => navigate(UPGRADE_PATH), TIMINGS.upgradeRedirectMs);
  }, [navigate, t]);
}
