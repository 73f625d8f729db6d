import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { BlockRefusal } from '../../../chat/chat-reducer';
import { useUnblockMember } from './use-block-member';

/**
 * In place of the chat input when a block stands between the two: the blocker may lift it here,
 * the blocked member reads that the other does not accept contact.
 */
export function ChatBlockedFooter({ refusal, member }: { refusal: BlockRefusal; member: { id: number; username: string } }) {
  const { t } = useTranslation('mobile');
  const unblock = useUnblockMember();
  return (
    <footer className="m-chat-refusal" role="status" data-testid="chat-refusal" data-error={refusal}>
      <p>{t(`common:errors.${refusal}`)}</p>
      {refusal === 'member_blocked' ? (
        <Button size="small" shape="rounded" color="primary" fill="outline" onClick={() => void unblock(member)} data-testid="chat-unblock">
          {t('blocking.unblock')}
        </Button>
      ) : null}
    </footer>
  );
}
