import {
  AuditOutlined,
  DashboardOutlined,
  FlagOutlined,
  GiftOutlined,
  LogoutOutlined,
  SafetyCertificateOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UserAddOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Badge, Button, Dropdown, Layout, Menu } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useStaffLogoutMutation, useStaffMeQuery } from '../../api/admin-auth';
import { useAdminDashboardQuery } from '../../api/admin-dashboard';
import { AdminLanguageMenu } from '../components/AdminLanguageMenu';
import { RecoveryCodesDialog } from '../components/RecoveryCodesDialog';

/** The side menu: path under /admin → its title key in admin:nav. */
const NAV = [
  { path: 'dashboard', icon: <DashboardOutlined /> },
  { path: 'reports', icon: <FlagOutlined /> },
  { path: 'approvals', icon: <UserAddOutlined /> },
  { path: 'members', icon: <TeamOutlined /> },
  { path: 'catalogue/gifts', icon: <GiftOutlined /> },
  { path: 'catalogue/packages', icon: <ShoppingOutlined /> },
  { path: 'catalogue/permissions', icon: <SafetyCertificateOutlined /> },
  { path: 'audit', icon: <AuditOutlined /> },
] as const;

const navKey = (path: string) => path.replace('catalogue/', '');

function currentNav(pathname: string) {
  const rest = pathname.replace(/^\/admin\/?/, '');
  return NAV.find((n) => rest === n.path || rest.startsWith(`${n.path}/`));
}

/** The console frame: dark side menu, header with the page title, language and the staff menu. */
export function AdminShell() {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const me = useStaffMeQuery();
  const logout = useStaffLogoutMutation();
  // The counts beside the menu entries come from the dashboard's totals (one call, refreshed each minute).
  const counts = useAdminDashboardQuery(30).data;
  const [codesOpen, setCodesOpen] = useState(false);
  const nav = currentNav(pathname);
  const title = nav ? t(`nav.${navKey(nav.path)}`) : t('nav.notFound');

  useEffect(() => {
    document.title = t('shell.documentTitle', { title });
  }, [t, title]);

  const badge = (path: string) => {
    const n = path === 'reports' ? counts?.open_reports : path === 'approvals' ? counts?.pending_approvals : 0;
    return n ? <Badge count={n} size="small" color="#cf1322" aria-label={t('shell.waiting', { count: n })} /> : null;
  };

  return (
    <Layout className="ka-shell">
      <Layout.Sider width={228} breakpoint="lg" collapsedWidth={0}>
        <div className="ka-brand">
          <span className="ka-brand-mark" aria-hidden="true">K</span>
          {t('shell.brand')}
        </div>
        <nav aria-label={t('shell.menu')}>
          <Menu
            theme="dark"
            mode="inline"
            selectedKeys={nav ? [nav.path] : []}
            items={NAV.map((n) => ({ key: n.path, icon: n.icon, label: <span className="ka-nav-label">{t(`nav.${navKey(n.path)}`)}{badge(n.path)}</span> }))}
            onClick={({ key }) => navigate(`/admin/${key}`)}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="ka-header">
          <h1>{title}</h1>
          <div className="ka-header-tools">
            <AdminLanguageMenu />
            <Dropdown
              trigger={['click']}
              placement="bottomRight"
              menu={{
                items: [
                  { key: 'codes', icon: <SafetyCertificateOutlined />, label: t('shell.recoveryCodes', { count: me.data?.recovery_codes_left ?? 0 }) },
                  { type: 'divider' },
                  { key: 'logout', icon: <LogoutOutlined />, label: t('shell.signOut'), danger: true },
                ],
                onClick: ({ key }) => (key === 'logout' ? logout.mutate() : setCodesOpen(true)),
              }}
            >
              <Button type="text" icon={<UserOutlined />} data-testid="staff-menu">
                {me.data?.username ?? ''}
              </Button>
            </Dropdown>
          </div>
        </Layout.Header>
        <Layout.Content className="ka-content" id="main">
          <Outlet />
        </Layout.Content>
      </Layout>
      <RecoveryCodesDialog open={codesOpen} onClose={() => setCodesOpen(false)} />
    </Layout>
  );
}
