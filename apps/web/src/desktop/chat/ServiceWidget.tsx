import { CustomerServiceOutlined, DownOutlined, UpOutlined } from '@ant-design/icons';
import { SUPPORT_ACCOUNT_ID } from '@kindred/protocol';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { useContact } from '../../chat/use-chat';
import { ConversationView } from './ConversationView';
import { useChatWindows } from './window-store';

/** The customer-service widget (300 px wide): a bar that opens the support account's conversation. */
export function ServiceWidget() {
  const { t } = useTranslation('desktop');
  const open = useChatWindows((s) => s.panel === 'service');
  const setPanel = useChatWindows((s) => s.setPanel);
  const unread = useContact(SUPPORT_ACCOUNT_ID)?.count ?? 0;

  return (
    <section className={`kd-chat-service${open ? ' is-open' : ''}`} data-testid="service-widget">
      <button type="button" className="kd-chat-bar is-service" onClick={() => setPanel(open ? 'none' : 'service')} aria-expanded={open} data-testid="service-bar">
        <CustomerServiceOutlined />
        <strong>{t('chat.service')}</strong>
        <Badge count={unread} overflowCount={99} size="small" />
        <span className="kd-grow" />
        {open ? <DownOutlined /> : <UpOutlined />}
      </button>
      {open ? (
        <div className="kd-chat-service-body">
          <p className="kd-chat-service-hint">{t('chat.serviceHint')}</p>
          <ConversationView uid={SUPPORT_ACCOUNT_ID} address="service" />
        </div>
      ) : null}
    </section>
  );
}
