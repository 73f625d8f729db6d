import { isPending, type PermissionFlag } from '@kindred/protocol';
import { useEffect, useRef, type ReactNode } from 'react';
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
  if (user && isPending(user)) return <>{pending}</>;
  return <>{children}</>;
}

export { GuestOnly } from './guest-only';

/**
 * A route needing a permission the member lacks: say so, then go home (docs/product-rules.md §2
 * says "/"). The interface's own home, not "/": going through "/" unmounts the interface and its
 * message with it, so a page opened by address used to land home without a word (issue 13).
 */
export function RequirePermission({ flag, notify, children }: { flag: PermissionFlag; notify: (text: string) => void; children: ReactNode }) {
  const allowed = usePermission(flag);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const home = pathname.startsWith('/m/') ? '/m/home/index' : '/w/home/index';
  // Said once: the interfaces pass a new `notify` on every render.
  const told = useRef(false);
  useEffect(() => {
    if (allowed !== false || told.current) return;
    told.current = true;
    notify(t('errors.no_permission'));
    navigate(home, { replace: true });
  }, [allowed, home, navigate, notify, t]);
  return allowed ? <>{children}</> : null;
}
