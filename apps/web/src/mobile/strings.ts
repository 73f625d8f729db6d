import type { Language } from '@kindred/protocol';
import { addNamespace, changeLanguage } from '../i18n';
import type { MobileStrings } from '../i18n/locales/en/mobile';

/**
 * The mobile namespace is loaded one language at a time: a phone downloads the strings it shows,
 * not all three sets (docs/architecture.md §9 budget for /m/login). Switching language loads the new set
 * first, so no screen ever shows a bare key.
 */
type Part = Promise<{ default: object }>;

// Each feature keeps its strings in its own file (one top-level key each), merged into `mobile`.
const loaders: Record<Language, () => [Promise<{ default: MobileStrings }>, ...Part[]]> = {
  en: () => [
    import('../i18n/locales/en/mobile'),
    import('../i18n/locales/en/mobile-discovery'),
    import('../i18n/locales/en/mobile-chat'),
    import('../i18n/locales/en/mobile-mail'),
  ],
  'zh-CN': () => [
    import('../i18n/locales/zh-CN/mobile'),
    import('../i18n/locales/zh-CN/mobile-discovery'),
    import('../i18n/locales/zh-CN/mobile-chat'),
    import('../i18n/locales/zh-CN/mobile-mail'),
  ],
  'zh-TW': () => [
    import('../i18n/locales/zh-TW/mobile'),
    import('../i18n/locales/zh-TW/mobile-discovery'),
    import('../i18n/locales/zh-TW/mobile-chat'),
    import('../i18n/locales/zh-TW/mobile-mail'),
  ],
};

const loaded = new Map<Language, Promise<void>>();

export function loadMobileStrings(lang: Language): Promise<void> {
  let done = loaded.get(lang);
  if (!done) {
    done = Promise.all(loaders[lang]()).then((parts) => {
      const strings = Object.assign({}, ...parts.map((p) => p.default)) as Record<string, unknown>;
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
