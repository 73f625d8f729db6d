import { BellOutlined, EditOutlined, FlagOutlined, SettingOutlined, StopOutlined, UserOutlined } from '@ant-design/icons';
import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';

const PAGES = [
  { key: 'index', icon: <UserOutlined />, label: 'nav.profile' },
  { key: 'edit', icon: <EditOutlined />, label: 'nav.edit' },
  { key: 'general', icon: <SettingOutlined />, label: 'nav.general' },
  { key: 'notification', icon: <BellOutlined />, label: 'nav.notification' },
  { key: 'blocked', icon: <StopOutlined />, label: 'blocking.listTitle' },
  { key: 'reports', icon: <FlagOutlined />, label: 'reports.listTitle' },
];

/** The member's own pages: profile, edit and settings, with a side menu. */
export function UserLayout() {
  const { t } = useTranslation('desktop');
  const { pathname } = useLocation();
  const current = pathname.split('/')[4] ?? 'index';
  return (
    <div className="kd-side-layout">
      <aside className="kd-card kd-side">
        <h2 className="kd-side-title">{t('nav.account')}</h2>
        <Menu
          mode="inline"
          selectedKeys={[current]}
          items={PAGES.map((p) => ({ key: p.key, icon: p.icon, label: <Link to={`/w/home/user/${p.key}`}>{t(p.label)}</Link> }))}
        />
      </aside>
      <section className="kd-side-content">
        <Outlet />
      </section>
    </div>
  );
}
