import { App } from 'antd';
import { lazy, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes, useParams } from 'react-router';
import { useSession } from '../state/session';
import { RequireAuth, RequirePermission } from '../ui/guards';
import { NotFoundPage, Page } from './components/Page';
import { DesktopShell } from './layouts/DesktopShell';
import { useDayjsLocale } from './use-dayjs-locale';
import { AntdRoot } from './antd-root';
import { HomeScreen } from './screens/home/HomeScreen';

/**
 * Every page but home is its own chunk, fetched when first opened (issue 14): home, the page a
 * member lands on, carries only itself and the shell. DesktopShell holds the Suspense boundary.
 * `any`: each screen has its own props.
 */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType<any>>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}
// The layouts of the other sections (tabs, side menu) and the pending-account notice (antd's Result
// pictures) come with their pages, not with home.
const InfoLayout = screen(() => import('./layouts/InfoLayout'), 'InfoLayout');
const PendingNotice = screen(() => import('./layouts/PendingNotice'), 'PendingNotice');
const SectionLayout = screen(() => import('./layouts/SectionLayout'), 'SectionLayout');
const UserLayout = screen(() => import('./layouts/UserLayout'), 'UserLayout');
const ChatPage = screen(() => import('./chat/ChatPage'), 'ChatPage');
const EditProfileScreen = screen(() => import('./screens/setup/EditProfileScreen'), 'EditProfileScreen');
const BlockedMembersScreen = screen(() => import('./screens/blocking/BlockedMembersScreen'), 'BlockedMembersScreen');
const GeneralSettingsScreen = screen(() => import('./screens/setup/GeneralSettingsScreen'), 'GeneralSettingsScreen');
const ReceivedGiftsScreen = screen(() => import('./screens/gifts/ReceivedGiftsScreen'), 'ReceivedGiftsScreen');
const StoreScreen = screen(() => import('./screens/gifts/StoreScreen'), 'StoreScreen');
const InfoScreen = screen(() => import('./screens/info/InfoScreen'), 'InfoScreen');
const MailScreen = screen(() => import('./screens/mail/MailScreen'), 'MailScreen');
const MemberDetailScreen = screen(() => import('./screens/member/MemberDetailScreen'), 'MemberDetailScreen');
const MemberListScreen = screen(() => import('./screens/members/MemberListScreen'), 'MemberListScreen');
const MemberSearchScreen = screen(() => import('./screens/members/MemberSearchScreen'), 'MemberSearchScreen');
const NotificationSettingsScreen = screen(() => import('./screens/setup/NotificationSettingsScreen'), 'NotificationSettingsScreen');
const PhotoScreen = screen(() => import('./screens/photos/PhotoScreen'), 'PhotoScreen');
const PayResultScreen = screen(() => import('./screens/money/PayResultScreen'), 'PayResultScreen');
const PayScreen = screen(() => import('./screens/money/PayScreen'), 'PayScreen');
const UpgradeScreen = screen(() => import('./screens/money/UpgradeScreen'), 'UpgradeScreen');
const ProfileScreen = screen(() => import('./screens/setup/ProfileScreen'), 'ProfileScreen');
const ReportsScreen = screen(() => import('./screens/reports/ReportsScreen'), 'ReportsScreen');

function Permitted({ flag, children }: { flag: Parameters<typeof RequirePermission>[0]['flag']; children: ReactNode }) {
  const { message } = App.useApp();
  return (
    <RequirePermission flag={flag} notify={(text) => void message.error(text)}>
      {children}
    </RequirePermission>
  );
}

/** Another member's page; your own id shows your own profile instead. */
function MemberDetail() {
  const { id } = useParams();
  const me = useSession((s) => s.user?.id);
  if (me != null && String(me) === id) return <Navigate to="/w/home/user/index" replace />;
  return (
    <Permitted flag="View_profiles">
      <MemberDetailScreen />
    </Permitted>
  );
}

const MEMBER_TABS = [
  { to: 'online', label: 'nav.online' },
  { to: 'latest', label: 'nav.latest' },
  { to: 'search', label: 'nav.search' },
];
const STORE_TABS = [
  { to: 'index', label: 'nav.gifts' },
  { to: 'mine', label: 'nav.myGifts' },
];

/**
 * Everything under /w but the sign-in pages, relative to /w: its own chunk, so the sign-in page
 * downloads none of it (issue 14). An address that leads nowhere gets the not-found card.
 */
export default function MemberRoutes() {
  useDayjsLocale();
  return (
    <AntdRoot className="kd-app">
      <Routes>
        <Route element={<DesktopShell />}>
          <Route path="info" element={<InfoLayout />}>
            <Route index element={<Navigate to="about-us" replace />} />
            <Route path=":page" element={<InfoScreen />} />
          </Route>
          <Route path="home" element={<RequireAuth terminal="w" pending={<PendingNotice />}><Outlet /></RequireAuth>}>
            <Route index element={<Navigate to="index" replace />} />
            <Route path="index" element={<Page title="home"><HomeScreen /></Page>} />
            <Route path="member" element={<SectionLayout tabs={MEMBER_TABS} />}>
              <Route index element={<Navigate to="online" replace />} />
              <Route path="online" element={<Page title="memberOnline"><MemberListScreen key="online" kind="online" /></Page>} />
              <Route path="latest" element={<Page title="memberLatest"><MemberListScreen key="latest" kind="latest" /></Page>} />
              <Route path="search" element={<Permitted flag="Search_users"><Page title="memberSearch"><MemberSearchScreen /></Page></Permitted>} />
            </Route>
            <Route path="chat" element={<Page title="chat"><ChatPage /></Page>} />
            <Route path="message" element={<Page title="message"><MailScreen /></Page>} />
            <Route path="pay" element={<Page title="pay"><PayScreen /></Page>} />
            <Route path="pay/result" element={<PayResultScreen />} />
            <Route path="upgrade" element={<Page title="upgrade"><UpgradeScreen /></Page>} />
            <Route path="store" element={<SectionLayout tabs={STORE_TABS} />}>
              <Route index element={<Navigate to="index" replace />} />
              <Route path="index" element={<Page title="storeIndex"><StoreScreen /></Page>} />
              <Route path="mine" element={<Page title="storeMine"><ReceivedGiftsScreen /></Page>} />
            </Route>
            <Route path="photo/:id" element={<Permitted flag="View_photo"><PhotoScreen /></Permitted>} />
            <Route path="user/detail/:id" element={<MemberDetail />} />
            <Route path="user" element={<UserLayout />}>
              <Route index element={<Navigate to="index" replace />} />
              <Route path="index" element={<Page title="profile"><ProfileScreen /></Page>} />
              <Route path="edit" element={<Page title="edit"><EditProfileScreen /></Page>} />
              <Route path="general" element={<Page title="general"><GeneralSettingsScreen /></Page>} />
              <Route path="notification" element={<Page title="notification"><NotificationSettingsScreen /></Page>} />
              <Route path="blocked" element={<BlockedMembersScreen />} />
              <Route path="reports" element={<ReportsScreen />} />
            </Route>
            <Route path="*" element={<NotFoundPage />} />
          </Route>
          {/* Never a silent move home: an unknown address says so (issue 13). */}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </AntdRoot>
  );
}
