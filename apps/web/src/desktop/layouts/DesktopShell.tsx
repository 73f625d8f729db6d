import { Outlet } from 'react-router';
import { DesktopFooter } from '../components/DesktopFooter';
import { DesktopHeader } from '../components/DesktopHeader';

/** Header, centred content and footer around every page but the sign-in ones. */
export function DesktopShell() {
  return (
    <div className="kd-shell">
      <DesktopHeader />
      <main className="kd-main">
        <div className="kd-container">
          <Outlet />
        </div>
      </main>
      <DesktopFooter />
    </div>
  );
}
