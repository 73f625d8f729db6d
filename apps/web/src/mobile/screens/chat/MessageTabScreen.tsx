import { SUPPORT_ACCOUNT_ID } from '@kindred/protocol';
import { Badge, List, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useUnreadMailCountQuery } from '../../../api/mail';
import { useContact, useUnreadChats } from '../../../chat/use-chat';
import { MenuIcon } from '../../components/MenuIcon';
import { HeadsetIcon, MailIcon } from '../../icons';
import { useTitle } from '../../use-title';
import { ConversationList } from './ConversationList';
import './chat-list.css';

const count = (n: number | undefined) => (n && n > 0 ? n : null);

/** The Customer tab: the support chat and the mail inbox, each with its unread count. */
function CustomerPane() {
  const { t } = useTranslation('mobile');
  const navigate = useNavigate();
  const support = useContact(SUPPORT_ACCOUNT_ID);
  const mails = useUnreadMailCountQuery();
  const entries = [
    { key: 'service', to: '/m/home/chat/service', icon: <HeadsetIcon />, tone: 'green', unread: count(support?.count) },
    { key: 'mail', to: '/m/home/email/list', icon: <MailIcon />, tone: 'blue', unread: count(mails.data) },
  ] as const;
  return (
    <List className="m-card m-menu" data-testid="customer-pane">
      {entries.map((entry) => (
        <List.Item
          key={entry.key}
          prefix={<MenuIcon tone={entry.tone}>{entry.icon}</MenuIcon>}
          description={t(`chat.${entry.key}Hint`)}
          extra={entry.unread ? <Badge content={entry.unread} aria-label={t('chat.unread', { count: entry.unread })} /> : null}
          onClick={() => navigate(entry.to)}
          data-testid={`customer-${entry.key}`}
        >
          {t(`chat.${entry.key}Entry`)}
        </List.Item>
      ))}
    </List>
  );
}

/** /m/home/message: the Messages tab, with Chat (the conversations) and Customer (support, mail). */
export default function MessageTabScreen() {
  const { t } = useTranslation('mobile');
  const [params, setParams] = useSearchParams();
  const unread = useUnreadChats();
  const tab = params.get('tab') === 'customer' ? 'customer' : 'chat';
  useTitle(t('titles.messages'));
  return (
    <div className="m-messages">
      <div className="m-tab-head">
        <h1 className="m-tab-title">{t('titles.messages')}</h1>
        <Tabs activeKey={tab} onChange={(key) => setParams(key === 'chat' ? {} : { tab: key }, { replace: true })} className="m-messages-tabs">
          <Tabs.Tab
            key="chat"
            title={
              <span className="m-messages-tab" data-testid="messages-tab-chat">
                {t('chat.tabChat')}
                {unread > 0 ? <Badge content={unread} className="m-messages-tab-badge" /> : null}
              </span>
            }
          />
          <Tabs.Tab key="customer" title={<span className="m-messages-tab" data-testid="messages-tab-customer">{t('chat.tabCustomer')}</span>} />
        </Tabs>
      </div>
      {tab === 'chat' ? <ConversationList /> : <CustomerPane />}
    </div>
  );
}
