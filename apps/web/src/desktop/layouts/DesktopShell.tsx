import { UserStatus } from '@kindred/protocol';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useChatLifecycle } from '../../chat/use-chat';
import { useSession } from '../../state/session';
import { FloatingChat } from '../chat/FloatingChat';
import { DesktopFooter } from '../components/DesktopFooter';
import { DesktopHeader } from '../components/DesktopHeader';

/** Header, centred content and footer around every page but the sign-in ones. */
export function DesktopShell() {
  // The live chat connection lives as long as a signed-in, approved member is in the desktop area.
  useChatLifecycle();
  const member = useSession((s) => Boolean(s.token) && s.user?.status !== UserStatus.pending);
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
      {member ? <FloatingChat /> : null}
    </div>
  );
}
