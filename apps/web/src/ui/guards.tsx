import type { PermissionFlag } from '@kindred/protocol';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { usePermission, useUserInfoQuery } from '../api/account';
import { useSession } from '../state/session';

type Terminal = 'm' | 'w';

/** Login required. Pending accounts (status 2) see only the approval screen. */
export function RequireAuth({ terminal, pending, children }: { terminal: Terminal; pending: ReactNode; children: ReactNode }) {
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const location = useLocation();
  useUserInfoQuery();
  if (!token) return <Navigate to={`/${terminal}/login`} replace state={{ from: location.pathname }} />;
  if (user?.status === 2) return <>{pending}</>;
  return <>{children}</>;
}

/** Login, register, forgot and agreement pages send signed-in members home. */
export function GuestOnly({ terminal, children }: { terminal: Terminal; children: ReactNode }) {
  const token = useSession((s) => s.token);
  if (token) return <Navigate to={terminal === 'm' ? '/m/home/index' : '/w/home/index'} replace />;
  return <>{children}</>;
}

/** A route needing a permission the member lacks: say so, then go to `/`. */
export function RequirePermission({ flag, notify, children }: { flag: PermissionFlag; notify: (text: string) => void; children: ReactNode }) {
  const allowed = usePermission(flag);
  const navigate = useNavigate();
  const { t } = useTranslation();
  useEffect(() => {
    if (allowed === false) {
      notify(t('errors.no_permission'));
      navigate('/', { replace: true });
    }
  }, [allowed, navigate, notify, t]);
  return allowed ? <>{children}</> : null;
}
