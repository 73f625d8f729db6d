import { isMobileUserAgent } from '@kindred/protocol';
import { createBrowserRouter, Navigate, useParams } from 'react-router';
import { RouteError } from './ui/RouteError';

/** Shown for the instant an interface chunk is loading; the page stays calm rather than flashing. */
const Blank = () => null;

const home = () => (isMobileUserAgent(navigator.userAgent) ? '/m/home/index' : '/w/home/index');

function InvitationRedirect() {
  const { code = '' } = useParams();
  const base = isMobileUserAgent(navigator.userAgent) ? '/m/regist' : '/w/regist';
  return <Navigate to={`${base}/${encodeURIComponent(code)}`} replace />;
}

/** Each interface is its own lazy chunk: a phone never downloads antd, a desktop never antd-mobile. */
export const router = createBrowserRouter([
  { path: '/', element: <Navigate to={home()} replace /> },
  { path: '/invitation/:code', element: <InvitationRedirect /> },
  { path: '/m/*', lazy: () => import('./mobile/MobileApp').then((m) => ({ Component: m.MobileApp })), errorElement: <RouteError />, HydrateFallback: Blank },
  { path: '/w/*', lazy: () => import('./desktop/DesktopApp').then((m) => ({ Component: m.DesktopApp })), errorElement: <RouteError />, HydrateFallback: Blank },
  { path: '*', element: <Navigate to="/" replace /> },
]);
