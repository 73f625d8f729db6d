import { LANGUAGES, type Language } from '@kindred/protocol';
import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../i18n';
import { CheckIcon } from '../icons';
import { switchLanguage } from '../strings';
import './language-popup.css';

/** Bottom drawer with the three interface languages; the choice applies at once. */
export default function LanguagePopup({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('mobile');
  const current = i18n.resolvedLanguage ?? i18n.language;
  const choose = (lang: Language) => {
    void switchLanguage(lang);
    onClose();
  };
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="m-sheet" aria-label={t('auth.chooseLanguage')}>
      <div className="m-sheet-title">{t('auth.chooseLanguage')}</div>
      <div role="radiogroup" aria-label={t('auth.language')}>
        {LANGUAGES.map((lang) => (
          <button key={lang} type="button" role="radio" aria-checked={lang === current} className="m-sheet-option" lang={lang} onClick={() => choose(lang)}>
            <span>{LANGUAGE_NAMES[lang]}</span>
            {lang === current ? <CheckIcon className="m-sheet-check" /> : null}
          </button>
        ))}
      </div>
      <button type="button" className="m-sheet-cancel" onClick={onClose}>
        {t('common:actions.cancel')}
      </button>
    </Popup>
  );
}
