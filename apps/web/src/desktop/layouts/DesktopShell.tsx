import { UserStatus } from '@kindred/protocol';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useChatLifecycle } from '../../chat/use-chat';
import { useSession } from '../../state/session';
import { DesktopFooter } from '../components/DesktopFooter';
import { DesktopHeader } from '../components/DesktopHeader';
import { useAfterFirstData } from '../../ui/use-after-first-data';

// The chat windows (conversation view, composer, gifts): their chunk follows the page's first content.
const FloatingChat = lazy(() => import('../chat/FloatingChat').then((m) => ({ default: m.FloatingChat })));

/** Header, centred content and footer around every page but the sign-in ones. */
export function DesktopShell() {
  // The live chat connection lives as long as a signed-in, approved member is in the desktop area.
  useChatLifecycle();
  const member = useSession((s) => Boolean(s.token) && s.user?.status !== UserStatus.pending);
  const settled = useAfterFirstData();
  return (
    <div className="kd-shell">
      <DesktopHeader />
      <main className="kd-main">
        <div className="kd-container">
          {/* A page opened for the first time waits for its chunk here, the header and footer stay. */}
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <DesktopFooter />
      {member && settled ? (
        <Suspense fallback={null}>
          <FloatingChat />
        </Suspense>
      ) : null}
    </div>
  );
}
