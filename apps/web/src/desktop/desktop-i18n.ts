import enDesktop from '../i18n/locales/en/desktop';
import enInfo from '../i18n/locales/en/info';
import zhCNDesktop from '../i18n/locales/zh-CN/desktop';
import zhCNInfo from '../i18n/locales/zh-CN/info';
import zhTWDesktop from '../i18n/locales/zh-TW/desktop';
import zhTWInfo from '../i18n/locales/zh-TW/info';
import enDesktopChat from '../i18n/locales/en/desktop-chat';
import enDesktopMail from '../i18n/locales/en/desktop-mail';
import zhCNDesktopChat from '../i18n/locales/zh-CN/desktop-chat';
import zhCNDesktopMail from '../i18n/locales/zh-CN/desktop-mail';
import zhTWDesktopChat from '../i18n/locales/zh-TW/desktop-chat';
import zhTWDesktopMail from '../i18n/locales/zh-TW/desktop-mail';
import { addNamespace } from '../i18n';

// The desktop's strings travel with the desktop chunk: a phone never downloads them.
// Features keep their strings in their own files (one top-level key each), merged into `desktop`.
addNamespace('desktop', {
  en: { ...enDesktop, ...enDesktopChat, ...enDesktopMail },
  'zh-CN': { ...zhCNDesktop, ...zhCNDesktopChat, ...zhCNDesktopMail },
  'zh-TW': { ...zhTWDesktop, ...zhTWDesktopChat, ...zhTWDesktopMail },
});
addNamespace('info', { en: enInfo, 'zh-CN': zhCNInfo, 'zh-TW': zhTWInfo });
