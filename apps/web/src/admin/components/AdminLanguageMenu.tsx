import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language } from '@kindred/protocol';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGE_NAMES } from '../../i18n';
import { asLanguage } from '../admin-theme';

/** The console's language: kept in this browser only (a staff account has no member settings). */
export function AdminLanguageMenu({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('admin');
  const current = asLanguage(i18n.language);
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((lang) => ({ key: lang, label: <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>, extra: lang === current ? <CheckOutlined /> : null })),
        onClick: ({ key }) => void changeLanguage(key as Language),
      }}
    >
      <Button type="text" className={className} icon={<GlobalOutlined />} aria-label={`${LANGUAGE_NAMES[current]}, ${t('shell.language')}`}>
        {LANGUAGE_NAMES[current]}
      </Button>
    </Dropdown>
  );
}
