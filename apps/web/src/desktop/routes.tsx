import { App } from 'antd';
import type { ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes, useParams } from 'react-router';
import { useSession } from '../state/session';
import { GuestOnly, RequireAuth, RequirePermission } from '../ui/guards';
import { ChatPage } from './chat/ChatPage';
import { NotFoundPage, Page } from './components/Page';
import { AuthLayout } from './layouts/AuthLayout';
import { DesktopShell } from './layouts/DesktopShell';
import { InfoLayout } from './layouts/InfoLayout';
import { PendingNotice } from './layouts/PendingNotice';
import { SectionLayout } from './layouts/SectionLayout';
import { UserLayout } from './layouts/UserLayout';
import { EditProfileScreen } from './screens/setup/EditProfileScreen';
import { BlockedMembersScreen } from './screens/blocking/BlockedMembersScreen';
import { ForgotPasswordScreen } from './screens/auth/ForgotPasswordScreen';
import { GeneralSettingsScreen } from './screens/setup/GeneralSettingsScreen';
import { ReceivedGiftsScreen } from './screens/gifts/ReceivedGiftsScreen';
import { StoreScreen } from './screens/gifts/StoreScreen';
import { HomeScreen } from './screens/home/HomeScreen';
import { InfoScreen } from './screens/info/InfoScreen';
import { LoginScreen } from './screens/auth/LoginScreen';
import { MailScreen } from './screens/mail/MailScreen';
import { MemberDetailScreen } from './screens/member/MemberDetailScreen';
import { MemberListScreen } from './screens/members/MemberListScreen';
import { MemberSearchScreen } from './screens/members/MemberSearchScreen';
import { NotificationSettingsScreen } from './screens/setup/NotificationSettingsScreen';
import { PhotoScreen } from './screens/photos/PhotoScreen';
import { PayResultScreen } from './screens/money/PayResultScreen';
import { PayScreen } from './screens/money/PayScreen';
import { UpgradeScreen } from './screens/money/UpgradeScreen';
import { ProfileScreen } from './screens/setup/ProfileScreen';
import { ReportsScreen } from './screens/reports/ReportsScreen';
import { RegisterScreen } from './screens/auth/RegisterScreen';
import { ResetPasswordScreen } from './screens/auth/ResetPasswordScreen';

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

/** Routes relative to /w. An address that leads nowhere gets the not-found card, never a blank page. */
export function DesktopRoutes() {
  return (
    <Routes>
      <Route element={<GuestOnly terminal="w"><AuthLayout /></GuestOnly>}>
        <Route path="login" element={<Page title="login"><LoginScreen /></Page>} />
        <Route path="regist" element={<Page title="regist"><RegisterScreen /></Page>} />
        <Route path="regist/:code" element={<Page title="invitation"><RegisterScreen /></Page>} />
        <Route path="forgot-password" element={<Page title="forgot"><ForgotPasswordScreen /></Page>} />
        <Route path="reset-password" element={<Page title="reset"><ResetPasswordScreen /></Page>} />
      </Route>
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
      <Route index element={<Navigate to="home/index" replace />} />
    </Routes>
  );
}
