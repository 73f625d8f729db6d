import { CustomerServiceOutlined, FileProtectOutlined, FileTextOutlined, InfoCircleOutlined, QuestionCircleOutlined, RollbackOutlined } from '@ant-design/icons';
import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';

export const INFO_PAGES = [
  { slug: 'about-us', icon: <InfoCircleOutlined /> },
  { slug: 'contact-us', icon: <CustomerServiceOutlined /> },
  { slug: 'help-center', icon: <QuestionCircleOutlined /> },
  { slug: 'privacy-policy', icon: <FileProtectOutlined /> },
  { slug: 'refund', icon: <RollbackOutlined /> },
  { slug: 'terms-of-use', icon: <FileTextOutlined /> },
] as const;

/** The static pages: a side menu and the page beside it. */
export function InfoLayout() {
  const { t } = useTranslation('info');
  const { pathname } = useLocation();
  const current = pathname.split('/')[3] ?? 'about-us';
  return (
    <div className="kd-side-layout">
      <aside className="kd-card kd-side">
        <h2 className="kd-side-title">{t('menu')}</h2>
        <Menu
          mode="inline"
          selectedKeys={[current]}
          items={INFO_PAGES.map((p) => ({ key: p.slug, icon: p.icon, label: <Link to={`/w/info/${p.slug}`}>{t(`pages.${p.slug}.title`)}</Link> }))}
        />
      </aside>
      <section className="kd-side-content">
        <Outlet />
      </section>
    </div>
  );
}
