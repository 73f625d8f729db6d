import { SUPPORT_ACCOUNT_ID } from '@kindred/protocol';
import { Navigate, useSearchParams } from 'react-router';
import { useSession } from '../../../state/session';
import { ConversationView } from './ConversationView';
import { MOBILE_CHAT_ORIGINS, type MobileChatOrigin } from './use-start-chat';

/** /m/home/chat/index?uid=…[&from=profile]: a one-to-one chat; support has its own screen. */
export default function ChatScreen() {
  const [params] = useSearchParams();
  const me = useSession((s) => s.user?.id);
  const uid = Number(params.get('uid'));
  const from = params.get('from') as MobileChatOrigin | null;
  const address = from && MOBILE_CHAT_ORIGINS.includes(from) ? from : 'list';
  if (!Number.isInteger(uid) || uid <= 0 || uid === me) return <Navigate to="/m/home/message" replace />;
  if (uid === SUPPORT_ACCOUNT_ID) return <Navigate to="/m/home/chat/service" replace />;
  // Keyed by member: a new conversation starts with a fresh scroll, input and translations.
  return <ConversationView key={uid} uid={uid} address={address} back="/m/home/message" />;
}
