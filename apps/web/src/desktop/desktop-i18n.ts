import { LANGUAGES, type Language } from '@kindred/protocol';
import enDesktop from '../i18n/locales/en/desktop';
import enDesktopChat from '../i18n/locales/en/desktop-chat';
import enDesktopMail from '../i18n/locales/en/desktop-mail';
import enDesktopMoney from '../i18n/locales/en/desktop-money';
import enBlocking from '../i18n/locales/en/blocking';
import zhCNBlocking from '../i18n/locales/zh-CN/blocking';
import zhTWBlocking from '../i18n/locales/zh-TW/blocking';
import enDesktopGifts from '../i18n/locales/en/desktop-gifts';
import enInfo from '../i18n/locales/en/info';
import enReports from '../i18n/locales/en/reports';
import { loadStrings } from '../i18n/load-strings';
import zhCNDesktop from '../i18n/locales/zh-CN/desktop';
import zhCNDesktopChat from '../i18n/locales/zh-CN/desktop-chat';
import zhCNDesktopMail from '../i18n/locales/zh-CN/desktop-mail';
import zhCNDesktopMoney from '../i18n/locales/zh-CN/desktop-money';
import zhCNDesktopGifts from '../i18n/locales/zh-CN/desktop-gifts';
import zhCNInfo from '../i18n/locales/zh-CN/info';
import zhCNReports from '../i18n/locales/zh-CN/reports';
import zhTWDesktop from '../i18n/locales/zh-TW/desktop';
import zhTWDesktopChat from '../i18n/locales/zh-TW/desktop-chat';
import zhTWDesktopMail from '../i18n/locales/zh-TW/desktop-mail';
import zhTWDesktopMoney from '../i18n/locales/zh-TW/desktop-money';
import zhTWDesktopGifts from '../i18n/locales/zh-TW/desktop-gifts';
import zhTWInfo from '../i18n/locales/zh-TW/info';
import zhTWReports from '../i18n/locales/zh-TW/reports';

// The desktop's strings travel with the desktop chunk: a phone never downloads them. All three
// languages are in the chunk, so they are registered at once (synchronously, before the first render).
const DESKTOP: Record<Language, object[]> = {
  en: [enDesktop, enDesktopChat, enDesktopMail, enDesktopMoney, enDesktopGifts, enReports, enBlocking],
  'zh-CN': [zhCNDesktop, zhCNDesktopChat, zhCNDesktopMail, zhCNDesktopMoney, zhCNDesktopGifts, zhCNReports, zhCNBlocking],
  'zh-TW': [zhTWDesktop, zhTWDesktopChat, zhTWDesktopMail, zhTWDesktopMoney, zhTWDesktopGifts, zhTWReports, zhTWBlocking],
};
const INFO: Record<Language, object[]> = { en: [enInfo], 'zh-CN': [zhCNInfo], 'zh-TW': [zhTWInfo] };

for (const lang of LANGUAGES) {
  void loadStrings('desktop', lang, DESKTOP[lang]);
  void loadStrings('info', lang, INFO[lang]);
}
