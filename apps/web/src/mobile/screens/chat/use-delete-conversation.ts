import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useChat } from '../../../chat/chat-store';
import { toastSuccess } from '../../toast';

/**
 * Asks first, then deletes the conversation for this member only (opt 5); the list drops it when the
 * server confirms (kind 6). Answers whether the member confirmed.
 */
export function useDeleteConversation(): (contact: { uid: number; username: string }) => Promise<boolean> {
  const { t } = useTranslation('mobile');
  return async ({ uid, username }) => {
    const confirmed = await Dialog.confirm({
      title: t('chat.deleteTitle'),
      content: t('chat.deleteHint', { name: username }),
      confirmText: t('chat.delete'),
      cancelText: t('common:actions.cancel'),
    });
    if (!confirmed) return false;
    useChat.getState().remove(uid);
    toastSuccess(t('chat.deleted'));
    return true;
  };
}
