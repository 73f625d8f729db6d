import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { GuestOnly } from '../ui/guards';
import { Page } from './components/Page';
import { AuthLayout } from './layouts/AuthLayout';
import { loadMemberRoutes } from './load-member-routes';
import { LoginScreen } from './screens/auth/LoginScreen';

/** The signed-in area and the rarer sign-in pages come on demand; /w/login carries only its form. */
const MemberRoutes = lazy(loadMemberRoutes);
const RegisterScreen = lazy(() => import('./screens/auth/guest-antd-screens').then((m) => ({ default: m.RegisterScreen })));
const ForgotPasswordScreen = lazy(() => import('./screens/auth/guest-antd-screens').then((m) => ({ default: m.ForgotPasswordScreen })));
const ResetPasswordScreen = lazy(() => import('./screens/auth/guest-antd-screens').then((m) => ({ default: m.ResetPasswordScreen })));

/** For the instant a chunk is on its way the page stays calm rather than flashing a spinner. */
const OnDemand = ({ children }: { children: ReactNode }) => <Suspense fallback={null}>{children}</Suspense>;

/** Routes relative to /w: the sign-in pages here, everything else in member-routes.tsx. */
export function DesktopRoutes() {
  return (
    <Routes>
      <Route element={<GuestOnly terminal="w"><AuthLayout /></GuestOnly>}>
        <Route path="login" element={<Page title="login"><LoginScreen /></Page>} />
        <Route path="regist" element={<Page title="regist"><OnDemand><RegisterScreen /></OnDemand></Page>} />
        <Route path="regist/:code" element={<Page title="invitation"><OnDemand><RegisterScreen /></OnDemand></Page>} />
        <Route path="forgot-password" element={<Page title="forgot"><OnDemand><ForgotPasswordScreen /></OnDemand></Page>} />
        <Route path="reset-password" element={<Page title="reset"><OnDemand><ResetPasswordScreen /></OnDemand></Page>} />
      </Route>
      <Route index element={<Navigate to="home/index" replace />} />
      <Route path="*" element={<OnDemand><MemberRoutes /></OnDemand>} />
    </Routes>
  );
}
