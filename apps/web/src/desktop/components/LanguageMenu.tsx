import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language } from '@kindred/protocol';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguageMutation } from '../../api/account';
import { changeLanguage, LANGUAGE_NAMES } from '../../i18n';
import { useSession } from '../../state/session';
import { loadDesktopStrings } from '../strings/desktop-strings';
import { asLanguage } from '../theme';

/** Switches the interface language; a signed-in member's choice is also kept on the account. */
export function LanguageMenu({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation('desktop');
  const current = asLanguage(i18n.language);
  const signedIn = useSession((s) => Boolean(s.token));
  const saveLanguage = useLanguageMutation();

  const choose = (lang: Language) => {
    // The strings first: switching before they are in would show bare keys for a moment. Offline,
    // the language stays as it is.
    void loadDesktopStrings(lang).then(() => changeLanguage(lang), () => undefined);
    if (signedIn) saveLanguage.mutate(lang);
  };

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((lang) => ({
          key: lang,
          label: <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>,
          extra: lang === current ? <CheckOutlined /> : null,
        })),
        onClick: ({ key }) => choose(key as Language),
      }}
    >
      <Button type="text" className="kd-header-button" data-testid="language-menu" aria-label={compact ? t('nav.language') : `${LANGUAGE_NAMES[current]}, ${t('nav.language')}`} icon={<GlobalOutlined />}>
        {compact ? null : LANGUAGE_NAMES[current]}
      </Button>
    </Dropdown>
  );
}
