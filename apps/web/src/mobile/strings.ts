import type { Language } from '@kindred/protocol';
import { addNamespace, changeLanguage } from '../i18n';
import type { MobileStrings } from '../i18n/locales/en/mobile';

/**
 * The mobile namespace is loaded one language at a time: a phone downloads the strings it shows,
 * not all three sets (DESIGN section 9 budget for /m/login). Switching language loads the new set
 * first, so no screen ever shows a bare key.
 */
const loaders: Record<Language, () => Promise<{ default: MobileStrings }>> = {
  en: () => import('../i18n/locales/en/mobile'),
  'zh-CN': () => import('../i18n/locales/zh-CN/mobile'),
  'zh-TW': () => import('../i18n/locales/zh-TW/mobile'),
};

const loaded = new Map<Language, Promise<void>>();

export function loadMobileStrings(lang: Language): Promise<void> {
  let done = loaded.get(lang);
  if (!done) {
    done = loaders[lang]().then(({ default: strings }) => {
      const empty = { en: {}, 'zh-CN': {}, 'zh-TW': {} } as Record<Language, Record<string, unknown>>;
      addNamespace('mobile', { ...empty, [lang]: strings });
    });
    loaded.set(lang, done);
  }
  return done;
}

/** Changes the interface language once its mobile strings are in. */
export async function switchLanguage(lang: Language): Promise<void> {
  await loadMobileStrings(lang);
  await changeLanguage(lang);
}
