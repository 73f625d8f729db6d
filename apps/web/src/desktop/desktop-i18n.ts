import { LANGUAGES, type Language } from '@kindred/protocol';
import enDesktop from '../i18n/locales/en/desktop';
import enDesktopChat from '../i18n/locales/en/desktop-chat';
import enDesktopMail from '../i18n/locales/en/desktop-mail';
import enInfo from '../i18n/locales/en/info';
import { loadStrings } from '../i18n/load-strings';
import zhCNDesktop from '../i18n/locales/zh-CN/desktop';
import zhCNDesktopChat from '../i18n/locales/zh-CN/desktop-chat';
import zhCNDesktopMail from '../i18n/locales/zh-CN/desktop-mail';
import zhCNInfo from '../i18n/locales/zh-CN/info';
import zhTWDesktop from '../i18n/locales/zh-TW/desktop';
import zhTWDesktopChat from '../i18n/locales/zh-TW/desktop-chat';
import zhTWDesktopMail from '../i18n/locales/zh-TW/desktop-mail';
import zhTWInfo from '../i18n/locales/zh-TW/info';

// The desktop's strings travel with the desktop chunk: a phone never downloads them. All three
// languages are in the chunk, so they are registered at once (synchronously, before the first render).
const DESKTOP: Record<Language, object[]> = {
  en: [enDesktop, enDesktopChat, enDesktopMail],
  'zh-CN': [zhCNDesktop, zhCNDesktopChat, zhCNDesktopMail],
  'zh-TW': [zhTWDesktop, zhTWDesktopChat, zhTWDesktopMail],
};
const INFO: Record<Language, object[]> = { en: [enInfo], 'zh-CN': [zhCNInfo], 'zh-TW': [zhTWInfo] };

for (const lang of LANGUAGES) {
  void loadStrings('desktop', lang, DESKTOP[lang]);
  void loadStrings('info', lang, INFO[lang]);
}
