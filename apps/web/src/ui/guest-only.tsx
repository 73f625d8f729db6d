import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../state/session';

/**
 * Login, register, forgot and agreement pages send signed-in members home. Apart from the other
 * guards (guards.tsx): they read the account's calls, whose schemas the sign-in page loads later.
 */
export function GuestOnly({ terminal, children }: { terminal: 'm' | 'w'; children: ReactNode }) {
  const token = useSession((s) => s.token);
  if (token) return <Navigate to={terminal === 'm' ? '/m/home/index' : '/w/home/index'} replace />;
  return <>{children}</>;
}
