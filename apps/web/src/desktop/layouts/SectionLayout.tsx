import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';

/** A section with sub-pages (members, store): a switch above the current page. */
export function SectionLayout({ tabs }: { tabs: { to: string; label: string }[] }) {
  const { t } = useTranslation('desktop');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = tabs.find((tab) => pathname.endsWith(`/${tab.to}`))?.to ?? tabs[0]?.to;
  return (
    <div className="kd-section">
      <Segmented
        className="kd-section-tabs"
        size="large"
        value={current}
        options={tabs.map((tab) => ({ value: tab.to, label: t(tab.label) }))}
        onChange={(value) => navigate(String(value))}
      />
      <Outlet />
    </div>
  );
}
