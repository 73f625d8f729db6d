import type { Language } from '@kindred/protocol';
import type { Locale } from 'antd/es/locale';
import { loadStrings } from '../../i18n/load-strings';

/** One language's desktop strings (the desktop and info namespaces) and antd's locale for it. */
export interface DesktopStrings {
  desktop: object[];
  info: object[];
  antd?: Locale;
}

const LOADERS: Record<Language, () => Promise<{ default: DesktopStrings }>> = {
  en: () => import('./strings-en'),
  'zh-CN': () => import('./strings-zh-CN'),
  'zh-TW': () => import('./strings-zh-TW'),
};

const antdLocales = new Map<Language, Locale | undefined>();
const pending = new Map<Language, Promise<void>>();

/**
 * Brings one language at a time (a third of the strings a desktop used to download up front) and
 * registers it before resolving, so a screen rendered after it never shows a bare key. The router
 * starts it beside the desktop chunk; the language menu awaits it before switching.
 */
export function loadDesktopStrings(lang: Language): Promise<void> {
  let done = pending.get(lang);
  if (!done) {
    done = LOADERS[lang]().then(
      async ({ default: strings }) => {
        antdLocales.set(lang, strings.antd);
        await Promise.all([loadStrings('desktop', lang, strings.desktop), loadStrings('info', lang, strings.info)]);
      },
      (error: unknown) => {
        // A failed download (offline) is retried on the next call instead of being remembered.
        pending.delete(lang);
        throw error;
      },
    );
    pending.set(lang, done);
  }
  return done;
}

/** antd's locale for a language already loaded; undefined is antd's built-in English. */
export function antdLocaleOf(lang: Language): Locale | undefined {
  return antdLocales.get(lang);
}
