import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequireAuth } from '../../../ui/guards';
import { KitLocale } from '../../components/KitLocale';
import { PendingScreen } from '../../components/PendingScreen';
import { TabLayout } from '../../components/TabLayout';
import { ChatLifecycle } from '../chat/ChatLifecycle';
import { MineScreen } from './MineScreen';
import { PagePlaceholder } from './PlaceholderScreen';
import '../../home.css';

const MembersScreen = lazy(() => import('../discovery/MembersScreen'));
const TrendListScreen = lazy(() => import('../discovery/TrendListScreen'));
const TrendNewScreen = lazy(() => import('../discovery/TrendNewScreen'));
const NewsfeedScreen = lazy(() => import('../discovery/NewsfeedScreen'));
const SetupScreen = lazy(() => import('../setup/SetupScreen'));
const DataScreen = lazy(() => import('../setup/DataScreen'));
const ChangeBirthdayScreen = lazy(() => import('../setup/ChangeBirthdayScreen'));
const ChangeGenderScreen = lazy(() => import('../setup/ChangeGenderScreen'));
const ChangeSignatureScreen = lazy(() => import('../setup/ChangeSignatureScreen'));
const LanguageScreen = lazy(() => import('../setup/LanguageScreen'));
const ChangePasswordScreen = lazy(() => import('../setup/ChangePasswordScreen'));
const MailListScreen = lazy(() => import('../mail/MailListScreen'));
const MailSendScreen = lazy(() => import('../mail/MailSendScreen'));
const MessageTabScreen = lazy(() => import('../chat/MessageTabScreen'));
const ChatListScreen = lazy(() => import('../chat/ChatListScreen'));
const ChatScreen = lazy(() => import('../chat/ChatScreen'));
const ServiceChatScreen = lazy(() => import('../chat/ServiceChatScreen'));

/** Everything under /m/home needs a signed-in member; pending accounts see only the approval screen. */
export default function HomeRoutes() {
  return (
    <KitLocale>
      <RequireAuth terminal="m" pending={<PendingScreen />}>
        <ChatLifecycle />
        <Routes>
          <Route element={<TabLayout />}>
            <Route path="index" element={<MembersScreen />} />
            <Route path="trend/list" element={<TrendListScreen />} />
            <Route path="message" element={<MessageTabScreen />} />
            <Route path="my/index" element={<MineScreen />} />
          </Route>
          <Route path="my/setup/index" element={<SetupScreen />} />
          <Route path="my/setup/data" element={<DataScreen />} />
          <Route path="my/setup/changebrith" element={<ChangeBirthdayScreen />} />
          <Route path="my/setup/changegender" element={<ChangeGenderScreen />} />
          <Route path="my/setup/changesignature" element={<ChangeSignatureScreen />} />
          <Route path="my/setup/lang" element={<LanguageScreen />} />
          <Route path="my/setup/changepwd" element={<ChangePasswordScreen />} />
          <Route path="email/list" element={<MailListScreen />} />
          <Route path="email/send" element={<MailSendScreen />} />
          <Route path="invest/index" element={<PagePlaceholder titleKey="recharge" />} />
          <Route path="upgrade/index" element={<PagePlaceholder titleKey="upgrade" />} />
          <Route path="gift/list" element={<PagePlaceholder titleKey="gifts" />} />
          <Route path="my/newsfeed/:id" element={<NewsfeedScreen />} />
          <Route path="trend/new" element={<TrendNewScreen />} />
          <Route path="chat/list" element={<ChatListScreen />} />
          <Route path="chat/index" element={<ChatScreen />} />
          <Route path="chat/service" element={<ServiceChatScreen />} />
          <Route path="*" element={<Navigate to="/m/home/index" replace />} />
        </Routes>
      </RequireAuth>
    </KitLocale>
  );
}

/** /m/reportList sits outside /m/home in the spec but needs a member all the same. */
export function ReportsRoute() {
  return (
    <KitLocale>
      <RequireAuth terminal="m" pending={<PendingScreen />}>
        <PagePlaceholder titleKey="reports" />
      </RequireAuth>
    </KitLocale>
  );
}
