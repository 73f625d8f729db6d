import { CustomerServiceOutlined, DownOutlined } from '@ant-design/icons';
import { SUPPORT_ACCOUNT_ID } from '@kindred/protocol';
import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useContact } from '../../chat/use-chat';
import { ConversationView } from './ConversationView';
import { useChatWindows } from './window-store';

/**
 * The customer-service widget. Closed, a round launcher beside the chat list's (it never covers the
 * page, issue 13); open, the 300 px panel with the support account's conversation.
 */
export function ServiceWidget() {
  const { t } = useTranslation('desktop');
  const open = useChatWindows((s) => s.panel === 'service');
  const setPanel = useChatWindows((s) => s.setPanel);
  const unread = useContact(SUPPORT_ACCOUNT_ID)?.count ?? 0;

  return (
    <section className={`kd-chat-service${open ? ' is-open' : ''}`} data-testid="service-widget">
      {open ? (
        <div className="kd-chat-panel">
          <button type="button" className="kd-chat-bar is-service" onClick={() => setPanel('none')} aria-expanded data-testid="service-bar">
            <CustomerServiceOutlined />
            <strong>{t('chat.service')}</strong>
            <Badge count={unread} overflowCount={99} size="small" />
            <span className="kd-grow" />
            <DownOutlined />
          </button>
          <div className="kd-chat-service-body">
            <p className="kd-chat-service-hint">{t('chat.serviceHint')}</p>
            <ConversationView uid={SUPPORT_ACCOUNT_ID} address="service" />
          </div>
        </div>
      ) : (
        <Tooltip title={t('chat.service')} placement="left">
          <button type="button" className="kd-chat-launcher is-service" onClick={() => setPanel('service')} aria-expanded={false} aria-label={t('chat.service')} data-testid="service-bar">
            <Badge count={unread} overflowCount={99} size="small" offset={[4, -4]}>
              <CustomerServiceOutlined />
            </Badge>
          </button>
        </Tooltip>
      )}
    </section>
  );
}
