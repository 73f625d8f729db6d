import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { RequireAuth } from '../../../ui/guards';
import { KitLocale } from '../../components/KitLocale';
import { PendingScreen } from '../../components/PendingScreen';
import { TabLayout } from '../../components/TabLayout';
import { ChatLifecycle } from '../chat/ChatLifecycle';
import { MineScreen } from './MineScreen';
import { MobileNotFound } from './MobileNotFound';
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
const BlockedMembersScreen = lazy(() => import('../blocking/BlockedMembersScreen'));
const MailListScreen = lazy(() => import('../mail/MailListScreen'));
const MailSendScreen = lazy(() => import('../mail/MailSendScreen'));
const MessageTabScreen = lazy(() => import('../chat/MessageTabScreen'));
const ChatListScreen = lazy(() => import('../chat/ChatListScreen'));
const ChatScreen = lazy(() => import('../chat/ChatScreen'));
const ServiceChatScreen = lazy(() => import('../chat/ServiceChatScreen'));
const RechargeScreen = lazy(() => import('../money/RechargeScreen'));
const PayMethodScreen = lazy(() => import('../money/PayMethodScreen'));
const PaymentScreen = lazy(() => import('../money/PaymentScreen'));
const PayResultScreen = lazy(() => import('../money/PayResultScreen'));
const UpgradeScreen = lazy(() => import('../money/UpgradeScreen'));
const UpgradeInfoScreen = lazy(() => import('../money/UpgradeInfoScreen'));
const GiftListScreen = lazy(() => import('../gifts/GiftListScreen'));
const ReceivedGiftsScreen = lazy(() => import('../gifts/ReceivedGiftsScreen'));
const GiftSendScreen = lazy(() => import('../gifts/GiftSendScreen'));

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
          <Route path="my/setup/blocked" element={<BlockedMembersScreen />} />
          <Route path="email/list" element={<MailListScreen />} />
          <Route path="email/send" element={<MailSendScreen />} />
          {/* Money and gift screens later work builds: the placeholder, never a move elsewhere (issue 13). */}
          <Route path="invest/index" element={<RechargeScreen />} />
          <Route path="invest/list" element={<PayMethodScreen key="recharge" orderType={1} />} />
          <Route path="upgrade/index" element={<UpgradeScreen />} />
          <Route path="upgrade/list" element={<PayMethodScreen key="upgrade" orderType={2} />} />
          <Route path="upgrade/info" element={<UpgradeInfoScreen />} />
          <Route path="payment/:selectedamount/:selected/:paytype/:order_type" element={<PaymentScreen />} />
          <Route path="pay/result" element={<PayResultScreen />} />
          <Route path="gift/list" element={<GiftListScreen />} />
          <Route path="gift/listbox" element={<ReceivedGiftsScreen />} />
          <Route path="gift/send/:id" element={<GiftSendScreen />} />
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

const UpgradeCodeScreen = lazy(() => import('../money/UpgradeCodeScreen'));

/** /m/UpgradeCode: the payment frame, outside /m/home (no tab bar) but for members only. */
export function UpgradeCodeRoute() {
  return (
    <KitLocale>
      <RequireAuth terminal="m" pending={<PendingScreen />}>
        <UpgradeCodeScreen />
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
