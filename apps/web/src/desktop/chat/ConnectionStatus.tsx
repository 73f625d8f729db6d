import { LoadingOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useChatStatus } from '../../chat/use-chat';

/** One line while the live connection is not open: connecting, reconnecting or offline. */
export function ConnectionStatus() {
  const { t } = useTranslation();
  const status = useChatStatus();
  if (status === 'open') return null;
  const closed = status === 'closed';
  const text = closed ? t('chat.closed') : status === 'reconnecting' ? t('chat.reconnecting') : t('chat.connecting');
  return (
    <div className={`kd-chat-status${closed ? ' is-closed' : ''}`} role="status" data-testid="chat-status" data-status={status}>
      {closed ? <WarningOutlined /> : <LoadingOutlined />} {text}
    </div>
  );
}
