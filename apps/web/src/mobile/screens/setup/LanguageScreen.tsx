import { LANGUAGES, type Language } from '@kindred/protocol';
import { List, Radio } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLanguageMutation } from '../../../api/account';
import { useErrorText } from '../../../api/errors';
import { LANGUAGE_NAMES } from '../../../i18n';
import { SubPage } from '../../components/SubPage';
import { switchLanguage } from '../../strings';
import { toastFail, toastSuccess } from '../../toast';
import { useSingleFlight } from '../../use-single-flight';
import '../../setup.css';

/** /m/home/my/setup/lang: the interface changes at once; the account keeps the choice for its e-mails. */
export default function LanguageScreen() {
  const { t, i18n } = useTranslation('mobile');
  const errorText = useErrorText();
  const saveLanguage = useLanguageMutation();
  const current = (i18n.resolvedLanguage ?? 'en') as Language;

  const choose = useSingleFlight(async (lang: Language) => {
    if (lang === current) return;
    await switchLanguage(lang);
    try {
      await saveLanguage.mutateAsync(lang);
      toastSuccess(i18n.t('common:messages.modified'));
    } catch (error) {
      toastFail(errorText(error, 'messages.modifyFailed'));
    }
  });

  return (
    <SubPage title={t('titles.language')} back="/m/home/my/setup/index">
      <Radio.Group value={current} onChange={(v) => choose(v as Language)}>
        <List className="m-card m-radio-list" aria-label={t('setup.language')}>
          {LANGUAGES.map((lang) => (
            <List.Item key={lang}>
              <Radio value={lang} block data-testid={`lang-${lang}`}>
                <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>
              </Radio>
            </List.Item>
          ))}
        </List>
      </Radio.Group>
      <p className="m-hint">{t('setup.languageHint')}</p>
    </SubPage>
  );
}
