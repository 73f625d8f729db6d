import { CrownOutlined, GiftOutlined, HomeOutlined, MessageOutlined, TeamOutlined, WalletOutlined } from '@ant-design/icons';
import { UserStatus } from '@kindred/protocol';
import { Badge, Button, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useUnreadChats } from '../../chat/use-chat';
import { useSession } from '../../state/session';
import { BrandLogo } from './BrandLogo';
import { LanguageMenu } from './LanguageMenu';
import { NoticeBell } from './NoticeBell';
import { UserMenu } from './UserMenu';

function MainMenu() {
  const { t } = useTranslation('desktop');
  const chatUnread = useUnreadChats();
  const { pathname } = useLocation();
  const section = pathname.split('/')[3] ?? 'index';
  const items = [
    { key: 'index', icon: <HomeOutlined />, label: <Link to="/w/home/index">{t('nav.home')}</Link> },
    { key: 'member', icon: <TeamOutlined />, label: <Link to="/w/home/member">{t('nav.member')}</Link> },
    {
      key: 'chat',
      icon: <MessageOutlined />,
      label: (
        <Link to="/w/home/chat">
          <Badge count={chatUnread} size="small" offset={[8, -2]} overflowCount={99} data-testid="chat-unread">
            <span className="kd-menu-label">{t('nav.chat')}</span>
          </Badge>
        </Link>
      ),
    },
    { key: 'pay', icon: <WalletOutlined />, label: <Link to="/w/home/pay">{t('nav.pay')}</Link> },
    { key: 'upgrade', icon: <CrownOutlined />, label: <Link to="/w/home/upgrade">{t('nav.upgrade')}</Link> },
    { key: 'store', icon: <GiftOutlined />, label: <Link to="/w/home/store">{t('nav.store')}</Link> },
  ];
  // Overflow on: on a narrow window the last items fold into "…" instead of wrapping onto a second row.
  return <Menu className="kd-main-menu" mode="horizontal" selectedKeys={[section]} items={items} />;
}

/** Top bar: brand, main menu and the member's notices, language and account; guests get sign-in links. */
export function DesktopHeader() {
  const { t } = useTranslation('desktop');
  const token = useSession((s) => s.token);
  const status = useSession((s) => s.user?.status);
  const pending = Boolean(token) && status === UserStatus.pending;
  const member = Boolean(token) && !pending;

  return (
    <header className="kd-header">
      <div className="kd-container kd-header-inner">
        <BrandLogo to={token ? '/w/home/index' : '/w/login'} />
        {member ? <MainMenu /> : <div className="kd-grow" />}
        <div className="kd-header-right">
          {member ? (
            <>
              <NoticeBell />
              <LanguageMenu compact />
              <UserMenu />
            </>
          ) : pending ? null : (
            <>
              <LanguageMenu />
              <Link to="/w/login">
                <Button type="text">{t('nav.signIn')}</Button>
              </Link>
              <Link to="/w/regist">
                <Button type="primary" shape="round">
                  {t('nav.signUp')}
                </Button>
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
