import { LANGUAGES, type Language } from '@kindred/protocol';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en/common';
import zhCN from './locales/zh-CN/common';
import zhTW from './locales/zh-TW/common';

const LANG_KEY = 'kindred.lang';

export function detectLanguage(): Language {
  const stored = localStorage.getItem(LANG_KEY);
  if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored as Language;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const lower = tag.toLowerCase();
    if (/^zh-(tw|hk|mo|hant)/.test(lower)) return 'zh-TW';
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('en')) return 'en';
  }
  return 'en';
}

void i18n.use(initReactI18next).init({
  resources: { en: { common: en }, 'zh-CN': { common: zhCN }, 'zh-TW': { common: zhTW } },
  lng: detectLanguage(),
  fallbackLng: 'en',
  defaultNS: 'common',
  ns: ['common'],
  interpolation: { escapeValue: false },
  returnNull: false,
  // No advertisement in the member's console on every load.
  showSupportNotice: false,
});

document.documentElement.lang = i18n.language;

/** The choice is kept in the browser (and, when signed in, on the account so e-mails match it). */
export function changeLanguage(lang: Language): Promise<unknown> {
  localStorage.setItem(LANG_KEY, lang);
  document.documentElement.lang = lang;
  return i18n.changeLanguage(lang);
}

export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-CN': '简体中文', 'zh-TW': '繁體中文' };

export default i18n;
