import type { Language } from '@kindred/protocol';
import { lazy, Suspense, use, useEffect, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { RequireAuth } from '../../../ui/guards';
import { preloadableLazy } from '../../../ui/preloadable-lazy';
import i18n from '../../../i18n';
import { useAfterFirstData } from '../../../ui/use-after-first-data';
import { KitLocale } from '../../components/KitLocale';
import { PendingScreen } from '../../components/PendingScreen';
import { TabLayout } from '../../components/TabLayout';
import { loadAllMobileStrings } from '../../strings';
import { MineScreen } from './MineScreen';
import { MobileNotFound } from './MobileNotFound';
import '../../home.css';

/**
 * antd-mobile's renderer for imperative dialogs (antd-render.ts). The members list opens none, so
 * the home's first screen does not wait for it (three more requests on a slow phone network); every
 * other screen here renders once it is in, as all screens did when MobileApp waited for it. The
 * same for the mobile strings: the members list reads two of their parts (strings.ts), every other
 * screen may read any.
 */
let renderer: Promise<unknown> | undefined;
const loadRenderer = () => (renderer ??= import('../../antd-render'));
const loadStrings = () => loadAllMobileStrings((i18n.resolvedLanguage ?? 'en') as Language);
const withRenderer = <T,>(load: () => Promise<T>) => () => Promise.all([load(), loadRenderer(), loadStrings()]).then(([m]) => m);
const screen = <T extends ComponentType<any>>(load: () => Promise<{ default: T }>) => lazy(withRenderer(load));

const MembersScreen = preloadableLazy(() => import('../discovery/MembersScreen'));
// Opened on the members list (MobileApp.tsx evaluates this module early there): its chunk is in already.
if (/^\/m\/home(\/index)?\/?$/i.test(window.location.pathname)) void MembersScreen.start().catch(() => undefined);
const TrendListScreen = screen(() => import('../discovery/TrendListScreen'));
const TrendNewScreen = screen(() => import('../discovery/TrendNewScreen'));
const NewsfeedScreen = screen(() => import('../discovery/NewsfeedScreen'));
const SetupScreen = screen(() => import('../setup/SetupScreen'));
const DataScreen = screen(() => import('../setup/DataScreen'));
const ChangeBirthdayScreen = screen(() => import('../setup/ChangeBirthdayScreen'));
const ChangeGenderScreen = screen(() => import('../setup/ChangeGenderScreen'));
const ChangeSignatureScreen = screen(() => import('../setup/ChangeSignatureScreen'));
const LanguageScreen = screen(() => import('../setup/LanguageScreen'));
const ChangePasswordScreen = screen(() => import('../setup/ChangePasswordScreen'));
const BlockedMembersScreen = screen(() => import('../blocking/BlockedMembersScreen'));
const MailListScreen = screen(() => import('../mail/MailListScreen'));
const MailSendScreen = screen(() => import('../mail/MailSendScreen'));
const MessageTabScreen = screen(() => import('../chat/MessageTabScreen'));
const ChatListScreen = screen(() => import('../chat/ChatListScreen'));
const ChatScreen = screen(() => import('../chat/ChatScreen'));
const ServiceChatScreen = screen(() => import('../chat/ServiceChatScreen'));
const RechargeScreen = screen(() => import('../money/RechargeScreen'));
const PayMethodScreen = screen(() => import('../money/PayMethodScreen'));
const PaymentScreen = screen(() => import('../money/PaymentScreen'));
const PayResultScreen = screen(() => import('../money/PayResultScreen'));
const UpgradeScreen = screen(() => import('../money/UpgradeScreen'));
const UpgradeInfoScreen = screen(() => import('../money/UpgradeInfoScreen'));
const GiftListScreen = screen(() => import('../gifts/GiftListScreen'));
const ReceivedGiftsScreen = screen(() => import('../gifts/ReceivedGiftsScreen'));
const GiftSendScreen = screen(() => import('../gifts/GiftSendScreen'));
const ChatLifecycle = lazy(() => import('../chat/ChatLifecycle').then((m) => ({ default: m.ChatLifecycle })));

/** A screen of the first load reading any part of the strings (the members list loads two): once all are in. */
function WithAllStrings({ children }: { children: ReactNode }) {
  // loadAllMobileStrings answers the same promise for a language each time (i18n/load-strings.ts).
  use(loadStrings());
  return children;
}

/**
 * What the first screen does not show, started once its members are drawn (ui/use-after-first-data.ts):
 * the live chat connection (its module graph, socket schemas and start-up cost seconds of a 4×
 * slowed phone's CPU before), the dialogs' renderer and the rest of the strings. A screen opened
 * before then still waits for the renderer and the strings; the chat connects at most 4 s after
 * the first frame.
 */
function AfterFirstData() {
  const settled = useAfterFirstData();
  useEffect(() => {
    if (!settled) return;
    // A toast or dialog from the list (a like refused, an upgrade asked for) reads any part.
    void loadRenderer().catch(() => undefined);
    void loadStrings().catch(() => undefined);
  }, [settled]);
  if (!settled) return null;
  return (
    <Suspense fallback={null}>
      <ChatLifecycle />
    </Suspense>
  );
}

/** Everything under /m/home needs a signed-in member; pending accounts see only the approval screen. */
export default function HomeRoutes() {
  return (
    <KitLocale>
      <RequireAuth terminal="m" pending={<PendingScreen />}>
        <AfterFirstData />
        <Routes>
          <Route element={<TabLayout />}>
            <Route path="index" element={<MembersScreen />} />
            <Route path="trend/list" element={<TrendListScreen />} />
            <Route path="message" element={<MessageTabScreen />} />
            <Route path="my/index" element={<WithAllStrings><MineScreen /></WithAllStrings>} />
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
