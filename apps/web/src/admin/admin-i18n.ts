import { LANGUAGES, type Language } from '@kindred/protocol';
import { loadStrings } from '../i18n/load-strings';
import en from '../i18n/locales/en/admin';
import enTerms from '../i18n/locales/en/admin-terms';
import zhCN from '../i18n/locales/zh-CN/admin';
import zhCNTerms from '../i18n/locales/zh-CN/admin-terms';
import zhTW from '../i18n/locales/zh-TW/admin';
import zhTWTerms from '../i18n/locales/zh-TW/admin-terms';

// The console's strings travel inside the console's chunk: no member ever downloads them. All
// three languages are registered at once, before the first render, so no bare key ever shows.
const ADMIN: Record<Language, object[]> = { en: [en, enTerms], 'zh-CN': [zhCN, zhCNTerms], 'zh-TW': [zhTW, zhTWTerms] };

for (const lang of LANGUAGES) void loadStrings('admin', lang, ADMIN[lang]);
