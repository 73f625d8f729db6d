import type { Language } from '@kindred/protocol';
import { lazy, Suspense, use, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import i18n from '../i18n';
import { GuestOnly } from '../ui/guest-only';
import { preloadableLazy } from '../ui/preloadable-lazy';
import { LoginScreen } from './screens/auth/LoginScreen';
import { loadAllMobileStrings, loadMobileStrings } from './strings';
import './mobile.css';

// The mobile namespace in the language the member reads (i18n/load-strings.ts, one set at a time).
const stringsReady = loadMobileStrings((i18n.resolvedLanguage ?? 'en') as Language);

/** A lazy screen that renders once its chunk and all of the mobile strings (strings.ts) are in. */
const withStrings = <T,>(load: () => Promise<T>) => () => Promise.all([load(), loadAllMobileStrings((i18n.resolvedLanguage ?? 'en') as Language)]).then(([m]) => m);
/** The same, once antd-mobile's renderer for its imperative dialogs (antd-render.ts) is in too. */
const screen = <T,>(load: () => Promise<T>) => () => Promise.all([withStrings(load)(), import('./antd-render')]).then(([m]) => m);

// Only the sign-in page comes with the first load; every other screen is its own chunk (docs/architecture.md §9).
const RegisterScreen = lazy(screen(() => import('./screens/auth/RegisterScreen')));
const ForgotPasswordScreen = lazy(screen(() => import('./screens/auth/ForgotPasswordScreen')));
const ResetPasswordScreen = lazy(screen(() => import('./screens/auth/ResetPasswordScreen')));
const AgreementScreen = lazy(screen(() => import('./screens/auth/AgreementScreen')));
// The home's first screen (the members list) opens no dialog and reads only part of the strings
// (strings.ts): its routes wait for the renderer and the rest of the strings themselves.
const HomeRoutes = preloadableLazy(async () => {
  const [routes] = await Promise.all([import('./screens/home/HomeRoutes'), loadMobileStrings((i18n.resolvedLanguage ?? 'en') as Language)]);
  return routes;
});

/**
 * Opening the home, its routes are evaluated as soon as their chunks are in (the server hints them
 * with the page), while the router still waits for the strings: on a slow phone that evaluation
 * (the kit, the protocol's schemas) no longer follows the strings, and React finds the routes
 * loaded instead of suspending on them (screens/home/HomeRoutes.tsx starts the members list).
 */
if (/^\/m\/home(\/index)?\/?$/i.test(window.location.pathname)) void HomeRoutes.start().catch(() => undefined);
const ReportRoute = lazy(screen(() => import('./screens/reports/ReportRoutes').then((m) => ({ default: m.ReportRoute }))));
const ReportListRoute = lazy(screen(() => import('./screens/reports/ReportRoutes').then((m) => ({ default: m.ReportListRoute }))));
const UpgradeCodeRoute = lazy(screen(() => import('./screens/home/HomeRoutes').then((m) => ({ default: m.UpgradeCodeRoute }))));
const OutsideNotFoundRoute = lazy(screen(() => import('./screens/home/HomeRoutes').then((m) => ({ default: m.OutsideNotFoundRoute }))));

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
