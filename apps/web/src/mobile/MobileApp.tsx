import type { Language } from '@kindred/protocol';
import { unstableSetRender } from 'antd-mobile';
import { lazy, Suspense, use, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Navigate, Route, Routes } from 'react-router';
import i18n from '../i18n';
import { GuestOnly } from '../ui/guards';
import { LoginScreen } from './screens/auth/LoginScreen';
import { loadMobileStrings } from './strings';
import './mobile.css';

// antd-mobile's Toast/Dialog render nothing on React 19 without this (docs/architecture.md §10).
unstableSetRender((node, container) => {
  const el = container as Element & { _kRoot?: ReturnType<typeof createRoot> };
  el._kRoot ??= createRoot(el);
  el._kRoot.render(node);
  return async () => {
    el._kRoot?.unmount();
    delete el._kRoot;
  };
});

// The mobile namespace in the language the member reads (i18n/load-strings.ts, one set at a time).
const stringsReady = loadMobileStrings((i18n.resolvedLanguage ?? 'en') as Language);

// Only the sign-in page comes with the first load; every other screen is its own chunk (docs/architecture.md §9).
const RegisterScreen = lazy(() => import('./screens/auth/RegisterScreen'));
const ForgotPasswordScreen = lazy(() => import('./screens/auth/ForgotPasswordScreen'));
const ResetPasswordScreen = lazy(() => import('./screens/auth/ResetPasswordScreen'));
const AgreementScreen = lazy(() => import('./screens/auth/AgreementScreen'));
const HomeRoutes = lazy(() => import('./screens/home/HomeRoutes'));
const ReportRoute = lazy(() => import('./screens/reports/ReportRoutes').then((m) => ({ default: m.ReportRoute })));
const ReportListRoute = lazy(() => import('./screens/reports/ReportRoutes').then((m) => ({ default: m.ReportListRoute })));
const UpgradeCodeRoute = lazy(() => import('./screens/home/HomeRoutes').then((m) => ({ default: m.UpgradeCodeRoute })));
const OutsideNotFoundRoute = lazy(() => import('./screens/home/HomeRoutes').then((m) => ({ default: m.OutsideNotFoundRoute })));

function PageLoading() {
  return (
    <div className="m-loading" role="status">
      <span className="m-loading-dot" />
      <span className="m-loading-dot" />
      <span className="m-loading-dot" />
    </div>
  );
}

const guest = (screen: ReactNode) => <GuestOnly terminal="m">{screen}</GuestOnly>;

function MobileRoutes() {
  use(stringsReady);
  return (
    <Routes>
      <Route index element={<Navigate to="/m/home/index" replace />} />
      <Route path="login" element={guest(<LoginScreen />)} />
      <Route path="Register" element={guest(<RegisterScreen />)} />
      <Route path="regist" element={<Navigate to="/m/Register" replace />} />
      <Route path="regist/:code" element={guest(<RegisterScreen />)} />
      <Route path="Forgotpassword" element={guest(<ForgotPasswordScreen />)} />
      <Route path="reset-password" element={guest(<ResetPasswordScreen />)} />
      <Route path="agreement" element={guest(<AgreementScreen />)} />
      <Route path="home/*" element={<HomeRoutes />} />
      <Route path="reportList" element={<ReportListRoute />} />
      <Route path="report" element={<ReportRoute />} />
      <Route path="UpgradeCode" element={<UpgradeCodeRoute />} />
      <Route path="*" element={<OutsideNotFoundRoute />} />
    </Routes>
  );
}

export function MobileApp() {
  return (
    <Suspense fallback={<PageLoading />}>
      <MobileRoutes />
    </Suspense>
  );
}
