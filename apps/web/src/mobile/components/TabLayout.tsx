import { TabBar } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAfterFirstData } from '../../ui/use-after-first-data';
import { ChatIcon, CompassIcon, HomeIcon, UserIcon } from '../icons';
import './page.css';

const TABS = [
  { key: '/m/home/index', title: 'tabs.home', Icon: HomeIcon },
  { key: '/m/home/trend/list', title: 'tabs.trends', Icon: CompassIcon },
  { key: '/m/home/message', title: 'tabs.messages', Icon: ChatIcon },
  { key: '/m/home/my/index', title: 'tabs.mine', Icon: UserIcon },
] as const;

/**
 * Unread chat messages for the Messages badge. The chat store comes with the connection, after the
 * first screen's data is drawn (screens/home/HomeRoutes.tsx): until then the count is 0, as it was
 * before the connection had synced.
 */
function useUnreadChatsAfterFirstData(): number {
  const settled = useAfterFirstData();
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    if (!settled) return;
    let live = true;
    let stop: (() => void) | undefined;
    import('../../chat/unread-chats')
      .then(({ watchUnreadChats }) => {
        if (live) stop = watchUnreadChats(setUnread);
      })
      // Offline at that moment: no badge, as without a connection.
      .catch(() => undefined);
    return () => {
      live = false;
      stop?.();
    };
  }, [settled]);
  return unread;
}

/** The four main screens with the bottom tab bar. */
export function TabLayout() {
  const { t } = useTranslation('mobile');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const unreadChats = useUnreadChatsAfterFirstData();
  const active = TABS.find((tab) => tab.key.toLowerCase() === pathname.toLowerCase())?.key ?? null;
  return (
    <div className="m-tabs-layout">
      <main>
        <Outlet />
      </main>
      <nav className="m-tabbar" aria-label={t('common:brand')}>
        <TabBar activeKey={active} onChange={(key) => navigate(key)} safeArea>
          {TABS.map(({ key, title, Icon }) => (
            <TabBar.Item
              key={key}
              icon={<Icon />}
              title={t(title)}
              aria-label={t(title)}
              data-testid={`tab-${title.slice(5)}`}
              badge={key === '/m/home/message' && unreadChats > 0 ? unreadChats : undefined}
            />
          ))}
        </TabBar>
      </nav>
    </div>
  );
}
