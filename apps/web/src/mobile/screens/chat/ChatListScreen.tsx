import { useTranslation } from 'react-i18next';
import { SubPage } from '../../components/SubPage';
import { ConversationList } from './ConversationList';
import './chat-list.css';

/** /m/home/chat/list: the conversations on their own page (search; swipe-to-delete for women). */
export default function ChatListScreen() {
  const { t } = useTranslation('mobile');
  return (
    <SubPage title={t('chat.title')} back="/m/home/message" testId="chat-list-screen">
      <ConversationList />
    </SubPage>
  );
}
