import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { RequireAuth } from '../../../ui/guards';
import { KitLocale } from '../../components/KitLocale';
import { PendingScreen } from '../../components/PendingScreen';
import { TabLayout } from '../../components/TabLayout';
import { ChatLifecycle } from '../chat/ChatLifecycle';
import { MineScreen } from './MineScreen';
import { MobileNotFound, PagePlaceholder } from './PlaceholderScreen';
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
          {/* Money and gift screens later work builds: the placeholder, never a move elsewhere (issue 13). */}
          <Route path="invest/index" element={<PagePlaceholder titleKey="recharge" />} />
          <Route path="invest/list" element={<PagePlaceholder titleKey="rechargePay" back="/m/home/invest/index" />} />
          <Route path="upgrade/index" element={<PagePlaceholder titleKey="upgrade" />} />
          <Route path="upgrade/list" element={<PagePlaceholder titleKey="upgradePay" back="/m/home/upgrade/index" />} />
          <Route path="upgrade/info" element={<PagePlaceholder titleKey="upgradeInfo" back="/m/home/upgrade/index" />} />
          <Route path="gift/list" element={<PagePlaceholder titleKey="gifts" />} />
          <Route path="gift/listbox" element={<PagePlaceholder titleKey="giftsReceived" back="/m/home/gift/list" />} />
          <Route path="gift/send/:id" element={<PagePlaceholder titleKey="giftSend" back="/m/home/gift/list" />} />
          <Route path="my/newsfeed/:id" element={<NewsfeedScreen />} />
          <Route path="trend/new" element={<TrendNewScreen />} />
          <Route path="chat/list" element={<ChatListScreen />} />
          <Route path="chat/index" element={<ChatScreen />} />
          <Route path="chat/service" element={<ServiceChatScreen />} />
          <Route path="*" element={<MobileNotFound />} />
        </Routes>
      </RequireAuth>
    </KitLocale>
  );
}

/** /m/reportList, /m/report and /m/UpgradeCode sit outside /m/home but need a member all the same. */
export function MemberPlaceholderRoute({ titleKey, back }: { titleKey: string; back: string }) {
  return (
    <KitLocale>
      <RequireAuth terminal="m" pending={<PendingScreen />}>
        <PagePlaceholder titleKey={titleKey} back={back} />
      </RequireAuth>
    </KitLocale>
  );
}

/** An unknown address under /m, outside /m/home: anyone may land there, signed in or not. */
export function OutsideNotFoundRoute() {
  return (
    <KitLocale>
      <MobileNotFound />
    </KitLocale>
  );
}
