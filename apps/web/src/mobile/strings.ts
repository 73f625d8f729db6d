import type { Language } from '@kindred/protocol';
import { changeLanguage } from '../i18n';
import { loadStrings, type StringPart } from '../i18n/load-strings';
import type { MobileStrings } from '../i18n/locales/en/mobile';

/**
 * The mobile namespace is loaded one language at a time: a phone downloads the strings it shows,
 * not all three sets (docs/architecture.md §9 budget for /m/login). Switching language loads the new set
 * first, so no screen ever shows a bare key. Each feature keeps its strings in its own file, merged
 * into `mobile` (i18n/load-strings.ts); the first part is typed so a missing key fails the type check.
 */
const parts: Record<Language, [() => Promise<{ default: MobileStrings }>, ...StringPart[]]> = {
  en: [
    () => import('../i18n/locales/en/mobile'),
    () => import('../i18n/locales/en/mobile-discovery'),
    () => import('../i18n/locales/en/mobile-chat'),
    () => import('../i18n/locales/en/mobile-mail'),
    () => import('../i18n/locales/en/blocking'),
    () => import('../i18n/locales/en/mobile-money'),
    () => import('../i18n/locales/en/reports'),
    () => import('../i18n/locales/en/mobile-gifts'),
  ],
  'zh-CN': [
    () => import('../i18n/locales/zh-CN/mobile'),
    () => import('../i18n/locales/zh-CN/mobile-discovery'),
    () => import('../i18n/locales/zh-CN/mobile-chat'),
    () => import('../i18n/locales/zh-CN/mobile-mail'),
    () => import('../i18n/locales/zh-CN/blocking'),
    () => import('../i18n/locales/zh-CN/mobile-money'),
    () => import('../i18n/locales/zh-CN/reports'),
    () => import('../i18n/locales/zh-CN/mobile-gifts'),
  ],
  'zh-TW': [
    () => import('../i18n/locales/zh-TW/mobile'),
    () => import('../i18n/locales/zh-TW/mobile-discovery'),
    () => import('../i18n/locales/zh-TW/mobile-chat'),
    () => import('../i18n/locales/zh-TW/mobile-mail'),
    () => import('../i18n/locales/zh-TW/blocking'),
    () => import('../i18n/locales/zh-TW/mobile-money'),
    () => import('../i18n/locales/zh-TW/reports'),
    () => import('../i18n/locales/zh-TW/mobile-gifts'),
  ],
};

/** Every part of the mobile namespace in `lang`: what any screen but the sign-in page may read. */
export function loadAllMobileStrings(lang: Language): Promise<void> {
  return loadStrings('mobile', lang, parts[lang]);
}

/** The sign-in page reads only the first part (auth, login); it is the page a phone opens most. */
const SIGN_IN_PAGE = /^\/m\/login\/?$/i;
/** The members list, the signed-in home: the first part (tabs, titles) and discovery's. */
const MEMBERS_PAGE = /^\/m\/home(\/index)?\/?$/i;

/**
 * The strings the page being opened needs: on the sign-in page only the first part, so its first
 * load does not fetch the feature parts (money, gifts, chat...); on the members list the first part
 * and discovery's, so it does not wait for the shared parts' file, the last its page downloads on a
 * slow network (its other screens, and the list once drawn, load the rest: screens/home/HomeRoutes.tsx);
 * every other screen loads all of them before it renders (MobileApp.tsx waits for
 * `loadAllMobileStrings` in its lazy screens).
 */
export function loadMobileStrings(lang: Language): Promise<void> {
  const { pathname } = window.location;
  if (SIGN_IN_PAGE.test(pathname)) return loadStrings('mobile', lang, [parts[lang][0]], 'sign-in');
  if (MEMBERS_PAGE.test(pathname)) return loadStrings('mobile', lang, parts[lang].slice(0, 2), 'members');
  return loadAllMobileStrings(lang);
}

/** Changes the interface language once its mobile strings are in (all of them: any screen may follow). */
export async function switchLanguage(lang: Language): Promise<void> {
  await loadAllMobileStrings(lang);
  await changeLanguage(lang);
}
