import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { useTranslation } from 'react-i18next';
import { asLanguage } from './theme';

const DAYJS_LOCALES = { en: 'en', 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw' } as const;

/**
 * Date pickers and relative dates name months and weekdays in the member's language. Called by the
 * screens that show dates (the signed-in area, registration), so the sign-in page carries no dayjs.
 */
export function useDayjsLocale(): void {
  const { i18n } = useTranslation();
  const wanted = DAYJS_LOCALES[asLanguage(i18n.language)];
  // During render, not in an effect: the dates of this very render are already in the language.
  // Idempotent, so rendering twice (StrictMode) changes nothing.
  if (dayjs.locale() !== wanted) dayjs.locale(wanted);
}
