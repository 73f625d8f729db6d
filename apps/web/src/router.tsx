import { isMobileUserAgent, type Language } from '@kindred/protocol';
import { createBrowserRouter, Navigate, useParams } from 'react-router';
import i18n from './i18n';
import { loadDesktopStrings } from './desktop/strings/desktop-strings';
import { loadMobileStrings } from './mobile/strings';
import { NotFound } from './ui/NotFound';
import { RouteError } from './ui/RouteError';

/** Shown for the instant an interface chunk is loading; the page stays calm rather than flashing. */
const Blank = () => null;

const home = () => (isMobileUserAgent(navigator.userAgent) ? '/m/home/index' : '/w/home/index');

function InvitationRedirect() {
  const { code = '' } = useParams();
  const base = isMobileUserAgent(navigator.userAgent) ? '/m/regist' : '/w/regist';
  return <Navigate to={`${base}/${encodeURIComponent(code)}`} replace />;
}

/**
 * The phone's chunk and its strings download side by side: the strings loader is in the first
 * chunk, so they do not wait for the mobile chunk to run (one round trip less before /m/login paints
 * on a slow network).
 */
async function loadMobile() {
  const [app] = await Promise.all([import('./mobile/MobileApp'), loadMobileStrings((i18n.resolvedLanguage ?? 'en') as Language)]);
  return { Component: app.MobileApp };
}

/** The desktop's sign-in pages live in its first chunk; every other /w page in a second one. */
const DESKTOP_GUEST_PAGE = /^\/w\/(login|regist|forgot-password|reset-password)(\/|$)/;

/**
 * Like the phone: the desktop chunk and one language's strings side by side. Opening a signed-in
 * page, the signed-in area's chunk starts as soon as the first chunk is in (the server hints that
 * one), not after React has rendered the route that asks for it.
 */
async function loadDesktop() {
  const lang = (i18n.resolvedLanguage ?? 'en') as Language;
  const [app] = await Promise.all([import('./desktop/DesktopApp'), loadDesktopStrings(lang)]);
  if (!DESKTOP_GUEST_PAGE.test(window.location.pathname)) void app.loadMemberRoutes().catch(() => undefined);
  return { Component: app.DesktopApp };
}

/** Each interface is its own lazy chunk: a phone never downloads antd, a desktop never antd-mobile. */
export const router = createBrowserRouter([
  { path: '/', element: <Navigate to={home()} replace /> },
  { path: '/invitation/:code', element: <InvitationRedirect /> },
  { path: '/m/*', lazy: loadMobile, errorElement: <RouteError />, HydrateFallback: Blank },
  { path: '/w/*', lazy: loadDesktop, errorElement: <RouteError />, HydrateFallback: Blank },
  // The staff console: its own chunk (antd, charts, its strings), never requested by /m or /w.
  { path: '/admin/*', lazy: () => import('./admin/AdminApp').then((m) => ({ Component: m.AdminApp })), errorElement: <RouteError />, HydrateFallback: Blank },
  // An address outside both interfaces: said plainly, with the way home (issue 13).
  { path: '*', element: <NotFound home="/" /> },
]);
