import { SUPPORT_ACCOUNT_ID } from '@kindred/protocol';
import { ConversationView } from './ConversationView';

/** /m/home/chat/service: the support chat (always reachable, whatever the membership). */
export default function ServiceChatScreen() {
  return <ConversationView uid={SUPPORT_ACCOUNT_ID} address="service" back="/m/home/message?tab=customer" />;
}
