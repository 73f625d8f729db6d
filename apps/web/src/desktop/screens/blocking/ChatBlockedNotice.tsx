import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BlockRefusal } from '../../../chat/chat-reducer';
import { useBlockActions } from './use-block-member';

/** In place of the composer while a block stands: the blocker may lift it here; the blocked member reads why. */
export function ChatBlockedNotice({ refusal, member }: { refusal: BlockRefusal; member: { id: number; username: string } }) {
  const { t } = useTranslation('desktop');
  const { unblock } = useBlockActions();
  return (
    <div className="kd-chat-refusal" role="status" data-testid="chat-refusal" data-error={refusal}>
      <p>{t(`common:errors.${refusal}`)}</p>
      {refusal === 'member_blocked' ? (
        <Button size="small" onClick={() => void unblock(member)} data-testid="chat-unblock">
          {t('blocking.unblock')}
        </Button>
      ) : null}
    </div>
  );
}
