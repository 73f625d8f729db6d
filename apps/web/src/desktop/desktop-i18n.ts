import { LANGUAGES, type Language } from '@kindred/protocol';
import { loadStrings } from '../i18n/load-strings';
import en from './strings/strings-en';
import zhCN from './strings/strings-zh-CN';
import zhTW from './strings/strings-zh-TW';

// Every language registered at once, synchronously: for rendering desktop components outside the
// app (tests). The app itself loads one language at a time (strings/desktop-strings.ts).
const ALL: Record<Language, { desktop: object[]; info: object[] }> = { en, 'zh-CN': zhCN, 'zh-TW': zhTW };

for (const lang of LANGUAGES) {
  void loadStrings('desktop', lang, ALL[lang].desktop);
  void loadStrings('info', lang, ALL[lang].info);
}
