import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useAdminSession } from '../state/admin-session';
import { AdminAuthLayout } from './layouts/AdminAuthLayout';
import { AdminShell } from './layouts/AdminShell';
import { AdminLoginScreen } from './screens/auth/AdminLoginScreen';
import { AdminNotFound } from './screens/AdminNotFound';
import { ApprovalsScreen } from './screens/approvals/ApprovalsScreen';
import { AuditScreen } from './screens/audit/AuditScreen';
import { DashboardScreen } from './screens/dashboard/DashboardScreen';
import { GiftsScreen } from './screens/catalogue/GiftsScreen';
import { PackagesScreen } from './screens/catalogue/PackagesScreen';
import { PermissionsScreen } from './screens/catalogue/PermissionsScreen';
import { MemberDetailScreen } from './screens/members/MemberDetailScreen';
import { MembersScreen } from './screens/members/MembersScreen';
import { ReportsScreen } from './screens/reports/ReportsScreen';

/** Console pages need a console session; without one (or once the server refused it) → sign-in. */
function RequireStaff({ children }: { children: ReactNode }) {
  const token = useAdminSession((s) => s.token);
  const location = useLocation();
  if (!token) return <Navigate to="/admin/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

function GuestOnly({ children }: { children: ReactNode }) {
  const token = useAdminSession((s) => s.token);
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  if (token) return <Navigate to={from?.startsWith('/admin/') && from !== '/admin/login' ? from : '/admin/dashboard'} replace />;
  return <>{children}</>;
}

/** Routes relative to /admin. */
export function AdminRoutes() {
  return (
    <Routes>
      <Route element={<AdminAuthLayout />}>
        <Route path="login" element={<GuestOnly><AdminLoginScreen /></GuestOnly>} />
      </Route>
      <Route element={<RequireStaff><AdminShell /></RequireStaff>}>
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route path="dashboard" element={<DashboardScreen />} />
        <Route path="reports" element={<ReportsScreen />} />
        <Route path="approvals" element={<ApprovalsScreen />} />
        <Route path="members" element={<MembersScreen />} />
        <Route path="members/:id" element={<MemberDetailScreen />} />
        <Route path="catalogue" element={<Navigate to="gifts" replace />} />
        <Route path="catalogue/gifts" element={<GiftsScreen />} />
        <Route path="catalogue/packages" element={<PackagesScreen />} />
        <Route path="catalogue/permissions" element={<PermissionsScreen />} />
        <Route path="audit" element={<AuditScreen />} />
        <Route path="*" element={<AdminNotFound />} />
      </Route>
    </Routes>
  );
}
